export interface LoginFieldProps {
  id: string;
  name: string;
  label: string;
  type: string;
  autoComplete: string;
  value: string;
  error?: string;
  onChange: (value: string) => void;
  autoFocus?: boolean;
}

export function LoginField({
  id,
  name,
  label,
  type,
  autoComplete,
  value,
  error,
  onChange,
  autoFocus,
}: LoginFieldProps) {
  const errorId = `${id}-error`;
  return (
    <div className="sui-field">
      <label htmlFor={id}>{label}</label>
      <input
        id={id}
        name={name}
        type={type}
        className="sui-input"
        autoComplete={autoComplete}
        value={value}
        onChange={(event) => onChange(event.target.value)}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? errorId : undefined}
        autoFocus={autoFocus}
      />
      {error && (
        <p id={errorId} className="sui-field-error">
          {error}
        </p>
      )}
    </div>
  );
}
