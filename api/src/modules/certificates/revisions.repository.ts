import type { Insertable, Kysely } from 'kysely';
import type { CertificateRevisionsTable, Database } from '../../db/schema';

/** The revisions a newer one replaced, each as it printed, and who made them. */
export function revisionsRepository(db: Kysely<Database>) {
  return {
    async insert(row: Insertable<CertificateRevisionsTable>) {
      await db.insertInto('certificate_revisions').values(row).execute();
    },

    /** The revisions a newer one replaced, newest first, with who made each. */
    replaced(id: number) {
      return db
        .selectFrom('certificate_revisions')
        .leftJoin('users', 'users.id', 'certificate_revisions.issued_by')
        .select([
          'certificate_revisions.revision',
          'certificate_revisions.issued_at',
          'users.email as issued_by_email',
          'certificate_revisions.reason',
          'certificate_revisions.replaced_at',
        ])
        .where('certificate_id', '=', id)
        .orderBy('revision', 'desc')
        .execute();
    },

    get(id: number, revision: number) {
      return db
        .selectFrom('certificate_revisions')
        .selectAll()
        .where('certificate_id', '=', id)
        .where('revision', '=', revision)
        .executeTakeFirst();
    },

    /** The e-mail of the account that issued or revised a certificate. */
    async emailOf(accountId: number | null) {
      if (accountId === null) return null;
      const user = await db
        .selectFrom('users')
        .select('email')
        .where('id', '=', accountId)
        .executeTakeFirst();
      return user?.email ?? null;
    },
  };
}

export type RevisionsRepository = ReturnType<typeof revisionsRepository>;
