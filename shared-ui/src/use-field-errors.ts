import { useState } from 'react';
import { apiErrorMessage, apiFieldErrors } from './http';
import { notify } from './toasts';

/** A form's German messages per field; a field without a message is valid. */
export type FieldErrors<F extends string> = Partial<Record<F, string>>;

/**
 * A form's German field messages: shown on the fields, the keyboard on the first one in `order` (its input's
 * id is `idOf(field)`); `showApiError` puts an API refusal's field messages there, or else its message (or
 * `fallback`) into a toast. Forms that say more about a failure call `show(apiFieldErrors(error))` themselves.
 */
export function useFieldErrors<F extends string>(order: readonly F[], idOf: (field: F) => string) {
  const [errors, setErrors] = useState<FieldErrors<F>>({});

  /** Shows `found`; true when there was any. */
  const show = (found: FieldErrors<F>) => {
    setErrors(found);
    const first = order.find((field) => found[field]);
    if (first) document.getElementById(idOf(first))?.focus();
    return Object.keys(found).length > 0;
  };

  const showApiError = (error: unknown, fallback: string) => {
    if (!show(apiFieldErrors(error) as FieldErrors<F>)) notify.error(apiErrorMessage(error) ?? fallback);
  };

  /** Forgets the message of `field`, which the user is correcting. */
  const clear = (field: F) => setErrors((current) => ({ ...current, [field]: undefined }));

  return { errors, show, showApiError, clear };
}
