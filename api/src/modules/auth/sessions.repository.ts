import crypto from 'node:crypto';
import type { Db } from '../../db/database';
import { prepare } from '../../db/prepared';
import type { ReadCache } from '../../db/read-cache';

export const hashToken = (token: string) => crypto.createHash('sha256').update(token).digest('hex');

/** last_seen_at is written at most this often, so reads do not turn into writes on every request. */
const TOUCH_INTERVAL_MS = 60_000;

export function sessionsRepository(
  db: Db,
  cached: ReadCache,
  limits: { idleMinutes: number; maxHours: number },
) {
  // Every staff request asks this. The row does not depend on the clock, so it can be kept until the
  // database changes (a logout, a disabled user); expiry is judged on it at each request.
  const find = prepare(db, (v: { tokenHash: string }) =>
    db
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
      .where('sessions.token_hash', '=', v.tokenHash),
  );

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
      const tokenHash = hashToken(token);
      const [session] = await cached(`session ${tokenHash}`, () => find({ tokenHash }));
      const idleSince = new Date(now.getTime() - limits.idleMinutes * 60_000).toISOString();
      const live =
        session &&
        session.revoked_at === null &&
        !session.disabled &&
        session.expires_at > now.toISOString() &&
        session.last_seen_at > idleSince;
      if (!live) return undefined;
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
