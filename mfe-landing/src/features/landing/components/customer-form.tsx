import { useState, type InputHTMLAttributes } from 'react';

/**
 * What the customer page's forms share (paper-request-form.tsx, registration-form.tsx, service-request-form.tsx):
 * their public POST, the marks of refused fields, and the end of the form.
 */

/** What the forms read of an answer: a success's fields, or the API's error envelope (contracts' ApiError). */
interface Answer {
  mailed?: boolean;
  due?: string;
  error?: { message?: string; fields?: Record<string, string> };
}

/** A public call of the API without credentials; the answer's JSON, or {} when it has none. */
async function post(url: string, init: { body: BodyInit; headers?: Record<string, string> }) {
  const response = await fetch(url, {
    method: 'POST',
    credentials: 'omit',
    headers: { Accept: 'application/json', ...init.headers },
    body: init.body,
  });
  const answer: Answer = await response.json().catch(() => ({}));
  return { response, answer };
}

/** A public call with a JSON body. */
export const postJson = (url: string, body: unknown) =>
  post(url, { body: JSON.stringify(body), headers: { 'Content-Type': 'application/json' } });

/** A public call with a multipart form (its files too); the browser writes the form's boundary itself. */
export const postForm = (url: string, form: FormData) => post(url, { body: form });

/**
 * A form's state: the refused fields with their messages, the message over the form, and whether it is sending;
 * `send` posts and shows the outcome: `done`'s words, or the API's refused fields and message (`failed` without one).
 */
export function useFormState<F extends string>() {
  const [errors, setErrors] = useState<Partial<Record<F, string>>>({});
  const [message, setMessage] = useState<{ text: string; ok: boolean } | null>(null);
  const [busy, setBusy] = useState(false);
  async function send(
    post: () => Promise<{ response: Response; answer: Answer }>,
    done: (answer: Answer) => string,
    failed: string,
  ) {
    setBusy(true);
    try {
      const { response, answer } = await post();
      if (response.ok) {
        setErrors({});
        setMessage({ text: done(answer), ok: true });
        return;
      }
      setErrors((answer.error?.fields ?? {}) as Partial<Record<F, string>>);
      setMessage({ text: answer.error?.message ?? failed, ok: false });
    } catch {
      setMessage({ text: failed, ok: false });
    } finally {
      setBusy(false);
    }
  }
  return { errors, setErrors, message, setMessage, busy, setBusy, send };
}

/** A refused field is marked invalid and described by its message, which stands under it. */
export function fieldMarks<F extends string>(prefix: string, errors: Partial<Record<F, string>>) {
  return {
    described: (field: F) =>
      errors[field] ? { 'aria-invalid': true, 'aria-describedby': `${prefix}-${field}-error` } : {},
    error: (field: F) =>
      errors[field] && (
        <span id={`${prefix}-${field}-error`} className="land-form__error">
          {errors[field]}
        </span>
      ),
  };
}

/** A one-line field with its label, marked and described by its message when refused (ids as fieldMarks's). */
export function TextField({
  id,
  label,
  error,
  ...input
}: { id: string; label: string; error?: string } & InputHTMLAttributes<HTMLInputElement>) {
  return (
    <>
      <label htmlFor={id}>{label}</label>
      <input id={id} {...input} {...(error && { 'aria-invalid': true, 'aria-describedby': `${id}-error` })} />
      {error && (
        <span id={`${id}-error`} className="land-form__error">
          {error}
        </span>
      )}
    </>
  );
}

/** The form's last lines: what went wrong, if anything, and the send button. */
export function FormEnd({ message, busy, label }: { message: string | null; busy: boolean; label: string }) {
  return (
    <>
      {message && (
        <p className="land-form__message" role="alert">
          {message}
        </p>
      )}
      <button type="submit" className="land-button" disabled={busy}>
        {label}
      </button>
    </>
  );
}
