import { PostgresAdapter, type Kysely } from 'kysely';

/**
 * The certificate list sorts by any column over a million rows: without an index each sorted page read and
 * sorted the whole table. With one per sortable column a page is read in index order,
 * and a deep page counts past narrow index entries instead of whole rows.
 */
const SORTED = {
  certificates_search_key: 'search_key',
  certificates_serial: 'serial_no',
  certificates_end_serial: 'end_serial_no',
  certificates_checked_by: 'checked_by',
  certificates_crowd: 'crowd',
};

// eslint-disable-next-line @typescript-eslint/no-explicit-any
const isPostgres = (db: Kysely<any>) => db.getExecutor().adapter instanceof PostgresAdapter;

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  for (const [name, column] of Object.entries(SORTED))
    await db.schema.createIndex(name).on('certificates').columns([column, 'id']).execute();
  // SQLite keeps the rows themselves in id order, so counting past 500,000 ids meant reading 500,000 whole
  // rows; this index holds the ids alone. PostgreSQL's primary key index already does.
  if (!isPostgres(db))
    await db.schema.createIndex('certificates_id').on('certificates').column('id').execute();
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function down(db: Kysely<any>): Promise<void> {
  for (const name of [...Object.keys(SORTED), 'certificates_id'])
    await db.schema.dropIndex(name).ifExists().execute();
}
