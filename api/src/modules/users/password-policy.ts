import { dictionary } from '@zxcvbn-ts/language-common';
import { PASSWORD_MIN } from 'contracts';
import { messages } from '../../messages';

/**
 * The common passwords of zxcvbn-ts's offline list (about 49,000, from leaked password sets) that are long
 * enough to pass the length rule: the ones a length rule alone lets through.
 */
const COMMON = new Set(
  dictionary['passwords-common'].filter((p) => p.length >= PASSWORD_MIN).map((p) => p.toLowerCase()),
);

/** Why a new password is refused (a German field message), or undefined when it is good. */
export function passwordProblem(password: string): string | undefined {
  if ([...password].length < PASSWORD_MIN) return messages.passwordTooShort;
  if (COMMON.has(password.toLowerCase())) return messages.passwordCommon;
  return undefined;
}
