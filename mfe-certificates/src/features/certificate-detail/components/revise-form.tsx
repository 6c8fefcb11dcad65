import { CHECKED_BY_MAX, OBSERVATIONS, ORIGINS, REVISABLE_FIELDS, type Certificate } from 'contracts';
import { useId, useState, type FormEvent } from 'react';
import { notify, useFieldErrors, useT, type FieldErrors } from 'shared-ui';
import { fieldErrorsFromWire, type RevisionRequest } from '../../../api/wire';
import { useReviseCertificate } from '../api/revise-certificate';
import { Field } from '../../../components/field';
import { certificateCatalogs } from '../../../catalogs';
import { CheckItems, CHECK_ITEMS, checkItemsOf } from '../../../components/check-items';
import { ChangeError } from './change-error';
import { ReasonField } from './reason-field';

type Values = Omit<RevisionRequest, 'version' | 'machine_id' | 'brand_id' | 'serial_prefix'>;

const valuesOf = (certificate: Certificate): Values => ({
  ...(Object.fromEntries(REVISABLE_FIELDS.map((field) => [field, certificate[field]])) as Omit<
    Values,
    'reason'
  >),
  reason: '',
});

/**
 * KORRIGIEREN: the revisable fields of the current revision, prefilled, and the reason. Machine, brand and
 * serials are not here: those are a void and a new certificate.
 */
export function ReviseForm({ certificate, onDone }: { certificate: Certificate; onDone: () => void }) {
  const t = useT(certificateCatalogs);
  const id = useId();
  const [values, setValues] = useState(() => valuesOf(certificate));
  // The fields that show a message, top to bottom: the keyboard goes to the first one with a message.
  const { errors, show } = useFieldErrors(['checked_by', 'reason'], (field) => `${id}-${field}`);
  const revise = useReviseCertificate(certificate.id);
  const checks = checkItemsOf(certificate.test_record.steps);
  const update = (change: Partial<Values>) => setValues((current) => ({ ...current, ...change }));
  const invalid = (field: keyof typeof errors) =>
    errors[field] ? { 'aria-invalid': true, 'aria-errormessage': `${id}-${field}-error` } : {};

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const found: FieldErrors<'checked_by' | 'reason'> = {};
    if (!values.checked_by.trim()) found.checked_by = t('form.enter');
    if (!values.reason.trim()) found.reason = t('form.required');
    if (show(found)) return;
    // The checks not offered stay as stored: the API refuses their empty values, and a changed measured one.
    const notOffered = CHECK_ITEMS.filter((item) => !checks.includes(item)).map((item) => item.field);
    const sent = Object.fromEntries(
      Object.entries(values).filter(([field]) => !notOffered.includes(field as never)),
    );
    revise.mutate(
      { ...(sent as Values), version: certificate.version },
      {
        onSuccess: (revised) => {
          notify.success(t('revise.done', { revision: revised.revision }));
          onDone();
        },
        onError: (error) => show(fieldErrorsFromWire(error)),
      },
    );
  };

  return (
    <form className="cert-panel" noValidate onSubmit={submit} aria-labelledby={`${id}-heading`}>
      <h2 id={`${id}-heading`} className="cert-panel__title">
        {t('revise.heading')}
      </h2>
      <p className="cert-note">{t('revise.hint')}</p>
      <Field id={`${id}-checked_by`} label={t('create.checkedBy')} error={errors.checked_by}>
        <input
          id={`${id}-checked_by`}
          className="sui-input"
          maxLength={CHECKED_BY_MAX}
          value={values.checked_by}
          onChange={(event) => update({ checked_by: event.target.value })}
          {...invalid('checked_by')}
        />
      </Field>
      <CheckItems items={checks} values={values} onChange={(field, value) => update({ [field]: value })} />
      <div className="cert-form">
        <Field id={`${id}-observation`} label={t('create.observation')}>
          <select
            id={`${id}-observation`}
            className="sui-input"
            value={values.observation}
            onChange={(event) => update({ observation: event.target.value as Values['observation'] })}
          >
            {OBSERVATIONS.map((option) => (
              <option key={option}>{option}</option>
            ))}
          </select>
        </Field>
        <Field id={`${id}-board`} label={t('create.circuitBoard')}>
          <select
            id={`${id}-board`}
            className="sui-input"
            value={values.electronic_circuit_board}
            onChange={(event) => update({ electronic_circuit_board: Number(event.target.value) as 0 | 1 })}
          >
            <option value={1}>{t('create.yes')}</option>
            <option value={0}>{t('create.no')}</option>
          </select>
        </Field>
        <Field id={`${id}-origin`} label={t('create.origin')}>
          <select
            id={`${id}-origin`}
            className="sui-input"
            value={values.origin}
            onChange={(event) => update({ origin: event.target.value as Values['origin'] })}
          >
            {ORIGINS.map((option) => (
              <option key={option}>{option}</option>
            ))}
          </select>
        </Field>
      </div>
      <ReasonField
        id={`${id}-reason`}
        label={t('revise.reason')}
        value={values.reason}
        error={errors.reason}
        onChange={(reason) => update({ reason })}
      />
      {revise.isError && <ChangeError error={revise.error} fallback={t('revise.failed')} />}
      <div className="cert-panel__actions">
        <button type="button" className="sui-button sui-button--secondary" onClick={onDone}>
          {t('revise.cancel')}
        </button>
        <button type="submit" className="sui-button" disabled={revise.isPending}>
          {t('revise.submit')}
        </button>
      </div>
    </form>
  );
}
