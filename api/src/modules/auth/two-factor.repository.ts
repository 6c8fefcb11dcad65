import type { Db } from '../../db/database';
import { hashRecoveryCode } from './two-factor';

/**
 * An account's authenticator secret (pending until its first code, then the last time step taken) and its
 * recovery codes. Secrets and codes stay together: turning two-factor sign-in on or off writes both in one
 * transaction. The login challenge between password and code is login-challenges.repository.ts.
 */
export function twoFactorRepository(db: Db) {
  return {
    async setPendingSecret(accountId: number, secret: string) {
      await db
        .updateTable('users')
        .set({ totp_pending_secret: secret })
        .where('id', '=', accountId)
        .execute();
    },

    /** Turns two-factor sign-in on with the pending secret and its first code's step, and new recovery codes. */
    async enable(accountId: number, secret: string, step: number, recoveryCodes: string[]) {
      await db.transaction().execute(async (trx) => {
        await trx
          .updateTable('users')
          .set({ totp_secret: secret, totp_pending_secret: null, totp_last_step: step })
          .where('id', '=', accountId)
          .execute();
        await trx.deleteFrom('recovery_codes').where('user_id', '=', accountId).execute();
        await trx
          .insertInto('recovery_codes')
          .values(
            recoveryCodes.map((code) => ({
              user_id: accountId,
              code_hash: hashRecoveryCode(code),
              used_at: null,
            })),
          )
          .execute();
      });
    },

    async disable(accountId: number) {
      await db.transaction().execute(async (trx) => {
        await trx
          .updateTable('users')
          .set({ totp_secret: null, totp_pending_secret: null, totp_last_step: null })
          .where('id', '=', accountId)
          .execute();
        await trx.deleteFrom('recovery_codes').where('user_id', '=', accountId).execute();
      });
    },

    /** Takes a code's time step when it is later than the last one taken: one statement, so two requests with one code cannot both win. */
    async takeStep(accountId: number, step: number) {
      const result = await db
        .updateTable('users')
        .set({ totp_last_step: step })
        .where('id', '=', accountId)
        .where((eb) => eb.or([eb('totp_last_step', 'is', null), eb('totp_last_step', '<', step)]))
        .executeTakeFirst();
      return Number(result.numUpdatedRows) === 1;
    },

    /** Uses up a recovery code; false when it is not one of the account's unused codes. */
    async useRecoveryCode(accountId: number, code: string, now = new Date()) {
      const result = await db
        .updateTable('recovery_codes')
        .set({ used_at: now.toISOString() })
        .where('user_id', '=', accountId)
        .where('code_hash', '=', hashRecoveryCode(code))
        .where('used_at', 'is', null)
        .executeTakeFirst();
      return Number(result.numUpdatedRows) === 1;
    },

    async recoveryCodesLeft(accountId: number) {
      const { n } = await db
        .selectFrom('recovery_codes')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('user_id', '=', accountId)
        .where('used_at', 'is', null)
        .executeTakeFirstOrThrow();
      return Number(n);
    },
  };
}

export type TwoFactorRepository = ReturnType<typeof twoFactorRepository>;
