import { PostgresAdapter, sql, type Kysely } from 'kysely';

/**
 * The change notices of migration 03 fed a read cache inside each API process; that cache is gone (see
 * docs/decisions/0006-no-cache-in-the-process.md), and with it every reason to notify on each write.
 */
const TABLES = [
  'users',
  'sessions',
  'brands',
  'machines',
  'serial_counters',
  'certificates',
  'certificate_units',
  'uploads',
  'login_throttle',
  'totals',
];

// eslint-disable-next-line @typescript-eslint/no-explicit-any
const isPostgres = (db: Kysely<any>) => db.getExecutor().adapter instanceof PostgresAdapter;

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  if (!isPostgres(db)) return;
  for (const table of TABLES)
    await sql`drop trigger if exists ${sql.id(`${table}_changed`)} on ${sql.table(table)}`.execute(db);
  await sql`drop function if exists notify_change()`.execute(db);
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function down(db: Kysely<any>): Promise<void> {
  if (!isPostgres(db)) return;
  await sql`create function notify_change() returns trigger language plpgsql as $$
    begin
      perform pg_notify('pb_changes', '');
      return null;
    end $$`.execute(db);
  for (const table of TABLES) {
    await sql`create trigger ${sql.id(`${table}_changed`)}
      after insert or update or delete or truncate on ${sql.table(table)}
      for each statement execute function notify_change()`.execute(db);
  }
}
