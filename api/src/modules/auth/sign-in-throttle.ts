import { HttpError } from '../../errors';
import { messages } from '../../messages';
import type { AuditRecorder } from '../audit/audit.service';
import type { LoginThrottleRepository } from './login-throttle.repository';

const ACCOUNT_RULE = { limit: 5, windowMinutes: 15, lockMinutes: 15 };
const ADDRESS_RULE = { limit: 30, windowMinutes: 15, lockMinutes: 15 };

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

const accountKey = (email: string) => `user:${email}`;

export const attemptKeys = (clientAddress: string, email: string): AttemptKeys => ({
  address: `ip:${clientAddress}`,
  account: accountKey(email),
});

/**
 * The locks shared by both steps of a sign-in (signing-in.ts, second-factor.ts): failures count per account
 * and per client address, shared by every instance through the database; both locks answer 429.
 */
export function signInThrottle({
  throttle,
  audit,
}: {
  throttle: LoginThrottleRepository;
  audit: AuditRecorder;
}) {
  return {
    /** Refuses a sign-in while the client's address or the account is locked. */
    async assertNotLocked(keys: AttemptKeys) {
      const addressLock = await throttle.lockedUntil(keys.address);
      if (addressLock)
        throw new ThrottledError(
          'TOO_MANY_REQUESTS',
          messages.tooManyRequests,
          minutesUntil(addressLock) * 60,
        );
      const accountLock = await throttle.lockedUntil(keys.account);
      if (accountLock) {
        const minutes = minutesUntil(accountLock);
        throw new ThrottledError('ACCOUNT_LOCKED', messages.accountLocked(minutes), minutes * 60);
      }
    },

    /** A wrong password or code: counts toward both locks and is recorded, with the lock when it locked. */
    async failed(
      keys: AttemptKeys,
      event: { accountId: number | null; email: string; clientAddress: string; step: 'password' | 'code' },
    ) {
      const account = { accountId: event.accountId, subject: { type: 'account', id: event.email } };
      const accountLocked = await throttle.recordFailure(keys.account, ACCOUNT_RULE);
      const addressLocked = await throttle.recordFailure(keys.address, ADDRESS_RULE);
      const details = {
        address: event.clientAddress,
        ...(event.step === 'code' && { step: 'code' as const }),
      };
      await audit.record({ ...account, action: 'auth.sign_in_failed', details });
      if (accountLocked || addressLocked)
        await audit.record({
          ...account,
          action: 'auth.locked_out',
          details: { address: event.clientAddress, by: accountLocked ? 'account' : 'address' },
        });
    },

    /** A sign-in that got through forgets the account's failures; the address's still count. */
    passed: (email: string) => throttle.clear(accountKey(email)),
  };
}

export type SignInThrottle = ReturnType<typeof signInThrottle>;
