import { PostgresAdapter, sql, type Kysely } from 'kysely';

/**
 * The audit trail: one row per event, appended and never changed (docs/architecture.md#audit-trail). The
 * database itself refuses an update or delete, so not even a bug in the app can rewrite history.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
const isPostgres = (db: Kysely<any>) => db.getExecutor().adapter instanceof PostgresAdapter;

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  const postgres = isPostgres(db);
  await db.schema
    .createTable('audit_events')
    .addColumn('id', postgres ? 'bigserial' : 'integer', (col) =>
      postgres ? col.primaryKey() : col.primaryKey().autoIncrement(),
    )
    .addColumn('at', 'text', (col) => col.notNull())
    .addColumn('account_id', 'integer', (col) => col.references('users.id'))
    .addColumn('action', 'text', (col) => col.notNull())
    .addColumn('subject_type', 'text', (col) => col.notNull())
    .addColumn('subject_id', 'text', (col) => col.notNull())
    .addColumn('details', 'text', (col) => col.notNull())
    .execute();
  // Each filter of the log, newest first, paged by id.
  await db.schema
    .createIndex('audit_events_account')
    .on('audit_events')
    .columns(['account_id', 'id'])
    .execute();
  await db.schema.createIndex('audit_events_action').on('audit_events').columns(['action', 'id']).execute();
  await db.schema
    .createIndex('audit_events_subject')
    .on('audit_events')
    .columns(['subject_type', 'subject_id', 'id'])
    .execute();
  await db.schema.createIndex('audit_events_at').on('audit_events').columns(['at', 'id']).execute();
  if (postgres) {
    await sql`create function audit_events_append_only() returns trigger language plpgsql as $$
      begin raise exception 'audit_events is append-only'; end $$`.execute(db);
    await sql`create trigger audit_events_append_only before update or delete or truncate on audit_events
      for each statement execute function audit_events_append_only()`.execute(db);
  } else {
    for (const change of ['update', 'delete'])
      await sql`create trigger ${sql.raw(`audit_events_no_${change}`)} before ${sql.raw(change)} on audit_events
        begin select raise(abort, 'audit_events is append-only'); end`.execute(db);
  }
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('audit_events').execute();
  if (isPostgres(db)) await sql`drop function audit_events_append_only()`.execute(db);
}
