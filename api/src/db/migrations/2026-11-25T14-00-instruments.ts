import { PostgresAdapter, type ColumnDefinitionBuilder, type Kysely } from 'kysely';

/**
 * Test instruments, their calibrations, which instrument took which values, and the impact entries of an
 * instrument found out of tolerance (docs/decisions/0018-instruments.md).
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  const postgres = db.getExecutor().adapter instanceof PostgresAdapter;
  const idType = postgres ? 'serial' : 'integer';
  const id = (col: ColumnDefinitionBuilder) =>
    postgres ? col.primaryKey() : col.primaryKey().autoIncrement();
  await db.schema
    .createTable('instruments')
    .addColumn('id', idType, id)
    .addColumn('inventory_number', 'text', (col) => col.notNull())
    // Lower-cased, so "PM-01" and "pm-01" are one number.
    .addColumn('inventory_key', 'text', (col) => col.notNull().unique())
    .addColumn('name', 'text', (col) => col.notNull())
    .addColumn('maker', 'text', (col) => col.notNull())
    .addColumn('model', 'text', (col) => col.notNull())
    .addColumn('serial_number', 'text', (col) => col.notNull())
    .addColumn('kind', 'text', (col) => col.notNull())
    .addColumn('interval_months', 'integer', (col) => col.notNull())
    .addColumn('last_calibrated', 'text', (col) => col.notNull())
    .addColumn('due', 'text', (col) => col.notNull())
    .addColumn('status', 'text', (col) => col.notNull())
    .addColumn('created_at', 'text', (col) => col.notNull())
    .addColumn('updated_at', 'text', (col) => col.notNull())
    .execute();

  await db.schema
    .createTable('instrument_calibrations')
    .addColumn('id', idType, id)
    .addColumn('instrument_id', 'integer', (col) => col.notNull().references('instruments.id'))
    .addColumn('calibrated_on', 'text', (col) => col.notNull())
    .addColumn('result', 'text', (col) => col.notNull())
    .addColumn('suspect_since', 'text')
    .addColumn('note', 'text', (col) => col.notNull())
    .addColumn('recorded_by', 'integer', (col) => col.notNull().references('users.id'))
    .addColumn('recorded_at', 'text', (col) => col.notNull())
    .execute();

  await db.schema
    .createTable('attempt_instruments')
    .addColumn('certificate_id', 'integer', (col) => col.notNull().references('certificates.id'))
    .addColumn('unit_index', 'integer', (col) => col.notNull())
    .addColumn('attempt', 'integer', (col) => col.notNull())
    .addColumn('step_key', 'text', (col) => col.notNull())
    .addColumn('instrument_id', 'integer', (col) => col.notNull().references('instruments.id'))
    // As it was when it measured: the print names it so.
    .addColumn('inventory_number', 'text', (col) => col.notNull())
    .addColumn('due', 'text', (col) => col.notNull())
    .addColumn('tested_at', 'text', (col) => col.notNull())
    .addPrimaryKeyConstraint('attempt_instruments_pk', [
      'certificate_id',
      'unit_index',
      'attempt',
      'step_key',
    ])
    .execute();
  // The impact of an instrument out of tolerance: everything it measured since a day.
  await db.schema
    .createIndex('attempt_instruments_by_instrument')
    .on('attempt_instruments')
    .columns(['instrument_id', 'tested_at'])
    .execute();

  await db.schema
    .createTable('impact_entries')
    .addColumn('id', idType, id)
    .addColumn('calibration_id', 'integer', (col) => col.notNull().references('instrument_calibrations.id'))
    .addColumn('instrument_id', 'integer', (col) => col.notNull().references('instruments.id'))
    .addColumn('certificate_id', 'integer', (col) => col.notNull().references('certificates.id'))
    .addColumn('closed_as', 'text')
    .addColumn('note', 'text')
    .addColumn('closed_by', 'integer', (col) => col.references('users.id'))
    .addColumn('closed_at', 'text')
    .addUniqueConstraint('impact_entries_once', ['calibration_id', 'certificate_id'])
    .execute();
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function down(db: Kysely<any>): Promise<void> {
  for (const table of ['impact_entries', 'attempt_instruments', 'instrument_calibrations', 'instruments'])
    await db.schema.dropTable(table).execute();
}
