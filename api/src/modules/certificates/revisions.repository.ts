import type { ExpressionBuilder, Insertable, Kysely } from 'kysely';
import type { CertificateRevisionsTable, Database } from '../../db/schema';

/** How people read an account: its name, its e-mail when it has none (as the audit trail names it). */
const nameOf = (eb: ExpressionBuilder<Database, 'users'>) =>
  eb.fn
    .coalesce(eb.fn<string | null>('nullif', ['users.name', eb.val('')]), 'users.email')
    .as('issued_by_name');

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
          nameOf,
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

    /** The e-mail and name of the account that issued or revised a certificate. */
    async issuerOf(accountId: number | null) {
      const user =
        accountId === null
          ? undefined
          : await db
              .selectFrom('users')
              .select(['email as issued_by_email', nameOf])
              .where('id', '=', accountId)
              .executeTakeFirst();
      return { issued_by_email: user?.issued_by_email ?? null, issued_by_name: user?.issued_by_name ?? null };
    },
  };
}

export type RevisionsRepository = ReturnType<typeof revisionsRepository>;
