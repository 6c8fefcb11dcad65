import type { Db } from '../../db/database';
import { hashToken } from './sessions.repository';
import { hashRecoveryCode } from './two-factor';

/** Two-factor state kept in the database, so the step between password and code works on any instance. */
export function twoFactorRepository(db: Db) {
  return {
    async addChallenge(token: string, accountId: number, expiresAt: Date) {
      await db
        .insertInto('login_challenges')
        .values({ token_hash: hashToken(token), user_id: accountId, expires_at: expiresAt.toISOString() })
        .execute();
    },

    /** The account of a challenge that has not expired. */
    async challengeUser(token: string, now = new Date()) {
      const row = await db
        .selectFrom('login_challenges')
        .select('user_id')
        .where('token_hash', '=', hashToken(token))
        .where('expires_at', '>', now.toISOString())
        .executeTakeFirst();
      return row?.user_id;
    },

    /** Ends a challenge, and with it every expired one. */
    async endChallenge(token: string, now = new Date()) {
      await db
        .deleteFrom('login_challenges')
        .where((eb) =>
          eb.or([eb('token_hash', '=', hashToken(token)), eb('expires_at', '<=', now.toISOString())]),
        )
        .execute();
    },

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
