import type { ColumnDefinitionBuilder, Kysely } from 'kysely';

type Column = [
  name: string,
  type: 'integer' | 'text',
  build?: (col: ColumnDefinitionBuilder) => ColumnDefinitionBuilder,
];

const byAccount = (col: ColumnDefinitionBuilder) => col.references('users.id');

const CERTIFICATE_COLUMNS: Column[] = [
  ['revision', 'integer', (col) => col.notNull().defaultTo(1)],
  // Every change counts one up; a change made on an older version is refused (optimistic concurrency).
  ['version', 'integer', (col) => col.notNull().defaultTo(1)],
  /** issued | revised | partly_voided | voided (contracts' CERTIFICATE_STATUSES). */
  ['status', 'text', (col) => col.notNull().defaultTo('issued')],
  ['voided_units', 'integer', (col) => col.notNull().defaultTo(0)],
  // The current revision: when, by whom and why it was made (null for the first issue).
  ['revised_at', 'text'],
  ['revised_by', 'integer', byAccount],
  ['revision_reason', 'text'],
  // A void of the whole certificate.
  ['voided_at', 'text'],
  ['voided_by', 'integer', byAccount],
  ['void_reason', 'text'],
];

const UNIT_COLUMNS: Column[] = [
  ['voided_at', 'text'],
  ['voided_by', 'integer', byAccount],
  ['void_reason', 'text'],
];

/**
 * What happens to a certificate after it is issued (docs/architecture.md#certificate-lifecycle): revisions
 * keep the number and the serials, voids withdraw the whole certificate or single units. Nothing is deleted:
 * each revision a newer one replaced stays in `certificate_revisions`, voided units stay with their reason.
 * Columns with a constant default are added without rewriting the table, on SQLite and PostgreSQL alike;
 * SQLite takes one column per ALTER TABLE.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  for (const [table, columns] of [
    ['certificates', CERTIFICATE_COLUMNS],
    ['certificate_units', UNIT_COLUMNS],
  ] as const)
    for (const [name, type, build = (col: ColumnDefinitionBuilder) => col] of columns)
      await db.schema.alterTable(table).addColumn(name, type, build).execute();
  await db.schema
    .createTable('certificate_revisions')
    .addColumn('certificate_id', 'integer', (col) => col.notNull().references('certificates.id'))
    .addColumn('revision', 'integer', (col) => col.notNull())
    /** JSON: the revisable fields as this revision printed them. */
    .addColumn('fields', 'text', (col) => col.notNull())
    .addColumn('issued_at', 'text', (col) => col.notNull())
    .addColumn('issued_by', 'integer', byAccount)
    .addColumn('reason', 'text')
    .addColumn('replaced_at', 'text', (col) => col.notNull())
    .addPrimaryKeyConstraint('certificate_revisions_pkey', ['certificate_id', 'revision'])
    .execute();
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('certificate_revisions').execute();
  for (const [table, columns] of [
    ['certificate_units', UNIT_COLUMNS],
    ['certificates', CERTIFICATE_COLUMNS],
  ] as const)
    for (const [name] of columns) await db.schema.alterTable(table).dropColumn(name).execute();
}
