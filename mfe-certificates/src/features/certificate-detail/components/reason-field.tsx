import { REASON_MAX } from 'contracts';
import { Field } from '../../../components/field';

/** The required reason of a correction or void: what the audit trail and the history show. */
export function ReasonField({
  id,
  label,
  value,
  error,
  onChange,
}: {
  id: string;
  label: string;
  value: string;
  error?: string;
  onChange: (value: string) => void;
}) {
  return (
    <Field id={id} label={label} error={error}>
      <textarea
        id={id}
        className="sui-input"
        rows={2}
        maxLength={REASON_MAX}
        value={value}
        onChange={(event) => onChange(event.target.value)}
        {...(error ? { 'aria-invalid': true, 'aria-errormessage': `${id}-error` } : {})}
      />
    </Field>
  );
}
