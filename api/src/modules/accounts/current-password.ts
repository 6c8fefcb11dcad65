import { badRequest } from '../../errors';
import { messages } from '../../messages';
import type { AuditService } from '../audit/audit.service';
import type { LoginThrottleRepository } from '../auth/login-throttle.repository';
import { ThrottledError } from '../auth/sign-in-throttle';
import { verifyPassword } from '../users/password';
import type { UserRow } from '../users/users.repository';
import { accountEvent } from './account-common';

/**
 * Wrong current passwords allowed per account before changing the own password or two-factor sign-in is
 * refused for a while: a stolen session must not be a way to guess the password (the sign-in has its own
 * lock, api/src/modules/auth/sign-in-throttle.ts).
 */
const RULE = { limit: 5, windowMinutes: 15, lockMinutes: 15 };

const keyOf = (accountId: number) => `current-password:${accountId}`;

/**
 * Checks the current password an account gives to change its own password or two-factor sign-in: throttled
 * per account and every wrong one recorded. The attempt is counted before the hash is checked, so parallel
 * guesses cannot all be checked before the first failure counts.
 */
export function currentPasswordCheck({
  throttle,
  audit,
}: {
  throttle: Pick<LoginThrottleRepository, 'lockedUntil' | 'recordFailure' | 'clear'>;
  audit: Pick<AuditService, 'record'>;
}) {
  const record = accountEvent(audit);

  async function refuseWhileLocked(accountId: number) {
    const until = await throttle.lockedUntil(keyOf(accountId));
    if (!until) return;
    const minutes = Math.max(1, Math.ceil((until.getTime() - Date.now()) / 60_000));
    throw new ThrottledError('TOO_MANY_REQUESTS', messages.currentPasswordLocked(minutes), minutes * 60);
  }

  /** A 400 on the form's field `field` for a wrong password, a 429 while locked. */
  return async (user: UserRow, password: string, field: string, clientAddress: string) => {
    await refuseWhileLocked(user.id);
    const lockedNow = await throttle.recordFailure(keyOf(user.id), RULE);
    // Another request's attempt locked the key meanwhile: this one is beyond the limit and is not checked.
    if (!lockedNow) await refuseWhileLocked(user.id);
    if (await verifyPassword(password, user.password_hash)) {
      await throttle.clear(keyOf(user.id));
      return;
    }
    await record(user.id, 'account.password_check_failed', user, { address: clientAddress });
    throw badRequest(messages.checkFields, { [field]: messages.passwordWrong });
  };
}

export type CurrentPasswordCheck = ReturnType<typeof currentPasswordCheck>;
