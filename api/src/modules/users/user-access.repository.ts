import type { Role } from 'contracts';
import { sql } from 'kysely';
import type { Db } from '../../db/database';
import { hashPassword, type ScryptCost } from './password';
import { rolesToText } from './roles';

const isAdmin = () => sql<boolean>`(',' || roles || ',') like '%,admin,%'`;

/** An active administrator other than the account `exceptId`: the one that must remain. */
const otherActiveAdmin = (exceptId: number) =>
  sql<boolean>`exists (select 1 from users other where other.id <> ${exceptId} and other.disabled = 0
    and (',' || other.roles || ',') like '%,admin,%')`;

function revokeAll(db: Db, accountId: number, keepSession?: number) {
  let query = db
    .updateTable('sessions')
    .set({ revoked_at: new Date().toISOString() })
    .where('user_id', '=', accountId)
    .where('revoked_at', 'is', null);
  if (keepSession !== undefined) query = query.where('id', '<>', keepSession);
  return query.execute();
}

/**
 * Changes to who may sign in and with which roles. Each keeps one active administrator in the same
 * statement, and each that takes access away ends the account's sessions.
 */
export function userAccessRepository(db: Db) {
  return {
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

    revokeSessions: (id: number, keepSession?: number) => revokeAll(db, id, keepSession),
  };
}

export type UserAccessRepository = ReturnType<typeof userAccessRepository>;
