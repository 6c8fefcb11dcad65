import type { LoginResponse } from 'contracts';
import { HttpError } from '../../errors';
import { messages } from '../../messages';
import { BusyError, workQueue } from '../../plugins/busy';
import { HASHING, dummyPasswordHash, verifyPassword } from '../users/password';
import { rolesOf } from '../users/roles';
import { normalizeEmail, type UsersRepository } from '../users/users.repository';
import type { LoginChallengesRepository } from './login-challenges.repository';
import { newToken, type SessionKeeping } from './sessions';
import { attemptKeys, type SignInThrottle } from './sign-in-throttle';

/** Time between a right password and the code from the authenticator app. */
const CHALLENGE_MINUTES = 5;

/**
 * Sign-ins checked at once: as many as the hashing queue runs and lets wait (users/password.ts). One beyond is
 * refused before it costs anything: in a storm of 120 at once, each had counted its attempt in a transaction
 * and looked up its account before the hashing queue refused it, and on PostgreSQL staff calls waited for a
 * connection behind them (api/bench/bench.ts, the storm's isolation row).
 */
const checking = workQueue({
  running: HASHING.running + HASHING.waiting,
  waiting: 0,
  busy: () => new BusyError(messages.signInBusy, HASHING.retryAfterSeconds),
});

/** The first step of a sign-in: e-mail and password. */
export function signingIn({
  users,
  challenges,
  locks,
  session,
  companyAccountOnly,
}: {
  users: Pick<UsersRepository, 'findByEmail'>;
  challenges: Pick<LoginChallengesRepository, 'add'>;
  locks: SignInThrottle;
  session: Pick<SessionKeeping, 'start'>;
  /** „Nur Firmenkonto“: only administrators (break-glass) still sign in with a password. */
  companyAccountOnly: () => Promise<boolean>;
}) {
  /**
   * A new session token for a right e-mail and password, or a challenge for the second factor when the
   * account has one. Every attempt counts toward the locks before it is checked (sign-in-throttle.ts).
   */
  async function check(email: string, password: string, clientAddress: string): Promise<LoginResponse> {
    const keys = attemptKeys(clientAddress, normalizeEmail(email));
    const attempt = await locks.reserve(keys);
    const user = await users.findByEmail(email);
    // Counted before the hash, given back when right (sign-in-throttle.ts). Unknown and disabled accounts
    // still pay for one scrypt, so timing does not reveal which exist; so do company accounts, which have no
    // password (an empty hash).
    const passwordOk = await verifyPassword(password, user?.password_hash || (await dummyPasswordHash()));
    if (!user || user.disabled || !passwordOk) {
      await locks.failed(attempt, {
        accountId: user?.id ?? null,
        email: normalizeEmail(email),
        clientAddress,
        step: 'password',
      });
      throw new HttpError(401, 'LOGIN_FAILED', messages.loginFailed);
    }
    // Told only after the right password, so it does not reveal which accounts exist.
    if (!rolesOf(user.roles).includes('admin') && (await companyAccountOnly())) {
      await locks.passed(attempt);
      throw new HttpError(403, 'COMPANY_ACCOUNT_ONLY', messages.companyAccountOnly);
    }
    if (!user.totp_secret) {
      await locks.passed(attempt);
      return { token: await session.start(user, clientAddress) };
    }
    await locks.passwordRight(attempt);
    const challenge = newToken();
    await challenges.add(challenge, user.id, new Date(Date.now() + CHALLENGE_MINUTES * 60_000));
    return { second_factor: 'totp', challenge };
  }

  return {
    login: (email: string, password: string, clientAddress: string): Promise<LoginResponse> =>
      checking.run(() => check(email, password, clientAddress)),
  };
}
