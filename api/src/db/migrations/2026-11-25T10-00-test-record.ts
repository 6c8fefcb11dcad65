import { sql, type ColumnDefinitionBuilder, type Kysely } from 'kysely';

type Column = [
  name: string,
  type: 'integer' | 'text',
  build?: (col: ColumnDefinitionBuilder) => ColumnDefinitionBuilder,
];

const CERTIFICATE_COLUMNS: Column[] = [
  ['plan_version', 'integer', (col) => col.notNull().defaultTo(0)],
  // JSON of the plan's steps as tested; '' for what was issued before plans (the default plan).
  ['plan_steps', 'text', (col) => col.notNull().defaultTo('')],
  ['tested_by_name', 'text', (col) => col.notNull().defaultTo('')],
  /** released | failed | awaiting_release (contracts' CERTIFICATE_VERDICTS). */
  ['verdict', 'text', (col) => col.notNull().defaultTo('released')],
  ['failed_units', 'integer', (col) => col.notNull().defaultTo(0)],
];

const UNIT_COLUMNS: Column[] = [
  /** released | deviation | failed | awaiting_release (contracts' UNIT_RELEASES). */
  ['release', 'text', (col) => col.notNull().defaultTo('released')],
  ['released_by', 'integer', (col) => col.references('users.id')],
  ['released_at', 'text'],
  ['deviation_reason', 'text'],
];

/**
 * The test record (docs/decisions/0010-test-record.md): versioned test plans per machine, a certificate's plan
 * snapshot, one attempt per unit and test, and each unit's release. What was issued before keeps its checks
 * (read as the default plan's values, version 0); a unit whose certificate said NOT OK is recorded as failed,
 * as it was.
 */
const LEGACY_CHECKS = [
  'perpendicularity',
  'tolerance_of_spindle',
  'magnet_base_switch',
  'motor_switch',
  'guide',
  'isolation',
  'insulation_resistance',
  'accessories',
  'technical_certification',
  'resistance_to_voltage',
];

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('test_plans')
    .addColumn('machine_id', 'integer', (col) => col.notNull().references('machines.id'))
    .addColumn('version', 'integer', (col) => col.notNull())
    .addColumn('steps', 'text', (col) => col.notNull())
    .addColumn('created_at', 'text', (col) => col.notNull())
    .addColumn('created_by', 'integer', (col) => col.notNull().references('users.id'))
    .addPrimaryKeyConstraint('test_plans_pk', ['machine_id', 'version'])
    .execute();

  // SQLite takes one column per ALTER TABLE.
  for (const [table, columns] of [
    ['certificates', CERTIFICATE_COLUMNS],
    ['certificate_units', UNIT_COLUMNS],
  ] as const)
    for (const [name, type, build = (col: ColumnDefinitionBuilder) => col] of columns)
      await db.schema.alterTable(table).addColumn(name, type, build).execute();

  await db.schema
    .createTable('test_attempts')
    .addColumn('certificate_id', 'integer', (col) => col.notNull().references('certificates.id'))
    .addColumn('unit_index', 'integer', (col) => col.notNull())
    .addColumn('attempt', 'integer', (col) => col.notNull())
    // JSON: every step's value as entered, and its verdict (pass, fail, open).
    .addColumn('values', 'text', (col) => col.notNull())
    .addColumn('verdicts', 'text', (col) => col.notNull())
    .addColumn('passed', 'integer', (col) => col.notNull())
    .addColumn('tested_by', 'integer', (col) => col.notNull())
    .addColumn('tested_by_name', 'text', (col) => col.notNull())
    .addColumn('tested_at', 'text', (col) => col.notNull())
    .addPrimaryKeyConstraint('test_attempts_pk', ['certificate_id', 'unit_index', 'attempt'])
    .execute();

  await db.schema.createIndex('certificates_verdict').on('certificates').columns(['verdict', 'id']).execute();

  const failedBefore = sql.join(
    LEGACY_CHECKS.map((column) => sql`${sql.ref(column)} = 'NOT OK'`),
    sql` or `,
  );
  await sql`update certificates set verdict = 'failed', failed_units = quantity - voided_units where ${failedBefore}`.execute(
    db,
  );
  await sql`update certificate_units set release = 'failed' where voided_at is null and certificate_id in (select id from certificates where verdict = 'failed')`.execute(
    db,
  );
  await sql`update certificates set tested_by_name = checked_by`.execute(db);
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('test_attempts').execute();
  await db.schema.dropIndex('certificates_verdict').execute();
  for (const [table, columns] of [
    ['certificates', CERTIFICATE_COLUMNS],
    ['certificate_units', UNIT_COLUMNS],
  ] as const)
    for (const [name] of columns) await db.schema.alterTable(table).dropColumn(name).execute();
  await db.schema.dropTable('test_plans').execute();
}
