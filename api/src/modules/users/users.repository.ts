import { ROLES, type Role } from 'contracts';
import { sql, type Selectable } from 'kysely';
import type { Db } from '../../db/database';
import type { UsersTable } from '../../db/schema';
import { hashPassword, type ScryptCost } from './password';

export const normalizeEmail = (email: string) => email.trim().normalize('NFC').toLowerCase();

/** Roles are stored comma-separated in a fixed order, so equal sets are equal texts. */
export const rolesToText = (roles: readonly Role[]) => ROLES.filter((role) => roles.includes(role)).join(',');
export const rolesOf = (text: string) =>
  text.split(',').filter((role): role is Role => (ROLES as readonly string[]).includes(role));

export type UserRow = Selectable<UsersTable>;

/** An active administrator other than the account `exceptId`: the one that must remain. */
const otherActiveAdmin = (exceptId: number) =>
  sql<boolean>`exists (select 1 from users other where other.id <> ${exceptId} and other.disabled = 0
    and (',' || other.roles || ',') like '%,admin,%')`;

export function usersRepository(db: Db) {
  return {
    findByEmail(email: string) {
      return db.selectFrom('users').selectAll().where('email', '=', normalizeEmail(email)).executeTakeFirst();
    },

    findById(id: number) {
      return db.selectFrom('users').selectAll().where('id', '=', id).executeTakeFirst();
    },

    /** Every account with the start of its last session, for the admin area; staff are few, so no paging. */
    list() {
      return db
        .selectFrom('users')
        .selectAll('users')
        .select((eb) =>
          eb
            .selectFrom('sessions')
            .whereRef('sessions.user_id', '=', 'users.id')
            .select((s) => s.fn.max('sessions.created_at').as('at'))
            .as('last_sign_in_at'),
        )
        .orderBy('users.email')
        .execute();
    },

    async add(
      input: {
        email: string;
        password: string;
        name?: string;
        roles?: readonly Role[];
        mustChangePassword?: boolean;
      },
      cost?: ScryptCost,
    ) {
      const row = await db
        .insertInto('users')
        .values({
          email: normalizeEmail(input.email),
          name: input.name?.trim() ?? '',
          password_hash: await hashPassword(input.password, cost),
          disabled: 0,
          created_at: new Date().toISOString(),
          roles: rolesToText(input.roles ?? ['admin']),
          must_change_password: input.mustChangePassword ? 1 : 0,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      return row.id;
    },

    /**
     * A new password ends all the account's sessions, except `keepSession` (the one that changed its own
     * password). It never enables a disabled account.
     */
    async setPassword(
      id: number,
      password: string,
      options: { mustChange: boolean; keepSession?: number; cost?: ScryptCost },
    ) {
      await db
        .updateTable('users')
        .set({
          password_hash: await hashPassword(password, options.cost),
          must_change_password: options.mustChange ? 1 : 0,
        })
        .where('id', '=', id)
        .execute();
      await revokeAll(db, id, options.keepSession);
    },

    /** Disables the account and ends its sessions; false when it is the last active administrator. */
    async disable(id: number) {
      const result = await db
        .updateTable('users')
        .set({ disabled: 1 })
        .where('id', '=', id)
        .where(sql<boolean>`(not ${isAdmin()} or ${otherActiveAdmin(id)})`)
        .executeTakeFirst();
      if (Number(result.numUpdatedRows) === 0) return false;
      await revokeAll(db, id);
      return true;
    },

    async enable(id: number) {
      await db.updateTable('users').set({ disabled: 0 }).where('id', '=', id).execute();
    },

    /** Sets the roles; false when that would take the role from the last active administrator. */
    async setRoles(id: number, roles: readonly Role[]) {
      let query = db
        .updateTable('users')
        .set({ roles: rolesToText(roles) })
        .where('id', '=', id);
      if (!roles.includes('admin'))
        query = query.where(sql<boolean>`(not ${isAdmin()} or disabled = 1 or ${otherActiveAdmin(id)})`);
      const result = await query.executeTakeFirst();
      return Number(result.numUpdatedRows) > 0;
    },

    async count() {
      const { n } = await db
        .selectFrom('users')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .executeTakeFirstOrThrow();
      return Number(n);
    },

    revokeSessions: (id: number, keepSession?: number) => revokeAll(db, id, keepSession),
  };
}

const isAdmin = () => sql<boolean>`(',' || roles || ',') like '%,admin,%'`;

function revokeAll(db: Db, accountId: number, keepSession?: number) {
  let query = db
    .updateTable('sessions')
    .set({ revoked_at: new Date().toISOString() })
    .where('user_id', '=', accountId)
    .where('revoked_at', 'is', null);
  if (keepSession !== undefined) query = query.where('id', '<>', keepSession);
  return query.execute();
}
