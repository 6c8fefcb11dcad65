import type { AuditService } from '../audit/audit.service';
import type { LoginThrottleRepository } from '../auth/login-throttle.repository';
import type { TwoFactorRepository } from '../auth/two-factor.repository';
import type { ScryptCost } from '../users/password';
import type { UsersRepository } from '../users/users.repository';
import { accountAdministration } from './account-administration';
import { accountSecurity } from './account-security';
import { accountSettings } from './account-settings';
import { currentPasswordCheck } from './current-password';
import { ownAccount } from './own-account';
import type { SettingsRepository } from './settings.repository';
import { twoFactorEnrolment } from './two-factor-enrolment';

/**
 * Staff accounts' use cases, each its own file given only what it uses: what an administrator does to others
 * and the settings for all (docs/architecture.md#accounts-and-roles), what every account does to itself, and
 * its two-factor enrolment (with the current password, current-password.ts). Every change is recorded in the audit trail.
 */
export function accountsService(
  {
    users,
    twoFactor,
    settings,
    throttle,
  }: {
    users: UsersRepository;
    twoFactor: Pick<TwoFactorRepository, 'setPendingSecret' | 'enable' | 'disable'>;
    settings: SettingsRepository;
    throttle: LoginThrottleRepository;
  },
  audit: Pick<AuditService, 'record' | 'signIns'>,
  /** scrypt cost of new passwords; tests lower it (api/src/test/harness.ts). */
  cost?: ScryptCost,
) {
  const checkPassword = currentPasswordCheck({ throttle, audit });
  return {
    ...accountAdministration({ users, throttle, audit, cost }),
    ...accountSecurity({ users, twoFactor, settings, throttle, audit }),
    ...accountSettings({ settings, audit }),
    ...ownAccount({ users, settings, audit, checkPassword, cost }),
    ...twoFactorEnrolment({ users, twoFactor, settings, audit, checkPassword }),
  };
}

export type AccountsService = ReturnType<typeof accountsService>;
