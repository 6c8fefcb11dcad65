import { keepPreviousData, useQuery } from '@tanstack/react-query';
import {
  NOTICE_SEVERITIES,
  NOTICE_TEXT_MAX,
  NOTICE_TITLE_MAX,
  SERIAL_MAX_LENGTH,
  type NoticeBody,
} from 'contracts';
import { useState, type FormEvent } from 'react';
import {
  apiErrorMessage,
  apiFieldErrors,
  httpStatus,
  machinesQuery,
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
import { usePublishNotice } from '../api/notices';

/** In the order of the form: the first field the API refuses gets the keyboard. */
const FIELDS = [
  'machine_id',
  'severity',
  'title_de',
  'text_de',
  'title_en',
  'text_en',
  'serial_from',
  'serial_to',
  'issued_from',
  'issued_to',
] as const satisfies readonly (keyof NoticeBody)[];
type Field = (typeof FIELDS)[number];
type Values = Record<Field, string>;

/** The catalogue's machines by name, searched on the server; a notice names one of them (the API checks it). */
const machinesMatching = (search: string) =>
  ({ page: 1, per_page: 100, sort: 'name', order: 'asc', ...(search && { search }) }) as const;

/**
 * Publishes a safety notice (docs/decisions/0045-safety-notices.md). The API judges the range, the period and the
 * machine and answers by field; its messages are shown at the fields.
 */
export default function NoticeForm({ onClose }: { onClose: () => void }) {
  const t = useT(machineCatalogs);
  const [search, setSearch] = useState('');
  const machines = useQuery({
    ...machinesQuery(machinesMatching(search.trim())),
    placeholderData: keepPreviousData,
  });
  const [values, setValues] = useState<Values>({
    machine_id: '',
    severity: 'safety_notice',
    title_de: '',
    text_de: '',
    title_en: '',
    text_en: '',
    serial_from: '',
    serial_to: '',
    issued_from: '',
    issued_to: '',
  });
  const { errors, show, clear } = useFieldErrors(FIELDS, (field) => `notice-${field}`);
  const [formError, setFormError] = useState<string | null>(null);
  const publish = usePublishNotice();
  const guard = useSubmitGuard();

  function change(field: Field, value: string) {
    setValues((current) => ({ ...current, [field]: value }));
    clear(field);
  }

  async function send() {
    setFormError(null);
    const optional = (value: string) => value.trim() || undefined;
    try {
      const notice = await publish.mutateAsync({
        ...values,
        machine_id: Number(values.machine_id),
        severity: values.severity as NoticeBody['severity'],
        serial_from: optional(values.serial_from),
        serial_to: optional(values.serial_to),
        issued_from: optional(values.issued_from),
        issued_to: optional(values.issued_to),
      });
      notify.success(t('notices.form.published', { count: notice.affected }), { autoClose: SHORT_TOAST_MS });
      onClose();
    } catch (error) {
      if (httpStatus(error) === 401) return;
      if (!show(apiFieldErrors(error) as FieldErrors<Field>))
        setFormError(apiErrorMessage(error) ?? t('notices.form.failed'));
    }
  }

  const area = (field: 'text_de' | 'text_en') => (
    <div className="sui-field mach-notice__wide">
      <label htmlFor={`notice-${field}`}>{t(`notices.form.${field}`)}</label>
      <textarea
        id={`notice-${field}`}
        className="sui-input"
        rows={4}
        maxLength={NOTICE_TEXT_MAX}
        value={values[field]}
        onChange={(event) => change(field, event.target.value)}
        aria-invalid={errors[field] ? true : undefined}
        aria-describedby={errors[field] ? `notice-${field}-error` : undefined}
      />
      {errors[field] && (
        <p id={`notice-${field}-error`} className="sui-field-error">
          {errors[field]}
        </p>
      )}
    </div>
  );
  const select = (field: 'machine_id' | 'severity', options: { value: string; label: string }[]) => (
    <SelectField
      id={`notice-${field}`}
      label={t(`notices.form.${field}`)}
      value={values[field]}
      options={options}
      onChange={(value) => change(field, value)}
      error={errors[field]}
    />
  );
  const text = (field: 'title_de' | 'title_en' | 'serial_from' | 'serial_to', maxLength: number) => (
    <TextField
      id={`notice-${field}`}
      label={t(`notices.form.${field}`)}
      value={values[field]}
      maxLength={maxLength}
      onChange={(value) => change(field, value)}
      error={errors[field]}
    />
  );
  const day = (field: 'issued_from' | 'issued_to') => (
    <TextField
      id={`notice-${field}`}
      label={t(`notices.form.${field}`)}
      type="date"
      value={values[field]}
      onChange={(value) => change(field, value)}
      error={errors[field]}
    />
  );

  return (
    <form
      className="mach-card"
      onSubmit={(event: FormEvent) => {
        event.preventDefault();
        void guard(send);
      }}
      noValidate
      aria-labelledby="notice-form-title"
      data-testid="notice-form"
    >
      <h2 id="notice-form-title" className="mach-subtitle">
        {t('notices.form.title')}
      </h2>
      <div className="mach-grid">
        <TextField
          id="notice-machine-search"
          label={t('notices.form.searchMachine')}
          type="search"
          value={search}
          maxLength={100}
          onChange={setSearch}
        />
        {select('machine_id', [
          { value: '', label: t('notices.form.chooseMachine') },
          ...(machines.data?.data ?? []).map((machine) => ({
            value: String(machine.id),
            label: `${machine.name} (${machine.brand_name})`,
          })),
        ])}
        {select(
          'severity',
          NOTICE_SEVERITIES.map((severity) => ({
            value: severity,
            label: t(`notices.severity.${severity}`),
          })),
        )}
        {text('title_de', NOTICE_TITLE_MAX)}
        {area('text_de')}
        {text('title_en', NOTICE_TITLE_MAX)}
        {area('text_en')}
      </div>
      <p className="mach-inst__hint">{t('notices.form.scopeHint')}</p>
      <div className="mach-grid">
        {text('serial_from', SERIAL_MAX_LENGTH)}
        {text('serial_to', SERIAL_MAX_LENGTH)}
        {day('issued_from')}
        {day('issued_to')}
      </div>
      {formError && (
        <p className="sui-field-error" role="alert">
          {formError}
        </p>
      )}
      <div className="mach-actions">
        <button type="submit" className="sui-button" disabled={publish.isPending}>
          {t('notices.form.publish')}
        </button>
        <button type="button" className="sui-button sui-button--secondary" onClick={onClose}>
          {t('notices.form.cancel')}
        </button>
      </div>
    </form>
  );
}
