import { FAILURE_REASON_CODE_MAX, FAILURE_REASON_CODE_PATTERN, FAILURE_REASON_NAME_MAX } from 'contracts';
import { machineCatalogs } from '../../../catalogs';

const CODE = new RegExp(FAILURE_REASON_CODE_PATTERN);

/** A code as typed, in capitals (the catalogue's codes are, contracts FAILURE_REASON_CODE_PATTERN). */
export const codeOf = (typed: string) => typed.trim().toUpperCase();

/**
 * The messages of a new reason before it is sent, by field; the API checks again and its answer wins (same
 * field names).
 */
export function reasonErrors(code: string, name: string, taken: readonly string[]) {
  const t = machineCatalogs.t;
  const errors: Record<string, string> = {};
  const tidy = codeOf(code);
  if (!CODE.test(tidy)) errors.code = t('reasons.codePattern', { max: FAILURE_REASON_CODE_MAX });
  else if (taken.includes(tidy)) errors.code = t('reasons.codeTaken');
  if (!name.trim()) errors.name = t('reasons.nameMissing');
  else if (name.trim().length > FAILURE_REASON_NAME_MAX)
    errors.name = t('reasons.nameTooLong', { max: FAILURE_REASON_NAME_MAX });
  return errors;
}
