import { INSTRUMENT_KINDS, INSTRUMENT_STATUSES, type Instrument, type InstrumentBody } from 'contracts';
import { useState, type FormEvent } from 'react';
import {
  apiErrorMessage,
  apiFieldErrors,
  httpStatus,
  notify,
  SHORT_TOAST_MS,
  useFieldErrors,
  useSubmitGuard,
  useT,
  type FieldErrors,
} from 'shared-ui';
import { machineCatalogs } from '../../../catalogs';
import { SelectField } from '../../../components/select-field';
import { TextField } from '../../../components/text-field';
import { useSaveInstrument } from '../api/instruments';
/** In the order of the form: the first field the API refuses gets the keyboard. */
const FIELDS = [
  'inventory_number',
  'name',
  'maker',
  'model',
  'serial_number',
  'kind',
  'interval_months',
  'last_calibrated',
  'due',
  'status',
] as const satisfies readonly (keyof InstrumentBody)[];
type Field = (typeof FIELDS)[number];
type Values = Record<Field, string>;

const TEXT_FIELDS = [
  ['inventory_number', 40],
  ['name', 120],
  ['maker', 120],
  ['model', 120],
  ['serial_number', 80],
] as const;

/**
 * Adds an instrument (`instrument` null) or edits one. The API judges every field and answers by field
 * (api/src/modules/instruments/instruments.service.ts); its messages are shown at the fields.
 */
export default function InstrumentForm({
  instrument,
  onClose,
}: {
  instrument: Instrument | null;
  onClose: () => void;
}) {
  const t = useT(machineCatalogs);
  const [values, setValues] = useState<Values>({
    inventory_number: instrument?.inventory_number ?? '',
    name: instrument?.name ?? '',
    maker: instrument?.maker ?? '',
    model: instrument?.model ?? '',
    serial_number: instrument?.serial_number ?? '',
    kind: instrument?.kind ?? 'insulation_tester',
    interval_months: String(instrument?.interval_months ?? 12),
    last_calibrated: instrument?.last_calibrated ?? '',
    due: instrument?.due ?? '',
    status: instrument?.status ?? 'in_use',
  });
  const { errors, show, clear } = useFieldErrors(FIELDS, (field) => `instrument-${field}`);
  const [formError, setFormError] = useState<string | null>(null);
  const save = useSaveInstrument(instrument?.id ?? null);
  const guard = useSubmitGuard();

  function change(field: Field, value: string) {
    setValues((current) => ({ ...current, [field]: value }));
    clear(field);
  }

  function submit(event: FormEvent) {
    event.preventDefault();
    void guard(send);
  }

  async function send() {
    setFormError(null);
    // A number the API can read; whether it is a sensible interval is the API's to say.
    const interval = /^-?\d{1,4}$/.test(values.interval_months.trim()) ? Number(values.interval_months) : NaN;
    if (Number.isNaN(interval)) return void show({ interval_months: t('instruments.form.intervalNumber') });
    try {
      await save.mutateAsync({ ...values, interval_months: interval } as InstrumentBody);
      notify.success(instrument ? t('instruments.form.updated') : t('instruments.form.created'), {
        autoClose: SHORT_TOAST_MS,
      });
      onClose();
    } catch (error) {
      if (httpStatus(error) === 401) return;
      if (!show(apiFieldErrors(error) as FieldErrors<Field>))
        setFormError(apiErrorMessage(error) ?? t('instruments.unreachable'));
      notify.error(t('instruments.form.failed'), { autoClose: SHORT_TOAST_MS });
    }
  }

  const select = <Option extends string>(
    field: 'kind' | 'status',
    options: readonly Option[],
    label: (option: Option) => string,
  ) => (
    <SelectField
      id={`instrument-${field}`}
      label={t(`instruments.form.${field}`)}
      value={values[field]}
      options={options.map((option) => ({ value: option, label: label(option) }))}
      onChange={(value) => change(field, value)}
      error={errors[field]}
    />
  );

  return (
    <form
      className="mach-card"
      onSubmit={submit}
      noValidate
      aria-labelledby="instrument-form-title"
      data-testid="instrument-form"
    >
      <h2 id="instrument-form-title" className="mach-subtitle">
        {instrument
          ? t('instruments.form.editTitle', { inventory: instrument.inventory_number })
          : t('instruments.form.addTitle')}
      </h2>
      <div className="mach-grid">
        {TEXT_FIELDS.map(([field, maxLength]) => (
          <TextField
            key={field}
            id={`instrument-${field}`}
            label={t(`instruments.form.${field}`)}
            value={values[field]}
            maxLength={maxLength}
            onChange={(value) => change(field, value)}
            error={errors[field]}
          />
        ))}
        {select('kind', INSTRUMENT_KINDS, (kind) => t(`instrumentKind.${kind}`))}
        <TextField
          id="instrument-interval_months"
          label={t('instruments.form.interval_months')}
          inputMode="numeric"
          value={values.interval_months}
          maxLength={5}
          onChange={(value) => change('interval_months', value)}
          error={errors.interval_months}
        />
        <TextField
          id="instrument-last_calibrated"
          label={t('instruments.form.last_calibrated')}
          type="date"
          value={values.last_calibrated}
          onChange={(value) => change('last_calibrated', value)}
          error={errors.last_calibrated}
        />
        <TextField
          id="instrument-due"
          label={t('instruments.form.due')}
          type="date"
          value={values.due}
          onChange={(value) => change('due', value)}
          error={errors.due}
        />
        {select('status', INSTRUMENT_STATUSES, (status) => t(`instrumentStatus.${status}`))}
      </div>
      {formError && (
        <p className="sui-field-error" role="alert">
          {formError}
        </p>
      )}
      <div className="mach-actions">
        <button type="submit" className="sui-button" disabled={save.isPending}>
          {t('instruments.form.save')}
        </button>
        <button type="button" className="sui-button sui-button--secondary" onClick={onClose}>
          {t('instruments.form.cancel')}
        </button>
      </div>
    </form>
  );
}
