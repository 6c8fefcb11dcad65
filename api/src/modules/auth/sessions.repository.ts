import crypto from 'node:crypto';
import type { Db } from '../../db/database';

/** Only a token's SHA-256 is stored: a copy of the table signs nobody in. */
export const hashToken = (token: string) => crypto.createHash('sha256').update(token).digest('hex');

export function sessionsRepository(db: Db) {
  return {
    async insert(session: { token: string; userId: number; now: Date; expiresAt: Date }) {
      await db
        .insertInto('sessions')
        .values({
          token_hash: hashToken(session.token),
          user_id: session.userId,
          created_at: session.now.toISOString(),
          last_seen_at: session.now.toISOString(),
          expires_at: session.expiresAt.toISOString(),
          revoked_at: null,
        })
        .execute();
    },

    /** The session of a token with its account's state, in one indexed statement. */
    find(token: string) {
      return db
        .selectFrom('sessions')
        .innerJoin('users', 'users.id', 'sessions.user_id')
        .select([
          'sessions.id',
          'sessions.user_id',
          'sessions.last_seen_at',
          'sessions.expires_at',
          'sessions.revoked_at',
          'users.disabled',
        ])
        .where('sessions.token_hash', '=', hashToken(token))
        .executeTakeFirst();
    },

    async touch(id: number, now: Date) {
      await db
        .updateTable('sessions')
        .set({ last_seen_at: now.toISOString() })
        .where('id', '=', id)
        .execute();
    },

    async revoke(token: string, now: Date) {
      await db
        .updateTable('sessions')
        .set({ revoked_at: now.toISOString() })
        .where('token_hash', '=', hashToken(token))
        .where('revoked_at', 'is', null)
        .execute();
    },
  };
}
