import { useState } from 'react';
import { apiErrorMessage, apiFieldErrors, notify } from 'shared-ui';

export type FieldErrors<F extends string> = Partial<Record<F, string>>;

/**
 * A form's German field messages: shown on the fields, the keyboard on the first one in `order` (its input's
 * id is `idOf(field)`); an API refusal without field messages becomes a toast.
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

  return { errors, show, showApiError };
}
