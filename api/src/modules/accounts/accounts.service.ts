import type { AuditService } from '../audit/audit.service';
import type { TwoFactorRepository } from '../auth/two-factor.repository';
import type { ScryptCost } from '../users/password';
import type { UsersRepository } from '../users/users.repository';
import { accountAdministration } from './account-administration';
import { accountSettings } from './account-settings';
import { ownAccount } from './own-account';
import type { SettingsRepository } from './settings.repository';
import { twoFactorEnrolment } from './two-factor-enrolment';

/**
 * Staff accounts' use cases, each its own file given only what it uses: what an administrator does to others
 * and the settings for all (docs/architecture.md#accounts-and-roles), what every account does to itself, and
 * its two-factor enrolment. Every change is recorded in the audit trail.
 */
export function accountsService(
  {
    users,
    twoFactor,
    settings,
  }: {
    users: UsersRepository;
    twoFactor: Pick<TwoFactorRepository, 'setPendingSecret' | 'enable' | 'disable'>;
    settings: SettingsRepository;
  },
  audit: Pick<AuditService, 'record' | 'signIns'>,
  /** scrypt cost of new passwords; tests lower it (api/src/test/harness.ts). */
  cost?: ScryptCost,
) {
  return {
    ...accountAdministration({ users, audit, cost }),
    ...accountSettings({ settings, audit }),
    ...ownAccount({ users, settings, audit, cost }),
    ...twoFactorEnrolment({ users, twoFactor, settings, audit }),
  };
}

export type AccountsService = ReturnType<typeof accountsService>;
