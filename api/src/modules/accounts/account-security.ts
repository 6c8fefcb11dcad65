import { badRequest, conflict } from '../../errors';
import { messages } from '../../messages';
import type { AuditService } from '../audit/audit.service';
import type { LoginThrottleRepository } from '../auth/login-throttle.repository';
import { attemptKeys } from '../auth/sign-in-throttle';
import type { TwoFactorRepository } from '../auth/two-factor.repository';
import type { UsersRepository } from '../users/users.repository';
import { accountEvent, assertNotOwn, existingAccount, toAccount } from './account-common';
import type { SettingsRepository } from './settings.repository';

/**
 * What an administrator does to a colleague's sign-in (docs/architecture.md#accounts-and-roles): reset its
 * two-factor sign-in when the authenticator is lost, require two-factor sign-in of it, and lift the lock its
 * failed sign-ins put on it. `accountId` is the signed-in administrator; each change is recorded.
 */
export function accountSecurity({
  users,
  twoFactor,
  settings,
  throttle,
  audit,
}: {
  users: Pick<UsersRepository, 'findById' | 'revokeSessions'>;
  twoFactor: Pick<TwoFactorRepository, 'disable'>;
  settings: Pick<SettingsRepository, 'requireTwoFactorOf'>;
  throttle: Pick<LoginThrottleRepository, 'lockedUntil' | 'clear'>;
  audit: Pick<AuditService, 'record'>;
}) {
  const existing = existingAccount(users);
  const record = accountEvent(audit);
  const lockKey = (email: string) => attemptKeys('', email).account;
  const current = async (id: number) => {
    const user = await existing(id);
    return toAccount(user, await throttle.lockedUntil(lockKey(user.email)));
  };

  return {
    /** Turns the colleague's two-factor sign-in off and ends its sessions; it enrols again at its next sign-in. */
    async resetTwoFactor(id: number, reason: string, accountId: number) {
      const user = await existing(id);
      assertNotOwn(id, accountId, messages.ownAccountTwoFactor);
      if (!reason.trim()) throw badRequest(messages.checkFields, { reason: messages.reasonRequired });
      if (!user.totp_secret && !user.totp_pending_secret) throw conflict(messages.twoFactorOff);
      await twoFactor.disable(id);
      await users.revokeSessions(id);
      await record(accountId, 'account.two_factor_reset', user, { reason: reason.trim() });
      return current(id);
    },

    async requireTwoFactor(id: number, required: boolean, accountId: number) {
      const user = await existing(id);
      if ((user.two_factor_required === 1) !== required) {
        await settings.requireTwoFactorOf(id, required);
        await record(accountId, 'account.two_factor_requirement_changed', user, { required });
      }
      return current(id);
    },

    /** Lifts the lock of failed sign-ins; the address limit stays (it guards against other accounts too). */
    async unlock(id: number, accountId: number) {
      const user = await existing(id);
      if (await throttle.lockedUntil(lockKey(user.email))) {
        await throttle.clear(lockKey(user.email));
        await record(accountId, 'account.unlocked', user);
      }
      return current(id);
    },
  };
}
