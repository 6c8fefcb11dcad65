import { PostgresAdapter, type ColumnDefinitionBuilder, type Kysely } from 'kysely';

/*
 * Documents behind the QR code (docs/decisions/0012-documents.md). A PDF's bytes are stored once per content
 * (SHA-256) in chunks of 256 KiB, so a download reads a few rows at a time instead of one 50 MB value
 * (docs/decisions/0002-images-in-database.md keeps images whole: they are small). Versions are rows that are
 * never deleted; paper-copy requests keep their row when the personal data is erased.
 */

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Db = Kysely<any>;

const isPostgres = (db: Db) => db.getExecutor().adapter instanceof PostgresAdapter;
const notNull = (col: ColumnDefinitionBuilder) => col.notNull();

export async function up(db: Db): Promise<void> {
  const postgres = isPostgres(db);
  const id = (col: ColumnDefinitionBuilder) =>
    postgres ? col.primaryKey() : col.primaryKey().autoIncrement();
  const idType = postgres ? 'serial' : 'integer';

  await db.schema
    .createTable('document_contents')
    .addColumn('sha256', 'text', (col) => col.primaryKey())
    .addColumn('size', 'integer', notNull)
    .addColumn('chunk_count', 'integer', notNull)
    .addColumn('created_at', 'text', notNull)
    .execute();
  await db.schema
    .createTable('document_chunks')
    .addColumn('sha256', 'text', (col) => col.notNull().references('document_contents.sha256'))
    .addColumn('seq', 'integer', notNull)
    .addColumn('bytes', postgres ? 'bytea' : 'blob', notNull)
    .addPrimaryKeyConstraint('document_chunks_pk', ['sha256', 'seq'])
    .execute();
  await db.schema
    .createTable('machine_documents')
    .addColumn('id', idType, id)
    .addColumn('machine_id', 'integer', (col) => col.notNull().references('machines.id'))
    .addColumn('kind', 'text', notNull)
    .addColumn('language', 'text', notNull)
    .addColumn('valid_from', 'text', notNull)
    .addColumn('sha256', 'text', (col) => col.notNull().references('document_contents.sha256'))
    .addColumn('file_name', 'text', notNull)
    .addColumn('created_at', 'text', notNull)
    .addColumn('created_by', 'integer', notNull)
    .addUniqueConstraint('machine_documents_version', ['machine_id', 'kind', 'language', 'valid_from'])
    .execute();
  await db.schema
    .createTable('paper_requests')
    .addColumn('id', idType, id)
    .addColumn('machine_id', 'integer', (col) => col.notNull().references('machines.id'))
    .addColumn('serial', 'text', notNull)
    .addColumn('kind', 'text', notNull)
    .addColumn('language', 'text', notNull)
    .addColumn('name', 'text', notNull)
    .addColumn('address', 'text', notNull)
    .addColumn('email', 'text', notNull)
    .addColumn('created_at', 'text', notNull)
    .addColumn('due', 'text', notNull)
    .addColumn('sent_on', 'text')
    .addColumn('sent_by', 'integer')
    .addColumn('erased_at', 'text')
    .execute();
  await db.schema
    .createIndex('paper_requests_open')
    .on('paper_requests')
    .columns(['sent_on', 'due'])
    .execute();
}

export async function down(db: Db): Promise<void> {
  for (const table of ['paper_requests', 'machine_documents', 'document_chunks', 'document_contents'])
    await db.schema.dropTable(table).execute();
}
