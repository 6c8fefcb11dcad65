import { PostgresAdapter, sql, type Kysely } from 'kysely';

/**
 * Filters of the certificate list and the charts of the reports view at a million certificates
 * (docs/architecture.md#reports-filters-exports-charts). Each filter column gets an index with the issue time, so a filter plus a date
 * range reads only its own rows. The charts read three small tables of units per month, kept up to date by the
 * issuing transaction (and by a void, with voided units) instead of summing a million certificates per call.
 * The month is the issue month in Europe/Berlin, the YYMM of the serial base (docs/decisions/0004-serial-scheme.md).
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
const isPostgres = (db: Kysely<any>) => db.getExecutor().adapter instanceof PostgresAdapter;

const FILTERED = {
  certificates_brand_created: 'brand_id',
  certificates_machine_created: 'machine_id',
  certificates_checker_created: 'checked_by_key',
  certificates_status_created: 'status',
};

const COUNTS = ['certificates', 'units', 'voided_units'];

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  for (const [name, column] of Object.entries(FILTERED))
    await db.schema.createIndex(name).on('certificates').columns([column, 'created_at']).execute();
  // The composite index above answers every lookup the machine index did.
  await db.schema.dropIndex('certificates_machine').ifExists().execute();

  // Units per month by brand and by checker (the name as last typed beside its lower-cased key, the key the
  // list's search uses), and by machine per month and per year: the top machines of a month or a year are then
  // the first rows of an index, not a sum over every machine.
  const tables = [
    { table: 'units_by_brand', time: 'month', key: 'brand_id' },
    { table: 'units_by_machine', time: 'period', key: 'machine_id' },
    { table: 'units_by_checker', time: 'month', key: 'checker_key' },
  ];
  for (const { table, time, key } of tables) {
    let create = db.schema
      .createTable(table)
      .addColumn(time, 'text', (col) => col.notNull())
      .addColumn(key, key === 'checker_key' ? 'text' : 'integer', (col) => col.notNull());
    if (key === 'checker_key') create = create.addColumn('checker', 'text', (col) => col.notNull());
    for (const count of COUNTS)
      create = create.addColumn(count, 'integer', (col) => col.notNull().defaultTo(0));
    await create.addPrimaryKeyConstraint(`${table}_pk`, [time, key] as never).execute();
  }
  await db.schema
    .createIndex('units_by_machine_top')
    .on('units_by_machine')
    .columns(['period', 'units', 'machine_id'])
    .execute();

  // What was issued before this migration: the month is '20' + the serial base's last four digits.
  const postgres = isPostgres(db);
  const yymm = postgres ? 'right(serial_base, 4)' : 'substr(serial_base, -4)';
  const month = sql.raw(`'20' || substr(${yymm}, 1, 2) || '-' || substr(${yymm}, 3, 2)`);
  const year = sql.raw(`'20' || substr(${yymm}, 1, 2)`);
  await sql`insert into units_by_brand (month, brand_id, certificates, units, voided_units)
    select ${month}, brand_id, count(*), sum(quantity), 0 from certificates group by 1, 2`.execute(db);
  for (const period of [month, year])
    await sql`insert into units_by_machine (period, machine_id, certificates, units, voided_units)
      select ${period}, machine_id, count(*), sum(quantity), 0 from certificates group by 1, 2`.execute(db);
  await sql`insert into units_by_checker (month, checker_key, checker, certificates, units, voided_units)
    select ${month}, checked_by_key, max(checked_by), count(*), sum(quantity), 0 from certificates
    group by 1, 2`.execute(db);
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function down(db: Kysely<any>): Promise<void> {
  for (const table of ['units_by_brand', 'units_by_machine', 'units_by_checker'])
    await db.schema.dropTable(table).execute();
  await db.schema.createIndex('certificates_machine').on('certificates').column('machine_id').execute();
  for (const name of Object.keys(FILTERED)) await db.schema.dropIndex(name).execute();
}
