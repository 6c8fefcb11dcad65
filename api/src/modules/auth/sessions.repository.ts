import crypto from 'node:crypto';
import type { Db } from '../../db/database';

export const hashToken = (token: string) => crypto.createHash('sha256').update(token).digest('hex');

/** last_seen_at is written at most this often, so reads do not turn into writes on every request. */
const TOUCH_INTERVAL_MS = 60_000;

export function sessionsRepository(db: Db, limits: { idleMinutes: number; maxHours: number }) {
  return {
    async create(userId: number, now = new Date()): Promise<string> {
      const token = crypto.randomBytes(32).toString('base64url');
      await db
        .insertInto('sessions')
        .values({
          token_hash: hashToken(token),
          user_id: userId,
          created_at: now.toISOString(),
          last_seen_at: now.toISOString(),
          expires_at: new Date(now.getTime() + limits.maxHours * 3600_000).toISOString(),
          revoked_at: null,
        })
        .execute();
      return token;
    },

    /** The user id of a live session, or undefined when the token is unknown, revoked, idle or expired. */
    async resolve(token: string, now = new Date()): Promise<number | undefined> {
      const idleSince = new Date(now.getTime() - limits.idleMinutes * 60_000).toISOString();
      const session = await db
        .selectFrom('sessions')
        .innerJoin('users', 'users.id', 'sessions.user_id')
        .select(['sessions.id', 'sessions.user_id', 'sessions.last_seen_at'])
        .where('sessions.token_hash', '=', hashToken(token))
        .where('sessions.revoked_at', 'is', null)
        .where('sessions.expires_at', '>', now.toISOString())
        .where('sessions.last_seen_at', '>', idleSince)
        .where('users.disabled', '=', 0)
        .executeTakeFirst();
      if (!session) return undefined;
      if (now.getTime() - Date.parse(session.last_seen_at) > TOUCH_INTERVAL_MS) {
        await db
          .updateTable('sessions')
          .set({ last_seen_at: now.toISOString() })
          .where('id', '=', session.id)
          .execute();
      }
      return session.user_id;
    },

    async revoke(token: string, now = new Date()) {
      await db
        .updateTable('sessions')
        .set({ revoked_at: now.toISOString() })
        .where('token_hash', '=', hashToken(token))
        .where('revoked_at', 'is', null)
        .execute();
    },
  };
}
