import type { FormEvent, ReactNode } from 'react';
import { useSubmitGuard } from 'shared-ui';

/**
 * The small form under a list entry that closes it with a reason or note (an instrument's impact entry, a safety
 * notice): one text area with its error tied to it, confirm and cancel. `children` come above the field.
 */
export function ReasonForm({
  id,
  label,
  value,
  maxLength,
  error,
  pending,
  confirm,
  cancel,
  onChange,
  onSubmit,
  onCancel,
  children,
}: {
  id: string;
  label: string;
  value: string;
  maxLength: number;
  error: string | null;
  pending: boolean;
  confirm: string;
  cancel: string;
  onChange: (value: string) => void;
  onSubmit: () => Promise<void>;
  onCancel: () => void;
  children?: ReactNode;
}) {
  const guard = useSubmitGuard();
  return (
    <form
      className="mach-inst__close"
      noValidate
      onSubmit={(event: FormEvent) => {
        event.preventDefault();
        void guard(onSubmit);
      }}
    >
      {children}
      <div className="sui-field">
        <label htmlFor={id}>{label}</label>
        <textarea
          id={id}
          className="sui-input"
          rows={2}
          maxLength={maxLength}
          value={value}
          onChange={(event) => onChange(event.target.value)}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${id}-error` : undefined}
        />
        {error && (
          <p id={`${id}-error`} className="sui-field-error" role="alert">
            {error}
          </p>
        )}
      </div>
      <div className="mach-actions">
        <button type="submit" className="sui-button" disabled={pending}>
          {confirm}
        </button>
        <button type="button" className="sui-button sui-button--secondary" onClick={onCancel}>
          {cancel}
        </button>
      </div>
    </form>
  );
}
