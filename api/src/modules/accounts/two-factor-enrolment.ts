import { badRequest, conflict } from '../../errors';
import { messages } from '../../messages';
import type { AuditService } from '../audit/audit.service';
import type { SignedIn } from '../auth/sessions';
import { newRecoveryCodes, newTotpSecret, totpStep, totpUri } from '../auth/two-factor';
import type { TwoFactorRepository } from '../auth/two-factor.repository';
import type { UsersRepository } from '../users/users.repository';
import { accountEvent, existingAccount } from './account-common';
import type { CurrentPasswordCheck } from './current-password';
import type { SettingsRepository } from './settings.repository';

/**
 * An account turns its own two-factor sign-in on (setup, then confirm with a first code) and off. Both ask
 * for the current password, so a stolen session token cannot enrol another authenticator and lock the owner
 * out; enrolling ends the account's other sessions.
 */
export function twoFactorEnrolment({
  users,
  twoFactor,
  settings,
  audit,
  checkPassword,
}: {
  users: Pick<UsersRepository, 'findById' | 'revokeSessions'>;
  twoFactor: Pick<TwoFactorRepository, 'setPendingSecret' | 'enable' | 'disable'>;
  settings: Pick<SettingsRepository, 'get'>;
  audit: Pick<AuditService, 'record'>;
  checkPassword: CurrentPasswordCheck;
}) {
  const existing = existingAccount(users);
  const record = accountEvent(audit);

  return {
    /** A new secret waiting for its first code; the QR code carries `uri`. */
    async startTwoFactor(account: SignedIn, password: string, clientAddress: string) {
      const user = await existing(account.id);
      if (user.totp_secret) throw conflict(messages.twoFactorAlreadyOn);
      await checkPassword(user, password, 'current_password', clientAddress);
      const secret = newTotpSecret();
      await twoFactor.setPendingSecret(account.id, secret);
      return { secret, uri: totpUri(secret, user.email) };
    },

    /** The first right code turns two-factor sign-in on; the ten recovery codes are shown this once. */
    async confirmTwoFactor(account: SignedIn, code: string) {
      const user = await existing(account.id);
      if (user.totp_secret) throw conflict(messages.twoFactorAlreadyOn);
      if (!user.totp_pending_secret) throw conflict(messages.twoFactorNotStarted);
      const step = totpStep(user.totp_pending_secret, code.trim());
      if (step === undefined) throw badRequest(messages.checkFields, { code: messages.secondFactorFailed });
      const codes = newRecoveryCodes();
      await twoFactor.enable(account.id, user.totp_pending_secret, step, codes);
      await users.revokeSessions(account.id, account.sessionId);
      await record(account.id, 'account.two_factor_enabled', user);
      return { recovery_codes: codes };
    },

    async disableTwoFactor(account: SignedIn, password: string, clientAddress: string) {
      const user = await existing(account.id);
      if (!user.totp_secret) throw conflict(messages.twoFactorOff);
      if ((await settings.get()).require_two_factor) throw conflict(messages.twoFactorStillRequired);
      if (user.two_factor_required === 1) throw conflict(messages.twoFactorRequiredForAccount);
      await checkPassword(user, password, 'password', clientAddress);
      await twoFactor.disable(account.id);
      await record(account.id, 'account.two_factor_disabled', user);
    },
  };
}
