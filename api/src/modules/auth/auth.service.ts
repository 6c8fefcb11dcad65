import type { DirectoryConfig } from '../../directory-config';
import type { AuditRecorder } from '../audit/audit.service';
import type { SettingsRepository } from '../accounts/settings.repository';
import type { DirectoryAccountsRepository } from './directory-accounts.repository';
import type { DirectorySignInsRepository } from './directory-sign-ins.repository';
import { directoryService } from './directory.service';
import type { UsersRepository } from '../users/users.repository';
import type { LoginChallengesRepository } from './login-challenges.repository';
import type { LoginThrottleRepository } from './login-throttle.repository';
import { secondFactorStep } from './second-factor';
import { sessionKeeping } from './sessions';
import type { SessionsRepository } from './sessions.repository';
import { signInThrottle } from './sign-in-throttle';
import { signingIn } from './signing-in';
import type { TwoFactorRepository } from './two-factor.repository';

/**
 * Signing in and the sessions it starts, each use case its own file given only what it uses: the password
 * (signing-in.ts) and the second factor (second-factor.ts), which share the locks (sign-in-throttle.ts), and
 * the sessions they start, authenticate and end (sessions.ts); and, when configured, the company account
 * (directory.service.ts), whose sessions are the same.
 */
export function authService(
  repositories: {
    users: Pick<UsersRepository, 'findByEmail' | 'findById'>;
    sessions: SessionsRepository;
    throttle: LoginThrottleRepository;
    twoFactor: Pick<TwoFactorRepository, 'takeStep' | 'useRecoveryCode' | 'recoveryCodesLeft'>;
    challenges: LoginChallengesRepository;
    settings: Pick<SettingsRepository, 'get'>;
    directorySignIns: DirectorySignInsRepository;
    directoryAccounts: DirectoryAccountsRepository;
  },
  audit: AuditRecorder,
  limits: { idleMinutes: number; maxHours: number },
  directory: DirectoryConfig | null,
) {
  const { users, sessions, throttle, twoFactor, challenges, settings } = repositories;
  const locks = signInThrottle({ throttle, audit });
  const session = sessionKeeping({ sessions, audit, limits });
  // „Nur Firmenkonto“ counts only where the company account can sign in at all.
  const companyAccountOnly = async () => directory !== null && (await settings.get()).directory_only;
  return {
    ...signingIn({ users, challenges, locks, session, companyAccountOnly }),
    ...secondFactorStep({ users, twoFactor, challenges, locks, session, audit }),
    resolve: session.resolve,
    logout: session.logout,
    directory: directoryService(
      directory,
      { signIns: repositories.directorySignIns, accounts: repositories.directoryAccounts, users, sessions },
      session,
      audit,
    ),
  };
}

export type AuthService = ReturnType<typeof authService>;
