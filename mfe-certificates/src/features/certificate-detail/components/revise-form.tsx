import {
  CHECKED_BY_MAX,
  OBSERVATIONS,
  ORIGINS,
  REVISABLE_FIELDS,
  fieldMessages,
  type Certificate,
} from 'contracts';
import { useId, useState, type FormEvent } from 'react';
import { notify, useFieldErrors, type FieldErrors } from 'shared-ui';
import { fieldErrorsFromWire, type RevisionRequest } from '../../../api/wire';
import { useReviseCertificate } from '../api/revise-certificate';
import { Field } from '../../../components/field';
import { lifecycleMessages } from '../../../lifecycle-messages';
import { certMessages } from '../../../messages';
import { CheckItems, CHECK_ITEMS, checkItemsOf } from '../../../components/check-items';
import { ChangeError } from './change-error';
import { ReasonField } from './reason-field';

const t = lifecycleMessages.revise;
const c = certMessages.create;

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
    if (!values.checked_by.trim()) found.checked_by = fieldMessages.enter;
    if (!values.reason.trim()) found.reason = fieldMessages.required;
    if (show(found)) return;
    // The checks the plan does not have stay as stored: the API refuses their empty values.
    const notInPlan = CHECK_ITEMS.filter((item) => !checks.includes(item)).map((item) => item.field);
    const sent = Object.fromEntries(
      Object.entries(values).filter(([field]) => !notInPlan.includes(field as never)),
    );
    revise.mutate(
      { ...(sent as Values), version: certificate.version },
      {
        onSuccess: (revised) => {
          notify.success(t.done(revised.revision));
          onDone();
        },
        onError: (error) => show(fieldErrorsFromWire(error)),
      },
    );
  };

  return (
    <form className="cert-panel" noValidate onSubmit={submit} aria-labelledby={`${id}-heading`}>
      <h2 id={`${id}-heading`} className="cert-panel__title">
        {t.heading}
      </h2>
      <p className="cert-note">{t.hint}</p>
      <Field id={`${id}-checked_by`} label={c.checkedBy} error={errors.checked_by}>
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
        <Field id={`${id}-observation`} label={c.observation}>
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
        <Field id={`${id}-board`} label={c.circuitBoard}>
          <select
            id={`${id}-board`}
            className="sui-input"
            value={values.electronic_circuit_board}
            onChange={(event) => update({ electronic_circuit_board: Number(event.target.value) as 0 | 1 })}
          >
            <option value={1}>{c.yes}</option>
            <option value={0}>{c.no}</option>
          </select>
        </Field>
        <Field id={`${id}-origin`} label={c.origin}>
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
        label={t.reason}
        value={values.reason}
        error={errors.reason}
        onChange={(reason) => update({ reason })}
      />
      {revise.isError && <ChangeError error={revise.error} fallback={t.failed} />}
      <div className="cert-panel__actions">
        <button type="button" className="sui-button sui-button--secondary" onClick={onDone}>
          {t.cancel}
        </button>
        <button type="submit" className="sui-button" disabled={revise.isPending}>
          {t.submit}
        </button>
      </div>
    </form>
  );
}
