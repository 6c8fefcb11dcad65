import type { ReactNode } from 'react';

/** A labelled field with its German message; the message's id is what `aria-errormessage` points at. */
export function Field({
  id,
  label,
  error,
  children,
}: {
  id: string;
  label: string;
  error?: string;
  children: ReactNode;
}) {
  return (
    <div className="sui-field">
      <label htmlFor={id}>{label}</label>
      {children}
      {error && (
        <p id={`${id}-error`} className="sui-field-error" role="alert">
          {error}
        </p>
      )}
    </div>
  );
}
