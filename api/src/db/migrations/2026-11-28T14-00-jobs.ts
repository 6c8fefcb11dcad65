import { PostgresAdapter, sql, type ColumnDefinitionBuilder, type Kysely } from 'kysely';

/*
 * Background jobs (docs/decisions/0021-jobs-and-one-worker.md): the table is the queue. A change that makes work
 * due writes its row in the change's own transaction; workers claim rows, and a row whose worker died is claimed
 * again when its lease ran out. At most one queued job per kind and subject: a newer change finds the job
 * already waiting, and the job does the subject's current work when it runs.
 */

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Db = Kysely<any>;

const notNull = (col: ColumnDefinitionBuilder) => col.notNull();

export async function up(db: Db): Promise<void> {
  const now = new Date().toISOString();
  const postgres = db.getExecutor().adapter instanceof PostgresAdapter;
  await db.schema
    .createTable('jobs')
    .addColumn('id', postgres ? 'serial' : 'integer', (col) =>
      postgres ? col.primaryKey() : col.primaryKey().autoIncrement(),
    )
    .addColumn('kind', 'text', notNull)
    // What the job works on ('certificate:12'): jobs of one subject run one after another, in order.
    .addColumn('subject', 'text', notNull)
    .addColumn('payload', 'text', (col) => col.notNull().defaultTo('{}'))
    // queued → running → done, or back to queued after a failure, or failed after the last try.
    .addColumn('state', 'text', notNull)
    .addColumn('attempts', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('run_after', 'text', notNull)
    .addColumn('worker', 'text')
    .addColumn('locked_until', 'text')
    .addColumn('error', 'text')
    // How far a long job got (an export's rows so far), for the screen that waits for it.
    .addColumn('progress', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('total', 'integer')
    .addColumn('account_id', 'integer', (col) => col.references('users.id'))
    .addColumn('created_at', 'text', notNull)
    .addColumn('finished_at', 'text')
    .execute();
  await db.schema
    .createIndex('jobs_one_queued')
    .on('jobs')
    .columns(['kind', 'subject'])
    .unique()
    .where(sql.ref('state'), '=', 'queued')
    .execute();
  await db.schema.createIndex('jobs_claim').on('jobs').columns(['state', 'run_after', 'id']).execute();
  await db.schema.createIndex('jobs_subject').on('jobs').columns(['subject', 'state']).execute();
  // What the previous version's start-up sweep would have sealed: certificates since sealing began whose current
  // state has no whole-certificate document yet.
  await sql`insert into jobs (kind, subject, payload, state, run_after, created_at)
    select 'seal-certificate', 'certificate:' || c.id, '{"certificate_id":' || c.id || '}', 'queued', ${now}, ${now}
    from certificates c
    where c.id >= (select cast(value as integer) from settings where key = 'sealed_documents_from')
      and not exists (select 1 from certificate_documents d
        where d.certificate_id = c.id and d.serial = '' and d.certificate_version = c.version)`.execute(db);
  await db.deleteFrom('settings').where('key', '=', 'sealed_documents_from').execute();
}

export async function down(db: Db): Promise<void> {
  await db.schema.dropTable('jobs').execute();
  await sql`insert into settings (key, value)
    select 'sealed_documents_from', cast(coalesce(max(id), 0) + 1 as text) from certificates`.execute(db);
}
