import type { Brand, Machine, MachineBody, MachineFields } from 'contracts';
import { EAN_MAX, SERIAL_PREFIX_MAX, TEXT_MAX, URL_MAX, validateMachineFields } from 'contracts';
import { useEffect, useId, useMemo, useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router-dom';
import Select from 'react-select';
import {
  apiErrorMessage,
  apiFieldErrors,
  ConfirmDialog,
  notify,
  SHORT_TOAST_MS,
  useSubmitGuard,
} from 'shared-ui';
import { ImageUploadField } from '../../../components/image-upload-field';
import { TextField } from '../../../components/text-field';
import { DASHBOARD_PATH } from '../../../dashboard-path';
import { httpStatus } from '../../../http-status';
import { machineMessages } from '../../../messages';
import { useImageUpload } from '../../../hooks/use-image-upload';
import { useLeaveGuard } from '../hooks/use-leave-guard';
import { useSaveMachine } from '../hooks/use-save-machine';

const text = machineMessages.form;

type Values = MachineFields & { image: string; electronic_circuit_board: 0 | 1 };
type Field = keyof Values;
type Errors = Partial<Record<Field, string>>;

/** Input ids, in the order of the form: the first invalid one gets the focus. */
const FIELD_IDS: Record<Field, string> = {
  brand_id: 'machine-brand_id',
  electronic_circuit_board: 'machine-electronic_circuit_board',
  name: 'machine-name',
  serial_prefix: 'machine-serial_prefix',
  link_ger: 'machine-link_ger',
  link_en: 'machine-link_en',
  image: 'machine-image',
  ean_number: 'machine-ean_number',
};

type TextFieldName = 'name' | 'serial_prefix' | 'link_ger' | 'link_en' | 'ean_number';

/** MachineBody's length limits, so the browser stops typing where the API would refuse. */
const MAX_LENGTH: Record<TextFieldName, number> = {
  name: TEXT_MAX,
  serial_prefix: SERIAL_PREFIX_MAX,
  link_ger: URL_MAX,
  link_en: URL_MAX,
  ean_number: EAN_MAX,
};

function initialValues(machine: Machine | null): Values {
  return {
    brand_id: machine?.brand_id ?? null,
    electronic_circuit_board: machine?.electronic_circuit_board === 1 ? 1 : 0,
    name: machine?.name ?? '',
    serial_prefix: machine?.serial_prefix ?? '',
    link_ger: machine?.link_ger ?? '',
    link_en: machine?.link_en ?? '',
    image: machine?.image ?? '',
    ean_number: machine?.ean_number ?? '',
  };
}

interface Props {
  /** null adds a machine. */
  id: number | null;
  brands: Brand[];
  machine: Machine | null;
}

/**
 * The machine form: checked in the browser with the API's own rules, the API's field errors
 * under their fields; after a failure everything typed stays and SPEICHERN is enabled again.
 */
export function MachineForm({ id, brands, machine }: Props) {
  const navigate = useNavigate();
  const initial = useMemo(() => initialValues(machine), [machine]);
  const [values, setValues] = useState(initial);
  const [errors, setErrors] = useState<Errors>({});
  const [formError, setFormError] = useState<string | null>(null);
  // After a success the form stays disabled until the dashboard opens.
  const [saved, setSaved] = useState(false);
  const save = useSaveMachine(id);
  const guard = useSubmitGuard();
  const upload = useImageUpload((path) => change('image', path));
  const brandErrorId = useId();
  const changed = (Object.keys(initial) as Field[]).some((field) => values[field] !== initial[field]);
  const leaving = useLeaveGuard(changed && !saved);

  // Spec §8: the toast closes after 1 s, then the dashboard opens. A timer of its own, so a hovered
  // (paused) toast does not hold the user on a form that is already saved.
  useEffect(() => {
    if (!saved) return;
    const timer = setTimeout(() => navigate(DASHBOARD_PATH), SHORT_TOAST_MS);
    return () => clearTimeout(timer);
  }, [saved, navigate]);

  function change<F extends Field>(field: F, value: Values[F]) {
    setValues((current) => ({ ...current, [field]: value }));
    setErrors((current) => ({ ...current, [field]: undefined }));
  }

  function showErrors(found: Errors) {
    setErrors(found);
    const first = (Object.keys(FIELD_IDS) as Field[]).find((field) => found[field]);
    if (first) document.getElementById(FIELD_IDS[first])?.focus();
  }

  function submit(event: FormEvent) {
    event.preventDefault();
    if (!saved) void guard(send);
  }

  async function send() {
    setFormError(null);
    const found = validateMachineFields(values);
    showErrors(found);
    if (Object.keys(found).length > 0) return;

    const body: MachineBody = {
      ...values,
      brand_id: values.brand_id!,
      // Not on the form, but PUT replaces the whole machine: what the earlier app kept in hidden state.
      voltage_resistance: machine?.voltage_resistance ?? '',
      observation: machine?.observation ?? '',
      description: machine?.description ?? '',
    };
    try {
      await save.mutateAsync(body);
      setSaved(true);
      notify.success(id === null ? text.created : text.updated, { autoClose: SHORT_TOAST_MS });
    } catch (error) {
      // shared-ui's HTTP client already showed 'Token abgelaufen…' and went to /login.
      if (httpStatus(error) === 401) return;
      const fields = apiFieldErrors(error) as Errors;
      showErrors(fields);
      // A reason that belongs to no field (database down, machine deleted meanwhile) shows above SPEICHERN.
      const refused = Object.keys(fields).length > 0;
      if (!refused) setFormError(apiErrorMessage(error) ?? machineMessages.unreachable);
      const failed = refused
        ? [text.createRefused, text.updateRefused]
        : [text.createFailed, text.updateFailed];
      notify.error(id === null ? failed[0] : failed[1], { autoClose: SHORT_TOAST_MS });
    }
  }

  const textField = (field: TextFieldName, label: string) => (
    <TextField
      id={FIELD_IDS[field]}
      label={label}
      type={field === 'link_en' || field === 'link_ger' ? 'url' : 'text'}
      placeholder={field === 'link_en' || field === 'link_ger' ? 'https://' : undefined}
      inputMode={field === 'ean_number' ? 'numeric' : undefined}
      maxLength={MAX_LENGTH[field]}
      value={values[field]}
      onChange={(value) => change(field, value)}
      error={errors[field]}
    />
  );

  return (
    <>
      {/* noValidate: the German messages below replace the browser's own bubbles for url inputs. */}
      <form className="mach-card" onSubmit={submit} noValidate>
        <div className="mach-grid">
          <div className="sui-field">
            <label htmlFor={FIELD_IDS.brand_id}>{text.brand}</label>
            <Select<Brand>
              inputId={FIELD_IDS.brand_id}
              unstyled
              className="mach-select"
              classNamePrefix="mach-select"
              options={brands}
              getOptionLabel={(brand) => brand.name}
              getOptionValue={(brand) => String(brand.id)}
              value={brands.find((brand) => brand.id === values.brand_id) ?? null}
              // Clearing (✕) passes null; the earlier app crashed there.
              onChange={(brand) => change('brand_id', brand?.id ?? null)}
              isClearable
              placeholder={text.choose}
              noOptionsMessage={() => text.noBrands}
              aria-invalid={errors.brand_id ? true : undefined}
              aria-errormessage={errors.brand_id ? brandErrorId : undefined}
            />
            {errors.brand_id && (
              // aria-errormessage needs a message that is announced (WAI-ARIA 1.2), hence the alert role.
              <p id={brandErrorId} className="sui-field-error" role="alert">
                {errors.brand_id}
              </p>
            )}
          </div>
          <fieldset className="sui-field mach-radios">
            <legend>{text.circuitBoard}</legend>
            <div className="mach-radios__options">
              {(
                [
                  [1, text.yes],
                  [0, text.no],
                ] as const
              ).map(([value, label]) => (
                <label key={value} className="mach-radio">
                  <input
                    id={value === 1 ? FIELD_IDS.electronic_circuit_board : undefined}
                    type="radio"
                    name="electronic_circuit_board"
                    value={value}
                    checked={values.electronic_circuit_board === value}
                    onChange={() => change('electronic_circuit_board', value)}
                  />
                  {label}
                </label>
              ))}
            </div>
          </fieldset>
          {textField('name', text.name)}
          {textField('serial_prefix', text.serialPrefix)}
          {textField('link_ger', text.linkGer)}
          {textField('link_en', text.linkEn)}
          <ImageUploadField
            id={FIELD_IDS.image}
            label={text.image}
            value={values.image}
            upload={upload}
            error={errors.image}
          />
          {textField('ean_number', text.ean)}
        </div>
        {formError && (
          <p className="sui-field-error" role="alert">
            {formError}
          </p>
        )}
        <div className="mach-actions">
          <button type="submit" className="sui-button" disabled={save.isPending || upload.uploading || saved}>
            {text.save}
          </button>
        </div>
      </form>
      <ConfirmDialog
        open={leaving.state === 'blocked'}
        title={text.leaveTitle}
        message={text.leaveMessage}
        confirmLabel={text.leaveConfirm}
        cancelLabel={text.leaveCancel}
        onConfirm={() => leaving.proceed?.()}
        onCancel={() => leaving.reset?.()}
      />
    </>
  );
}
