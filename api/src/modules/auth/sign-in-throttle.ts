import { HttpError } from '../../errors';
import { messages } from '../../messages';
import { addressKey } from '../../plugins/client-address';
import type { AuditRecorder } from '../audit/audit.service';
import type { LoginThrottleRepository, ThrottleRule } from './login-throttle.repository';

const ACCOUNT_RULE: ThrottleRule = { limit: 5, windowMinutes: 15, lockMinutes: 15 };
const ADDRESS_RULE: ThrottleRule = { limit: 30, windowMinutes: 15, lockMinutes: 15 };

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

/** The throttle's keys of one attempt: the client's address and the account's (normalized) e-mail. */
export interface AttemptKeys {
  address: string;
  account: string;
}

/** An attempt counted before it was checked (see reserve), and whether counting it locked a key. */
export interface ReservedAttempt {
  keys: AttemptKeys;
  lockedAccount: boolean;
  lockedAddress: boolean;
}

const accountKey = (email: string) => `user:${email}`;

/** An IPv6 client counts by its /64 (plugins/client-address.ts). */
export const attemptKeys = (clientAddress: string, email: string): AttemptKeys => ({
  address: `ip:${addressKey(clientAddress)}`,
  account: accountKey(email),
});

/**
 * The locks shared by both steps of a sign-in (signing-in.ts, second-factor.ts): attempts count per account
 * and per client address, shared by every instance through the database; both locks answer 429. An attempt is
 * counted before its password or code is checked and given back when it was right, so that N parallel guesses
 * are checked at most as often as the limit allows.
 */
export function signInThrottle({
  throttle,
  audit,
}: {
  throttle: LoginThrottleRepository;
  audit: AuditRecorder;
}) {
  const address = (keys: AttemptKeys) => ({ key: keys.address, rule: ADDRESS_RULE });
  const account = (keys: AttemptKeys) => ({ key: keys.account, rule: ACCOUNT_RULE });

  return {
    /** Counts the attempt against the address and the account, or refuses it while either is locked. */
    async reserve(keys: AttemptKeys): Promise<ReservedAttempt> {
      const reservation = await throttle.reserve([address(keys), account(keys)]);
      if (reservation.refused?.key === keys.address)
        throw new ThrottledError(
          'TOO_MANY_REQUESTS',
          messages.tooManyRequests,
          minutesUntil(reservation.refused.until) * 60,
        );
      if (reservation.refused) {
        const minutes = minutesUntil(reservation.refused.until);
        throw new ThrottledError('ACCOUNT_LOCKED', messages.accountLocked(minutes), minutes * 60);
      }
      return {
        keys,
        lockedAccount: reservation.locked.includes(keys.account),
        lockedAddress: reservation.locked.includes(keys.address),
      };
    },

    /** A wrong password or code: its attempt stays counted; recorded, with the lock when it locked. */
    async failed(
      attempt: ReservedAttempt,
      event: { accountId: number | null; email: string; clientAddress: string; step: 'password' | 'code' },
    ) {
      const subject = { accountId: event.accountId, subject: { type: 'account', id: event.email } };
      const details = {
        address: event.clientAddress,
        ...(event.step === 'code' && { step: 'code' as const }),
      };
      await audit.record({ ...subject, action: 'auth.sign_in_failed', details });
      if (attempt.lockedAccount || attempt.lockedAddress)
        await audit.record({
          ...subject,
          action: 'auth.locked_out',
          details: { address: event.clientAddress, by: attempt.lockedAccount ? 'account' : 'address' },
        });
    },

    /**
     * A right password of an account that still needs its second factor: the attempt is given back, but the
     * account's earlier failures stay until the whole sign-in gets through.
     */
    async passwordRight(attempt: ReservedAttempt) {
      await throttle.release(account(attempt.keys), attempt.lockedAccount);
      await throttle.release(address(attempt.keys), attempt.lockedAddress);
    },

    /** A sign-in that got through forgets the account's failures and gives the address its attempt back. */
    async passed(attempt: ReservedAttempt) {
      await throttle.clear(attempt.keys.account);
      await throttle.release(address(attempt.keys), attempt.lockedAddress);
    },
  };
}

export type SignInThrottle = ReturnType<typeof signInThrottle>;
