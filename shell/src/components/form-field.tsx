import type { InputHTMLAttributes } from 'react';

interface FormFieldProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'onChange'> {
  id: string;
  label: string;
  value: string;
  error?: string;
  hint?: string;
  onChange: (value: string) => void;
}

/** A labelled input with its error and hint, both announced with the field. */
export function FormField({ id, label, value, error, hint, onChange, ...input }: FormFieldProps) {
  const described = [error && `${id}-error`, hint && `${id}-hint`].filter(Boolean).join(' ');
  return (
    <div className="sui-field">
      <label htmlFor={id}>{label}</label>
      <input
        id={id}
        className="sui-input"
        value={value}
        onChange={(event) => onChange(event.target.value)}
        aria-invalid={error ? true : undefined}
        aria-describedby={described || undefined}
        {...input}
      />
      {error && (
        <p id={`${id}-error`} className="sui-field-error">
          {error}
        </p>
      )}
      {hint && (
        <p id={`${id}-hint`} className="sh-field-hint">
          {hint}
        </p>
      )}
    </div>
  );
}
