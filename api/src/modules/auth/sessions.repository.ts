import crypto from 'node:crypto';
import { sql, type Selectable } from 'kysely';
import type { Db } from '../../db/database';
import type { SessionsTable, UsersTable } from '../../db/schema';

type SessionRow = Pick<
  Selectable<SessionsTable>,
  'id' | 'user_id' | 'last_seen_at' | 'expires_at' | 'revoked_at'
> &
  Pick<UsersTable, 'disabled' | 'roles' | 'must_change_password' | 'language'> & {
    two_factor: number;
    require_two_factor: string | null;
  };

/** Only a token's SHA-256 is stored: a copy of the table signs nobody in. */
export const hashToken = (token: string) => crypto.createHash('sha256').update(token).digest('hex');

export function sessionsRepository(db: Db) {
  return {
    async insert(session: {
      token: string;
      accountId: number;
      now: Date;
      expiresAt: Date;
      idToken?: string | null;
    }) {
      await db
        .insertInto('sessions')
        .values({
          token_hash: hashToken(session.token),
          user_id: session.accountId,
          created_at: session.now.toISOString(),
          last_seen_at: session.now.toISOString(),
          expires_at: session.expiresAt.toISOString(),
          revoked_at: null,
          id_token: session.idToken ?? null,
        })
        .execute();
    },

    /**
     * The session of a token with its account's state (disabled, roles, what it must set up first), in one
     * indexed statement: a role change or a disabled account counts from the very next request. Written as SQL: every staff
     * request asks it, and building it with the query builder cost more than running it
     * (docs/architecture.md#budgets).
     */
    async find(token: string): Promise<SessionRow | undefined> {
      const { rows } = await sql<SessionRow>`
        select sessions.id, sessions.user_id, sessions.last_seen_at, sessions.expires_at, sessions.revoked_at,
               users.disabled, users.roles, users.must_change_password, users.language,
               case when users.totp_secret is null then 0 else 1 end as two_factor,
               case when sessions.id_token is not null then 'false'
                    when users.two_factor_required = 1 then 'true'
                    else (select value from settings where key = 'require_two_factor') end as require_two_factor
        from sessions
        join users on users.id = sessions.user_id
        where sessions.token_hash = ${hashToken(token)}`.execute(db);
      return rows[0];
    },

    /** The provider's ID token of a session started with the company account; null for a local one. */
    async idTokenOf(sessionId: number) {
      const row = await db
        .selectFrom('sessions')
        .select('id_token')
        .where('id', '=', sessionId)
        .executeTakeFirst();
      return row?.id_token ?? null;
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

export type SessionsRepository = ReturnType<typeof sessionsRepository>;
