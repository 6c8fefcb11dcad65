import { HttpError } from '../../errors';
import { messages } from '../../messages';
import type { AuditRecorder } from '../audit/audit.service';
import type { UsersRepository } from '../users/users.repository';
import type { LoginChallengesRepository } from './login-challenges.repository';
import type { SessionKeeping } from './sessions';
import { attemptKeys, type SignInThrottle } from './sign-in-throttle';
import { totpStep } from './two-factor';
import type { TwoFactorRepository } from './two-factor.repository';

/** The second step of a sign-in, for accounts with two-factor sign-in on. */
export function secondFactorStep({
  users,
  twoFactor,
  challenges,
  locks,
  session,
  audit,
}: {
  users: Pick<UsersRepository, 'findById'>;
  twoFactor: Pick<TwoFactorRepository, 'takeStep' | 'useRecoveryCode' | 'recoveryCodesLeft'>;
  challenges: Pick<LoginChallengesRepository, 'accountOf' | 'end'>;
  locks: SignInThrottle;
  session: Pick<SessionKeeping, 'start'>;
  audit: AuditRecorder;
}) {
  return {
    /**
     * A code from the authenticator app (each good once) or an unused recovery code. Wrong codes count toward
     * the same locks as wrong passwords.
     */
    async secondFactor(challenge: string, code: string, clientAddress: string): Promise<string> {
      const accountId = await challenges.accountOf(challenge);
      const user = accountId === undefined ? undefined : await users.findById(accountId);
      if (!user?.totp_secret || user.disabled)
        throw new HttpError(401, 'CHALLENGE_EXPIRED', messages.challengeExpired);
      const keys = attemptKeys(clientAddress, user.email);
      const attempt = await locks.reserve(keys);
      const step = totpStep(user.totp_secret, code.trim());
      const byCode = step !== undefined && (await twoFactor.takeStep(user.id, step));
      const byRecovery = !byCode && step === undefined && (await twoFactor.useRecoveryCode(user.id, code));
      if (!byCode && !byRecovery) {
        await locks.failed(attempt, { accountId: user.id, email: user.email, clientAddress, step: 'code' });
        throw new HttpError(401, 'SECOND_FACTOR_FAILED', messages.secondFactorFailed);
      }
      await challenges.end(challenge);
      if (byRecovery)
        await audit.record({
          accountId: user.id,
          subject: { type: 'account', id: user.email },
          action: 'auth.recovery_code_used',
          details: { address: clientAddress, left: await twoFactor.recoveryCodesLeft(user.id) },
        });
      await locks.passed(attempt);
      return session.start(user, clientAddress, { second_factor: byCode ? 'totp' : 'recovery_code' });
    },
  };
}
