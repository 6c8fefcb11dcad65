import { PostgresAdapter, sql, type Kysely } from 'kysely';

/**
 * The month a certificate counts in for the reports (YYYY-MM, Europe/Berlin), stored when it is issued instead of
 * read back out of its serial base. What was issued before keeps the month the units per month counted it in
 * (migration 2026-11-23T11-00-reports): '20' + the serial base's last four digits.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
const isPostgres = (db: Kysely<any>) => db.getExecutor().adapter instanceof PostgresAdapter;

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable('certificates')
    .addColumn('issue_month', 'text', (col) => col.notNull().defaultTo(''))
    .execute();
  const yymm = isPostgres(db) ? 'right(serial_base, 4)' : 'substr(serial_base, -4)';
  await sql`update certificates set issue_month = ${sql.raw(
    `'20' || substr(${yymm}, 1, 2) || '-' || substr(${yymm}, 3, 2)`,
  )}`.execute(db);
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('certificates').dropColumn('issue_month').execute();
}
