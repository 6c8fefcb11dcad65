import { sql, type Kysely } from 'kysely';

/**
 * Row counts kept up to date by the writes themselves: counting a million certificates for every list
 * page costs milliseconds on SQLite and far more on PostgreSQL. Also an index for searching a month's serials.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('totals')
    .addColumn('name', 'text', (col) => col.primaryKey())
    .addColumn('value', 'integer', (col) => col.notNull())
    .execute();
  await sql`insert into totals (name, value) select 'certificates', count(*) from certificates`.execute(db);
  await db.schema.createIndex('certificates_part1').on('certificates').column('serial_no_part1').execute();
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('certificates_part1').execute();
  await db.schema.dropTable('totals').execute();
}
