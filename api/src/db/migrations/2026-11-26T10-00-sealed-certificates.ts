import { PostgresAdapter, sql, type ColumnDefinitionBuilder, type Kysely } from 'kysely';

/*
 * The sealed certificate documents (docs/decisions/0020-sealed-certificate.md): one row per sealed PDF, its bytes
 * in the document store of migration 2026-11-25T12-00-documents by SHA-256; appended, never changed, and the
 * database refuses an update or delete as it does for the audit trail (2026-11-23T04-00-audit-events). And the
 * development seal, made once and shared by every instance on the same database.
 */

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Db = Kysely<any>;

const notNull = (col: ColumnDefinitionBuilder) => col.notNull();

export async function up(db: Db): Promise<void> {
  const postgres = db.getExecutor().adapter instanceof PostgresAdapter;
  await db.schema
    .createTable('certificate_documents')
    .addColumn('id', postgres ? 'serial' : 'integer', (col) =>
      postgres ? col.primaryKey() : col.primaryKey().autoIncrement(),
    )
    .addColumn('certificate_id', 'integer', (col) => col.notNull().references('certificates.id'))
    // 1, 2, … per certificate, over both scopes.
    .addColumn('seq', 'integer', notNull)
    .addColumn('event', 'text', notNull)
    .addColumn('scope', 'text', notNull)
    // The unit's serial of a customer copy; '' for the whole certificate (a NULL would never be unique).
    .addColumn('serial', 'text', notNull)
    // The certificate's version and revision the document shows.
    .addColumn('certificate_version', 'integer', notNull)
    .addColumn('revision', 'integer', notNull)
    .addColumn('sha256', 'text', (col) => col.notNull().unique().references('document_contents.sha256'))
    .addColumn('size', 'integer', notNull)
    .addColumn('page_count', 'integer', notNull)
    .addColumn('created_at', 'text', notNull)
    .addUniqueConstraint('certificate_documents_seq', ['certificate_id', 'seq'])
    // One document per state and scope, however many instances render it at once.
    .addUniqueConstraint('certificate_documents_state', ['certificate_id', 'serial', 'certificate_version'])
    .execute();
  await db.schema
    .createTable('seals')
    .addColumn('name', 'text', (col) => col.primaryKey())
    .addColumn('private_key', 'text', notNull)
    .addColumn('certificate', 'text', notNull)
    .addColumn('created_at', 'text', notNull)
    .execute();
  // Certificates issued before sealing existed are sealed when first asked for, not all at the next start: the
  // start-up sweep (api/src/modules/certificate-pdf/certificate-archive.ts) begins at the next certificate.
  await sql`insert into settings (key, value)
    select 'sealed_documents_from', cast(coalesce(max(id), 0) + 1 as text) from certificates`.execute(db);
  if (postgres) {
    await sql`create function certificate_documents_append_only() returns trigger language plpgsql as $$
      begin raise exception 'certificate_documents is append-only'; end $$`.execute(db);
    await sql`create trigger certificate_documents_append_only before update or delete or truncate
      on certificate_documents for each statement execute function certificate_documents_append_only()`.execute(
      db,
    );
  } else {
    for (const change of ['update', 'delete'])
      await sql`create trigger ${sql.raw(`certificate_documents_no_${change}`)} before ${sql.raw(change)}
        on certificate_documents begin select raise(abort, 'certificate_documents is append-only'); end`.execute(
        db,
      );
  }
}

export async function down(db: Db): Promise<void> {
  await db.deleteFrom('settings').where('key', '=', 'sealed_documents_from').execute();
  await db.schema.dropTable('seals').execute();
  await db.schema.dropTable('certificate_documents').execute();
  if (db.getExecutor().adapter instanceof PostgresAdapter)
    await sql`drop function certificate_documents_append_only()`.execute(db);
}
