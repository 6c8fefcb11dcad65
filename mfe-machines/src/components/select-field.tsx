import { useId } from 'react';

/** A labelled choice with its error underneath, tied to it for screen readers (as TextField for an input). */
export function SelectField({
  id,
  label,
  value,
  options,
  onChange,
  error,
}: {
  id: string;
  label: string;
  value: string;
  options: readonly { value: string; label: string }[];
  onChange: (value: string) => void;
  error?: string;
}) {
  const errorId = useId();
  return (
    <div className="sui-field">
      <label htmlFor={id}>{label}</label>
      <select
        id={id}
        className="sui-input"
        value={value}
        onChange={(event) => onChange(event.target.value)}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? errorId : undefined}
      >
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
      {error && (
        <p id={errorId} className="sui-field-error">
          {error}
        </p>
      )}
    </div>
  );
}
