import { PostgresAdapter, sql, type ColumnDefinitionBuilder, type Kysely } from 'kysely';
import { REFERRED as ARCHIVED } from './2026-11-28T12-00-append-only-chunks';

/*
 * Exports as files (docs/decisions/0037-exports-as-files.md): an export asked for is a row here and a job; the
 * worker writes its file into the chunk store, and after a day the row and the file's bytes are removed. While
 * an export refers to its bytes they are as append-only as the archive's (2026-11-28T12-00-append-only-chunks):
 * the triggers name this table beside the archive's, so only the bytes of an export removed before may go.
 */

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Db = Kysely<any>;

const notNull = (col: ColumnDefinitionBuilder) => col.notNull();

export const WITH_EXPORTS = `${ARCHIVED}
  or exists (select 1 from certificate_exports where sha256 = old.sha256)`;

/** The triggers that refuse deleting referred bytes, with `referred` as their condition. */
export async function refuseDeleting(db: Db, referred: string) {
  if (db.getExecutor().adapter instanceof PostgresAdapter) {
    await sql`create or replace function stored_bytes_append_only() returns trigger language plpgsql as $$
      begin
        if tg_op = 'DELETE' and not (${sql.raw(referred)}) then return old; end if;
        raise exception '% of a stored document is append-only', tg_table_name;
      end $$`.execute(db);
    return;
  }
  for (const table of ['document_chunks', 'document_contents']) {
    await sql`drop trigger ${sql.raw(`${table}_no_delete`)}`.execute(db);
    await sql`create trigger ${sql.raw(`${table}_no_delete`)} before delete on ${sql.raw(table)}
      when ${sql.raw(referred)}
      begin select raise(abort, '${sql.raw(table)} of a stored document is append-only'); end`.execute(db);
  }
}

export async function up(db: Db): Promise<void> {
  const postgres = db.getExecutor().adapter instanceof PostgresAdapter;
  await db.schema
    .createTable('certificate_exports')
    .addColumn('id', postgres ? 'serial' : 'integer', (col) =>
      postgres ? col.primaryKey() : col.primaryKey().autoIncrement(),
    )
    .addColumn('account_id', 'integer', (col) => col.notNull().references('users.id'))
    // Done jobs are forgotten after a day (api/src/platform/housekeeping.ts): no foreign key.
    .addColumn('job_id', 'integer')
    .addColumn('format', 'text', notNull)
    .addColumn('rows', 'text', notNull)
    .addColumn('request', 'text', notNull)
    .addColumn('file_name', 'text', notNull)
    .addColumn('sha256', 'text', (col) => col.references('document_contents.sha256'))
    .addColumn('size', 'integer')
    .addColumn('row_count', 'integer')
    .addColumn('created_at', 'text', notNull)
    .addColumn('ready_at', 'text')
    .addColumn('expires_at', 'text', notNull)
    .execute();
  await db.schema
    .createIndex('certificate_exports_account')
    .on('certificate_exports')
    .column('account_id')
    .execute();
  await db.schema
    .createIndex('certificate_exports_expires')
    .on('certificate_exports')
    .column('expires_at')
    .execute();
  // The triggers look an export's bytes up by their SHA-256 on every delete of a chunk.
  await db.schema
    .createIndex('certificate_exports_sha256')
    .on('certificate_exports')
    .column('sha256')
    .execute();
  await refuseDeleting(db, WITH_EXPORTS);
}

export async function down(db: Db): Promise<void> {
  await refuseDeleting(db, ARCHIVED);
  await db.schema.dropTable('certificate_exports').execute();
}
