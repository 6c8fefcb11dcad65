import crypto from 'node:crypto';
import { HttpError } from '../../errors';
import { messages } from '../../messages';
import { dummyPasswordHash, verifyPassword } from '../users/password';
import { normalizeEmail, type usersRepository } from '../users/users.repository';
import type { AuditQueries } from '../audit/audit.repository';
import type { loginThrottleRepository } from './login-throttle.repository';
import type { sessionsRepository } from './sessions.repository';

const ACCOUNT_RULE = { limit: 5, windowMinutes: 15, lockMinutes: 15 };
const ADDRESS_RULE = { limit: 30, windowMinutes: 15, lockMinutes: 15 };

/**
 * last_seen_at is written at most once a minute, so reads do not turn into writes on every request, and at
 * least every tenth of the idle limit: a session in use then never ends early by more than that tenth, even
 * with the shortest limit of one minute.
 */
const touchIntervalMs = (idleMinutes: number) => Math.min(60_000, (idleMinutes * 60_000) / 10);

const minutesUntil = (date: Date) => Math.max(1, Math.ceil((date.getTime() - Date.now()) / 60_000));

/** A refused sign-in that tells the client when to try again. */
export class ThrottledError extends HttpError {
  constructor(
    code: string,
    message: string,
    readonly retryAfterSeconds: number,
  ) {
    super(429, code, message);
  }
}

export function authService(
  repositories: {
    users: ReturnType<typeof usersRepository>;
    sessions: ReturnType<typeof sessionsRepository>;
    throttle: ReturnType<typeof loginThrottleRepository>;
    audit: AuditQueries;
  },
  limits: { idleMinutes: number; maxHours: number },
) {
  const { users, sessions, throttle, audit } = repositories;

  /** The account of a live session, or undefined when the token is unknown, revoked, idle or expired. */
  async function resolve(token: string, now = new Date()): Promise<number | undefined> {
    const session = await sessions.find(token);
    const idleSince = new Date(now.getTime() - limits.idleMinutes * 60_000).toISOString();
    const live =
      session &&
      session.revoked_at === null &&
      !session.disabled &&
      session.expires_at > now.toISOString() &&
      session.last_seen_at > idleSince;
    if (!live) return undefined;
    if (now.getTime() - Date.parse(session.last_seen_at) > touchIntervalMs(limits.idleMinutes))
      await sessions.touch(session.id, now);
    return session.user_id;
  }

  return {
    /**
     * A new session token for a right e-mail and password. Failures count per account and per client
     * address, shared by every instance through the database; both locks answer 429.
     */
    async login(email: string, password: string, clientAddress: string): Promise<string> {
      const addressKey = `ip:${clientAddress}`;
      const accountKey = `user:${normalizeEmail(email)}`;
      const addressLock = await throttle.lockedUntil(addressKey);
      if (addressLock)
        throw new ThrottledError(
          'TOO_MANY_REQUESTS',
          messages.tooManyRequests,
          minutesUntil(addressLock) * 60,
        );
      const accountLock = await throttle.lockedUntil(accountKey);
      if (accountLock) {
        const minutes = minutesUntil(accountLock);
        throw new ThrottledError('ACCOUNT_LOCKED', messages.accountLocked(minutes), minutes * 60);
      }
      const user = await users.findByEmail(email);
      // Unknown and disabled accounts still pay for one scrypt, so timing does not reveal which exist.
      const passwordOk = await verifyPassword(password, user?.password_hash ?? (await dummyPasswordHash()));
      const account = {
        accountId: user?.id ?? null,
        subject: { type: 'account', id: normalizeEmail(email) },
      };
      if (!user || user.disabled || !passwordOk) {
        const accountLocked = await throttle.recordFailure(accountKey, ACCOUNT_RULE);
        const addressLocked = await throttle.recordFailure(addressKey, ADDRESS_RULE);
        await audit.record({
          ...account,
          action: 'auth.sign_in_failed',
          details: { address: clientAddress },
        });
        if (accountLocked || addressLocked)
          await audit.record({
            ...account,
            action: 'auth.locked_out',
            details: { address: clientAddress, by: accountLocked ? 'account' : 'address' },
          });
        throw new HttpError(401, 'LOGIN_FAILED', messages.loginFailed);
      }
      await throttle.clear(accountKey);
      // 256 random bits: docs/architecture.md#security.
      const token = crypto.randomBytes(32).toString('base64url');
      const now = new Date();
      await sessions.insert({
        token,
        userId: user.id,
        now,
        expiresAt: new Date(now.getTime() + limits.maxHours * 3600_000),
      });
      await audit.record({ ...account, action: 'auth.signed_in', details: { address: clientAddress } }, now);
      return token;
    },

    resolve,

    /** Ends a live session; false when the token is not one. */
    async logout(token: string, now = new Date()): Promise<boolean> {
      const accountId = await resolve(token, now);
      if (!accountId) return false;
      await sessions.revoke(token, now);
      await audit.record(
        { accountId, action: 'auth.signed_out', subject: { type: 'account', id: accountId } },
        now,
      );
      return true;
    },
  };
}

export type AuthService = ReturnType<typeof authService>;
