import type { Certificate, CertificateDraft } from 'contracts';
import type { CertificateFormErrors } from './certificate-form';
import { apiErrorMessage, httpStatus, isHttpError } from 'shared-ui';
import { translate } from '../../catalogs';

/** A 401 already said "session expired" and went to the login page: no second toast. */
export const isUnauthorized = (error: unknown) => httpStatus(error) === 401;

/** The toast for a failed creation: the API's own message when it sent one. */
export function failureMessage(error: unknown): string {
  const detail =
    apiErrorMessage(error) ??
    (isHttpError(error)
      ? translate('create.tryAgain')
      : `${translate('create.unreachable')} ${translate('create.tryAgain')}`);
  return `${translate('create.failed')} ${detail}`;
}

/** How soon after an issue the same machine, checker and quantity again is asked about first. */
const REPEAT_WINDOW_MS = 2 * 60_000;

/** The same machine, checker and quantity as the certificate issued less than two minutes ago. */
export function isRepeat(last: { data: Certificate; answeredAt: number }, draft: CertificateDraft) {
  return (
    Date.now() - last.answeredAt < REPEAT_WINDOW_MS &&
    last.data.machine_id === draft.machine_id &&
    last.data.checked_by === draft.checked_by &&
    last.data.quantity === draft.quantity
  );
}

/** The API's 400 `fields`: the plan's values (`results.…`) apart from the form's other fields. */
export function splitFieldErrors(fields: Record<string, string>) {
  const values: Record<string, string> = {};
  const others: Record<string, string> = {};
  for (const [key, message] of Object.entries(fields))
    (key.startsWith('results.') ? values : others)[key] = message;
  return { values, others: others as CertificateFormErrors };
}
