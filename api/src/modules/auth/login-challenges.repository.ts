import type { Db } from '../../db/database';
import { hashToken } from './sessions.repository';

/**
 * The step between a right password and the code from the authenticator app, kept in the database so the
 * code may reach any instance. Only the challenge token's hash is stored, as with sessions.
 */
export function loginChallengesRepository(db: Db) {
  return {
    async add(token: string, accountId: number, expiresAt: Date) {
      await db
        .insertInto('login_challenges')
        .values({ token_hash: hashToken(token), user_id: accountId, expires_at: expiresAt.toISOString() })
        .execute();
    },

    /** The account of a challenge that has not expired. */
    async accountOf(token: string, now = new Date()) {
      const row = await db
        .selectFrom('login_challenges')
        .select('user_id')
        .where('token_hash', '=', hashToken(token))
        .where('expires_at', '>', now.toISOString())
        .executeTakeFirst();
      return row?.user_id;
    },

    /** Ends a challenge, and with it every expired one. */
    async end(token: string, now = new Date()) {
      await db
        .deleteFrom('login_challenges')
        .where((eb) =>
          eb.or([eb('token_hash', '=', hashToken(token)), eb('expires_at', '<=', now.toISOString())]),
        )
        .execute();
    },
  };
}

export type LoginChallengesRepository = ReturnType<typeof loginChallengesRepository>;
