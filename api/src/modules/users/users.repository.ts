import type { Db } from '../../db/database';
import { hashPassword, type ScryptCost } from './password';

export const normalizeEmail = (email: string) => email.trim().normalize('NFC').toLowerCase();

export function usersRepository(db: Db) {
  return {
    findByEmail(email: string) {
      return db.selectFrom('users').selectAll().where('email', '=', normalizeEmail(email)).executeTakeFirst();
    },

    async add(input: { email: string; password: string; name?: string }, cost?: ScryptCost) {
      const row = await db
        .insertInto('users')
        .values({
          email: normalizeEmail(input.email),
          name: input.name?.trim() ?? '',
          password_hash: await hashPassword(input.password, cost),
          disabled: 0,
          created_at: new Date().toISOString(),
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      return row.id;
    },

    /** Changing a password or disabling an account ends all its sessions. */
    async setPassword(email: string, password: string, cost?: ScryptCost) {
      const user = await this.findByEmail(email);
      if (!user) return false;
      await db
        .updateTable('users')
        .set({ password_hash: await hashPassword(password, cost), disabled: 0 })
        .where('id', '=', user.id)
        .execute();
      await revokeAll(db, user.id);
      return true;
    },

    async disable(email: string) {
      const user = await this.findByEmail(email);
      if (!user) return false;
      await db.updateTable('users').set({ disabled: 1 }).where('id', '=', user.id).execute();
      await revokeAll(db, user.id);
      return true;
    },

    async count() {
      const { n } = await db
        .selectFrom('users')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .executeTakeFirstOrThrow();
      return Number(n);
    },
  };
}

function revokeAll(db: Db, userId: number) {
  return db
    .updateTable('sessions')
    .set({ revoked_at: new Date().toISOString() })
    .where('user_id', '=', userId)
    .where('revoked_at', 'is', null)
    .execute();
}
