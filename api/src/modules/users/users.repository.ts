import { DEFAULT_STAFF_LANGUAGE, type Role, type StaffLanguage } from 'contracts';
import type { Selectable } from 'kysely';
import type { Db } from '../../db/database';
import type { UsersTable } from '../../db/schema';
import { hashPassword, type ScryptCost } from './password';
import { rolesToText } from './roles';
import { userAccessRepository } from './user-access.repository';

export const normalizeEmail = (email: string) => email.trim().normalize('NFC').toLowerCase();

export type UserRow = Selectable<UsersTable>;

/**
 * Staff accounts: looked up for sign-in and the admin area, and added, here; what changes who may sign in
 * (password, disabling, roles, sessions) is in user-access.repository.ts, which guards the last administrator.
 */
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
        language?: StaffLanguage;
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
          language: input.language ?? DEFAULT_STAFF_LANGUAGE,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      return row.id;
    },

    async setLanguage(id: number, language: StaffLanguage) {
      await db.updateTable('users').set({ language }).where('id', '=', id).execute();
    },

    async count() {
      const { n } = await db
        .selectFrom('users')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .executeTakeFirstOrThrow();
      return Number(n);
    },

    ...userAccessRepository(db),
  };
}

export type UsersRepository = ReturnType<typeof usersRepository>;
