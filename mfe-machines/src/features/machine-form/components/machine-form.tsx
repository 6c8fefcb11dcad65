import { staffUrls, validateMachineFields, type Brand, type Machine, type MachineBody } from 'contracts';
import { useEffect, useMemo, useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router-dom';
import {
  apiErrorMessage,
  apiFieldErrors,
  ConfirmDialog,
  httpStatus,
  notify,
  SHORT_TOAST_MS,
  useFieldErrors,
  useSubmitGuard,
  useT,
  type FieldErrors,
} from 'shared-ui';
import { ImageUploadField } from '../../../components/image-upload-field';
import { TextField } from '../../../components/text-field';
import { machineCatalogs } from '../../../catalogs';
import { DASHBOARD_PATH } from '../../../dashboard-path';
import { inActiveLanguage } from '../../../field-messages';
import { useImageUpload } from '../../../hooks/use-image-upload';
import { useCreateMachine } from '../api/create-machine';
import { useUpdateMachine } from '../api/update-machine';
import { useLeaveGuard } from '../../../hooks/use-leave-guard';
import {
  FIELD_IDS,
  FIELD_ORDER,
  initialValues,
  MAX_LENGTH,
  type Field,
  type TextFieldName,
  type Values,
} from '../machine-values';
import { BrandSelect } from './brand-select';
import { CircuitBoardField } from './circuit-board-field';

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
  const t = useT(machineCatalogs);
  const navigate = useNavigate();
  const initial = useMemo(() => initialValues(machine), [machine]);
  const [values, setValues] = useState(initial);
  const { errors, show, clear } = useFieldErrors(FIELD_ORDER, (field) => FIELD_IDS[field]);
  const [formError, setFormError] = useState<string | null>(null);
  // After a success the form stays disabled until the next page opens; the machine as saved.
  const [saved, setSaved] = useState<Machine | null>(null);
  const create = useCreateMachine();
  const update = useUpdateMachine(id ?? 0);
  const save = id === null ? create : update;
  const guard = useSubmitGuard();
  const upload = useImageUpload((path) => change('image', path));
  const changed = (Object.keys(initial) as Field[]).some((field) => values[field] !== initial[field]);
  const leaving = useLeaveGuard(changed && !saved);

  // A new machine opens at once on its own page, where its documents and test plan are added next (the list's
  // first page need not show it); it replaces the empty form in the history. After a change the toast closes
  // after 1 s, then the dashboard opens: a timer of its own, so a hovered (paused) toast does not hold the user
  // on a form that is already saved.
  useEffect(() => {
    if (!saved) return;
    if (id === null) {
      navigate(staffUrls.machineEdit(saved.id), { replace: true });
      return;
    }
    const timer = setTimeout(() => navigate(DASHBOARD_PATH), SHORT_TOAST_MS);
    return () => clearTimeout(timer);
  }, [saved, id, navigate]);

  function change<F extends Field>(field: F, value: Values[F]) {
    setValues((current) => ({ ...current, [field]: value }));
    clear(field);
  }

  function submit(event: FormEvent) {
    event.preventDefault();
    if (!saved) void guard(send);
  }

  async function send() {
    setFormError(null);
    if (show(inActiveLanguage(validateMachineFields(values)))) return;

    const body: MachineBody = {
      ...values,
      brand_id: values.brand_id!,
      // Not on the form, but PUT replaces the whole machine: what the earlier app kept in hidden state
      // (docs/earlier-app.md).
      voltage_resistance: machine?.voltage_resistance ?? '',
      observation: machine?.observation ?? '',
      description: machine?.description ?? '',
    };
    try {
      setSaved(await save.mutateAsync(body));
      if (id === null) notify.success(t('form.created'));
      else notify.success(t('form.updated'), { autoClose: SHORT_TOAST_MS });
    } catch (error) {
      // shared-ui's HTTP client already showed 'Token abgelaufen…' and went to /login.
      if (httpStatus(error) === 401) return;
      const refused = show(apiFieldErrors(error) as FieldErrors<Field>);
      // A reason that belongs to no field (database down, machine deleted meanwhile) shows above SPEICHERN.
      if (!refused) setFormError(apiErrorMessage(error) ?? t('unreachable'));
      const failed = refused
        ? t(id === null ? 'form.createRefused' : 'form.updateRefused')
        : t(id === null ? 'form.createFailed' : 'form.updateFailed');
      notify.error(failed, { autoClose: SHORT_TOAST_MS });
    }
  }

  const textField = (field: TextFieldName, label: string) => (
    <TextField
      id={FIELD_IDS[field]}
      label={label}
      type={field === 'link_en' || field === 'link_ger' ? 'url' : 'text'}
      placeholder={field === 'link_en' || field === 'link_ger' ? t('form.urlPlaceholder') : undefined}
      inputMode={field === 'ean_number' ? 'numeric' : undefined}
      maxLength={MAX_LENGTH[field]}
      value={values[field]}
      onChange={(value) => change(field, value)}
      error={errors[field]}
    />
  );

  return (
    <>
      {/* noValidate: the messages below replace the browser's own bubbles for url inputs. */}
      <form className="mach-card" onSubmit={submit} noValidate>
        <div className="mach-grid">
          <BrandSelect
            id={FIELD_IDS.brand_id}
            brands={brands}
            value={values.brand_id}
            onChange={(brandId) => change('brand_id', brandId)}
            error={errors.brand_id}
          />
          <CircuitBoardField
            id={FIELD_IDS.electronic_circuit_board}
            value={values.electronic_circuit_board}
            onChange={(value) => change('electronic_circuit_board', value)}
          />
          {textField('name', t('form.name'))}
          {textField('serial_prefix', t('form.serialPrefix'))}
          {textField('link_ger', t('form.linkGer'))}
          {textField('link_en', t('form.linkEn'))}
          <ImageUploadField
            id={FIELD_IDS.image}
            label={t('form.image')}
            value={values.image}
            upload={upload}
            error={errors.image}
          />
          {textField('ean_number', t('form.ean'))}
        </div>
        {formError && (
          <p className="sui-field-error" role="alert">
            {formError}
          </p>
        )}
        <div className="mach-actions">
          <button
            type="submit"
            className="sui-button"
            disabled={save.isPending || upload.uploading || saved !== null}
          >
            {t('form.save')}
          </button>
        </div>
      </form>
      <ConfirmDialog
        open={leaving.state === 'blocked'}
        title={t('form.leaveTitle')}
        message={t('form.leaveMessage')}
        confirmLabel={t('form.leaveConfirm')}
        cancelLabel={t('form.leaveCancel')}
        onConfirm={() => leaving.proceed?.()}
        onCancel={() => leaving.reset?.()}
      />
    </>
  );
}
