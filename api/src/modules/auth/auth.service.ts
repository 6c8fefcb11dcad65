import crypto from 'node:crypto';
import type { LoginResponse, Role } from 'contracts';
import { HttpError } from '../../errors';
import { messages } from '../../messages';
import { dummyPasswordHash, verifyPassword } from '../users/password';
import { normalizeEmail, rolesOf, type UserRow, type usersRepository } from '../users/users.repository';
import type { AuditRecorder } from '../audit/audit.service';
import type { loginThrottleRepository } from './login-throttle.repository';
import type { sessionsRepository } from './sessions.repository';
import { totpStep } from './two-factor';
import type { TwoFactorRepository } from './two-factor.repository';

const ACCOUNT_RULE = { limit: 5, windowMinutes: 15, lockMinutes: 15 };
const ADDRESS_RULE = { limit: 30, windowMinutes: 15, lockMinutes: 15 };

/**
 * last_seen_at is written at most once a minute, so reads do not turn into writes on every request, and at
 * least every tenth of the idle limit: a session in use then never ends early by more than that tenth, even
 * with the shortest limit of one minute.
 */
const touchIntervalMs = (idleMinutes: number) => Math.min(60_000, (idleMinutes * 60_000) / 10);

/** Time between a right password and the code from the authenticator app. */
const CHALLENGE_MINUTES = 5;

/** The signed-in account of a request, read with its session on every request. */
export interface SignedIn {
  id: number;
  sessionId: number;
  roles: Role[];
  /** An administrator set its password: it must choose its own before anything else. */
  mustChangePassword: boolean;
  twoFactor: boolean;
  /** Two-factor sign-in is required for all and this account has not set it up yet. */
  twoFactorMissing: boolean;
}

const minutesUntil = (date: Date) => Math.max(1, Math.ceil((date.getTime() - Date.now()) / 60_000));

/** A refused sign-in that tells the client when to try again. */
export class ThrottledError extends HttpError {
  constructor(
    code: 'TOO_MANY_REQUESTS' | 'ACCOUNT_LOCKED',
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
    twoFactor: TwoFactorRepository;
  },
  audit: AuditRecorder,
  limits: { idleMinutes: number; maxHours: number },
) {
  const { users, sessions, throttle, twoFactor } = repositories;

  /** The account of a live session, or undefined when the token is unknown, revoked, idle or expired. */
  async function resolve(token: string, now = new Date()): Promise<SignedIn | undefined> {
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
    const twoFactorOn = Number(session.two_factor) === 1;
    return {
      id: session.user_id,
      sessionId: session.id,
      roles: rolesOf(session.roles),
      mustChangePassword: session.must_change_password === 1,
      twoFactor: twoFactorOn,
      twoFactorMissing: session.require_two_factor === 'true' && !twoFactorOn,
    };
  }

  /** Refuses a sign-in while the client's address or the account is locked. */
  async function assertNotLocked(addressKey: string, accountKey: string) {
    const addressLock = await throttle.lockedUntil(addressKey);
    if (addressLock)
      throw new ThrottledError('TOO_MANY_REQUESTS', messages.tooManyRequests, minutesUntil(addressLock) * 60);
    const accountLock = await throttle.lockedUntil(accountKey);
    if (accountLock) {
      const minutes = minutesUntil(accountLock);
      throw new ThrottledError('ACCOUNT_LOCKED', messages.accountLocked(minutes), minutes * 60);
    }
  }

  /** A wrong password or code: counts toward both locks and is recorded, with the lock when it locked. */
  async function failed(
    keys: { address: string; account: string },
    event: { accountId: number | null; email: string; clientAddress: string; step: 'password' | 'code' },
  ) {
    const account = { accountId: event.accountId, subject: { type: 'account', id: event.email } };
    const accountLocked = await throttle.recordFailure(keys.account, ACCOUNT_RULE);
    const addressLocked = await throttle.recordFailure(keys.address, ADDRESS_RULE);
    const details = { address: event.clientAddress, ...(event.step === 'code' && { step: 'code' as const }) };
    await audit.record({ ...account, action: 'auth.sign_in_failed', details });
    if (accountLocked || addressLocked)
      await audit.record({
        ...account,
        action: 'auth.locked_out',
        details: { address: event.clientAddress, by: accountLocked ? 'account' : 'address' },
      });
  }

  /** 256 random bits: docs/architecture.md#security. */
  const newToken = () => crypto.randomBytes(32).toString('base64url');

  async function startSession(user: UserRow, clientAddress: string, details: Record<string, unknown> = {}) {
    await throttle.clear(`user:${user.email}`);
    const token = newToken();
    const now = new Date();
    await sessions.insert({
      token,
      accountId: user.id,
      now,
      expiresAt: new Date(now.getTime() + limits.maxHours * 3600_000),
    });
    await audit.record(
      {
        accountId: user.id,
        subject: { type: 'account', id: user.email },
        action: 'auth.signed_in',
        details: { address: clientAddress, ...details },
      },
      now,
    );
    return token;
  }

  return {
    /**
     * A new session token for a right e-mail and password. Failures count per account and per client
     * address, shared by every instance through the database; both locks answer 429.
     */
    async login(email: string, password: string, clientAddress: string): Promise<LoginResponse> {
      const keys = { address: `ip:${clientAddress}`, account: `user:${normalizeEmail(email)}` };
      await assertNotLocked(keys.address, keys.account);
      const user = await users.findByEmail(email);
      // Unknown and disabled accounts still pay for one scrypt, so timing does not reveal which exist.
      const passwordOk = await verifyPassword(password, user?.password_hash ?? (await dummyPasswordHash()));
      if (!user || user.disabled || !passwordOk) {
        await failed(keys, {
          accountId: user?.id ?? null,
          email: normalizeEmail(email),
          clientAddress,
          step: 'password',
        });
        throw new HttpError(401, 'LOGIN_FAILED', messages.loginFailed);
      }
      if (!user.totp_secret) return { token: await startSession(user, clientAddress) };
      const challenge = newToken();
      await twoFactor.addChallenge(challenge, user.id, new Date(Date.now() + CHALLENGE_MINUTES * 60_000));
      return { second_factor: 'totp', challenge };
    },

    /**
     * The second step: a code from the authenticator app (each good once) or an unused recovery code. Wrong
     * codes count toward the same locks as wrong passwords.
     */
    async secondFactor(challenge: string, code: string, clientAddress: string): Promise<string> {
      const accountId = await twoFactor.challengeUser(challenge);
      const user = accountId === undefined ? undefined : await users.findById(accountId);
      if (!user?.totp_secret || user.disabled)
        throw new HttpError(401, 'CHALLENGE_EXPIRED', messages.challengeExpired);
      const keys = { address: `ip:${clientAddress}`, account: `user:${user.email}` };
      await assertNotLocked(keys.address, keys.account);
      const step = totpStep(user.totp_secret, code.trim());
      const byCode = step !== undefined && (await twoFactor.takeStep(user.id, step));
      const byRecovery = !byCode && step === undefined && (await twoFactor.useRecoveryCode(user.id, code));
      if (!byCode && !byRecovery) {
        await failed(keys, { accountId: user.id, email: user.email, clientAddress, step: 'code' });
        throw new HttpError(401, 'SECOND_FACTOR_FAILED', messages.secondFactorFailed);
      }
      await twoFactor.endChallenge(challenge);
      if (byRecovery)
        await audit.record({
          accountId: user.id,
          subject: { type: 'account', id: user.email },
          action: 'auth.recovery_code_used',
          details: { address: clientAddress, left: await twoFactor.recoveryCodesLeft(user.id) },
        });
      return startSession(user, clientAddress, { second_factor: byCode ? 'totp' : 'recovery_code' });
    },

    resolve,

    /** Ends a live session; false when the token is not one. */
    async logout(token: string, now = new Date()): Promise<boolean> {
      const account = await resolve(token, now);
      if (!account) return false;
      await sessions.revoke(token, now);
      await audit.record(
        { accountId: account.id, action: 'auth.signed_out', subject: { type: 'account', id: account.id } },
        now,
      );
      return true;
    },
  };
}

export type AuthService = ReturnType<typeof authService>;
