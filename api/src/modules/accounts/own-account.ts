import { staffLanguageOf, type Me, type SignInList, type StaffLanguage } from 'contracts';
import { badRequest } from '../../errors';
import { messages } from '../../messages';
import type { AuditService } from '../audit/audit.service';
import type { SignedIn } from '../auth/sessions';
import type { ScryptCost } from '../users/password';
import type { UsersRepository } from '../users/users.repository';
import { accountEvent, assertPassword, existingAccount } from './account-common';
import type { CurrentPasswordCheck } from './current-password';
import type { SettingsRepository } from './settings.repository';

/** What every signed-in account does to itself: who it is, its password, its sessions and sign-ins. */
export function ownAccount({
  users,
  settings,
  audit,
  checkPassword,
  cost,
}: {
  users: Pick<UsersRepository, 'findById' | 'setPassword' | 'revokeSessions' | 'setLanguage'>;
  settings: Pick<SettingsRepository, 'get'>;
  audit: Pick<AuditService, 'record' | 'signIns'>;
  checkPassword: CurrentPasswordCheck;
  /** scrypt cost of new passwords; tests lower it (api/src/test/harness.ts). */
  cost?: ScryptCost;
}) {
  const existing = existingAccount(users);
  const record = accountEvent(audit);

  return {
    async me(account: SignedIn): Promise<Me> {
      const user = await existing(account.id);
      return {
        id: user.id,
        email: user.email,
        name: user.name,
        roles: account.roles,
        must_change_password: account.mustChangePassword,
        two_factor: account.twoFactor,
        two_factor_required: user.two_factor_required === 1 || (await settings.get()).require_two_factor,
        language: staffLanguageOf(user.language),
      };
    },

    /** With the current password (throttled); ends every other session of the account, keeps this one. */
    async changeOwnPassword(account: SignedIn, current: string, next: string, clientAddress: string) {
      const user = await existing(account.id);
      await checkPassword(user, current, 'current_password', clientAddress);
      if (current === next) throw badRequest(messages.checkFields, { new_password: messages.passwordSame });
      assertPassword(next, 'new_password');
      await users.setPassword(account.id, next, { mustChange: false, keepSession: account.sessionId, cost });
      await record(account.id, 'account.password_changed', user);
    },

    /** The staff app's and the API messages' language; a preference, so no audit event. */
    async setOwnLanguage(account: SignedIn, language: StaffLanguage) {
      await existing(account.id);
      await users.setLanguage(account.id, language);
    },

    async signOutEverywhere(account: SignedIn) {
      const user = await existing(account.id);
      await users.revokeSessions(account.id);
      await record(account.id, 'auth.signed_out_everywhere', user);
    },

    /** The account's last 20 sign-ins, failed ones too, newest first. */
    async signIns(account: SignedIn): Promise<SignInList> {
      const rows = await audit.signIns(account.id, 20);
      return {
        data: rows.map((row) => ({
          at: row.at,
          ok: row.action === 'auth.signed_in',
          address: String(JSON.parse(row.details).address ?? ''),
        })),
      };
    },
  };
}
