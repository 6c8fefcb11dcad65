import { useId, type InputHTMLAttributes } from 'react';

interface Props extends Omit<InputHTMLAttributes<HTMLInputElement>, 'onChange' | 'value'> {
  id: string;
  label: string;
  value: string;
  onChange: (value: string) => void;
  error?: string;
}

/** A labelled input with its error underneath, tied to it for screen readers. */
export function TextField({ id, label, value, onChange, error, ...input }: Props) {
  const errorId = useId();
  return (
    <div className="sui-field">
      <label htmlFor={id}>{label}</label>
      <input
        {...input}
        id={id}
        className="sui-input"
        value={value}
        onChange={(event) => onChange(event.target.value)}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? errorId : undefined}
      />
      {error && (
        <p id={errorId} className="sui-field-error">
          {error}
        </p>
      )}
    </div>
  );
}
