import type { AuditRecorder } from '../audit/audit.service';
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
 * the sessions they start, authenticate and end (sessions.ts).
 */
export function authService(
  repositories: {
    users: Pick<UsersRepository, 'findByEmail' | 'findById'>;
    sessions: SessionsRepository;
    throttle: LoginThrottleRepository;
    twoFactor: Pick<TwoFactorRepository, 'takeStep' | 'useRecoveryCode' | 'recoveryCodesLeft'>;
    challenges: LoginChallengesRepository;
  },
  audit: AuditRecorder,
  limits: { idleMinutes: number; maxHours: number },
) {
  const { users, sessions, throttle, twoFactor, challenges } = repositories;
  const locks = signInThrottle({ throttle, audit });
  const session = sessionKeeping({ sessions, audit, limits });
  return {
    ...signingIn({ users, challenges, locks, session }),
    ...secondFactorStep({ users, twoFactor, challenges, locks, session, audit }),
    resolve: session.resolve,
    logout: session.logout,
  };
}

export type AuthService = ReturnType<typeof authService>;
