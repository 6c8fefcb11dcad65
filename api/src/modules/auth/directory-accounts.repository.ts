import type { Role } from 'contracts';
import type { Db } from '../../db/database';
import { rolesToText } from '../users/roles';
import { normalizeEmail } from '../users/users.repository';

/** Accounts as the directory knows them: by `<issuer> <sub>`, which never changes, unlike an e-mail. */
export function directoryAccountsRepository(db: Db) {
  const bySubject = (subject: string) =>
    db.selectFrom('users').selectAll().where('directory_subject', '=', subject).executeTakeFirst();

  return {
    bySubject,

    /**
     * A new company account without a password (an empty hash matches none, users/password.ts). Two first
     * sign-ins of one person at the same moment make one account: the loser of the unique index reads the
     * winner's.
     */
    async create(input: { subject: string; email: string; name: string; roles: readonly Role[]; now: Date }) {
      try {
        await db
          .insertInto('users')
          .values({
            email: normalizeEmail(input.email),
            name: input.name,
            password_hash: '',
            disabled: 0,
            created_at: input.now.toISOString(),
            roles: rolesToText(input.roles),
            must_change_password: 0,
            directory_subject: input.subject,
            roles_synced_at: input.now.toISOString(),
          })
          .execute();
        return { account: (await bySubject(input.subject))!, created: true };
      } catch (error) {
        const account = await bySubject(input.subject);
        if (!account) throw error;
        return { account, created: false };
      }
    },

    /** Links a local account to the directory; false when another sign-in linked it first. */
    async link(accountId: number, subject: string) {
      const result = await db
        .updateTable('users')
        .set({ directory_subject: subject })
        .where('id', '=', accountId)
        .where('directory_subject', 'is', null)
        .executeTakeFirst();
      return Number(result.numUpdatedRows) === 1;
    },

    /**
     * The directory's roles, written only over the roles `before` (a sign-in at the same moment that already
     * wrote them changed nothing); true when this call changed them. The directory decides: the last
     * administrator guard of user-access.repository.ts is for changes made here, not for a leaver.
     */
    async syncRoles(accountId: number, before: string, roles: readonly Role[], now: Date) {
      const text = rolesToText(roles);
      const changed = await db
        .updateTable('users')
        .set({ roles: text, roles_synced_at: now.toISOString() })
        .where('id', '=', accountId)
        .where('roles', '=', before)
        .executeTakeFirst();
      if (Number(changed.numUpdatedRows) === 0)
        await db
          .updateTable('users')
          .set({ roles_synced_at: now.toISOString() })
          .where('id', '=', accountId)
          .execute();
      return text !== before && Number(changed.numUpdatedRows) === 1;
    },
  };
}

export type DirectoryAccountsRepository = ReturnType<typeof directoryAccountsRepository>;
