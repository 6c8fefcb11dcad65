import { PostgresAdapter, type ColumnDefinitionBuilder, type Kysely } from 'kysely';
import { refuseDeleting, WITH_EXPORTS } from './2026-11-28T16-00-exports';

/*
 * Values from the tester's file (issue 44, docs/tester-files.md): each uploaded file (its bytes in the chunk
 * store, as append-only as the archive's while a row here names them), the mapping of a file's columns to a
 * plan's steps per machine and tester model, Metrel's measurement ids as data, and on each attempt the file its
 * values came from.
 */

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Db = Kysely<any>;

const notNull = (col: ColumnDefinitionBuilder) => col.notNull();

const WITH_TESTER_FILES = `${WITH_EXPORTS}
  or exists (select 1 from tester_files where sha256 = old.sha256)`;

/**
 * Metrel's measurement and result ids (`MID/RID`) decoded from public sources, and the default plan's step each
 * fills (api/src/modules/imports/tester-file.ts reads the ids; docs/tester-files.md says which are decoded).
 */
const METREL_IDS = [
  ['68/135', 'isolation'],
  ['80/135', 'isolation'],
  ['69/139', 'insulation_resistance'],
  ['70/139', 'insulation_resistance'],
  ['118/139', 'insulation_resistance'],
] as const;

export async function up(db: Db): Promise<void> {
  const postgres = db.getExecutor().adapter instanceof PostgresAdapter;
  const id = (table: ReturnType<Db['schema']['createTable']>) =>
    table.addColumn('id', postgres ? 'serial' : 'integer', (col) =>
      postgres ? col.primaryKey() : col.primaryKey().autoIncrement(),
    );
  await id(db.schema.createTable('tester_files'))
    .addColumn('sha256', 'text', (col) => col.notNull().references('document_contents.sha256'))
    .addColumn('size', 'integer', notNull)
    .addColumn('name', 'text', notNull)
    .addColumn('format', 'text', notNull)
    .addColumn('tester_model', 'text', notNull)
    .addColumn('tester_serial', 'text', notNull)
    .addColumn('machine_id', 'integer', (col) => col.notNull().references('machines.id'))
    .addColumn('uploaded_by', 'integer', (col) => col.notNull().references('users.id'))
    .addColumn('uploaded_at', 'text', notNull)
    .execute();
  // The triggers look a tester file's bytes up by their SHA-256 on every delete of a chunk.
  await db.schema.createIndex('tester_files_sha256').on('tester_files').column('sha256').execute();
  await id(db.schema.createTable('import_mappings'))
    .addColumn('machine_id', 'integer', (col) => col.notNull().references('machines.id'))
    .addColumn('tester_model', 'text', notNull)
    /** The column naming the unit's serial; null: the file's rows are the units in order. */
    .addColumn('serial_column', 'text')
    /** JSON: step key → column. */
    .addColumn('steps', 'text', notNull)
    .addColumn('updated_by', 'integer', (col) => col.notNull().references('users.id'))
    .addColumn('updated_at', 'text', notNull)
    .addUniqueConstraint('import_mappings_machine_model', ['machine_id', 'tester_model'])
    .execute();
  await db.schema
    .createTable('tester_measurement_ids')
    .addColumn('vendor', 'text', notNull)
    .addColumn('column_key', 'text', notNull)
    .addColumn('step_key', 'text', notNull)
    .addPrimaryKeyConstraint('tester_measurement_ids_key', ['vendor', 'column_key'])
    .execute();
  await db
    .insertInto('tester_measurement_ids')
    .values(METREL_IDS.map(([column_key, step_key]) => ({ vendor: 'metrel', column_key, step_key })))
    .execute();
  await db.schema
    .alterTable('test_attempts')
    .addColumn('source_file_id', 'integer', (col) => col.references('tester_files.id'))
    .execute();
  await refuseDeleting(db, WITH_TESTER_FILES);
}

export async function down(db: Db): Promise<void> {
  await refuseDeleting(db, WITH_EXPORTS);
  await db.schema.alterTable('test_attempts').dropColumn('source_file_id').execute();
  await db.schema.dropTable('tester_measurement_ids').execute();
  await db.schema.dropTable('import_mappings').execute();
  await db.schema.dropTable('tester_files').execute();
}
