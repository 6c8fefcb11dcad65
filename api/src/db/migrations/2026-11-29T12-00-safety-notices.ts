import { PostgresAdapter, type Kysely } from 'kysely';

/*
 * Safety notices and recalls (issue 45, api/src/modules/notices): what the quality department publishes for a
 * machine and a serial range and/or an issue period. A notice is never deleted: closing it records who closed
 * it, when and why, and the audit trail keeps the rest.
 */

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Db = Kysely<any>;

export async function up(db: Db): Promise<void> {
  const postgres = db.getExecutor().adapter instanceof PostgresAdapter;
  await db.schema
    .createTable('safety_notices')
    .addColumn('id', postgres ? 'serial' : 'integer', (col) =>
      postgres ? col.primaryKey() : col.primaryKey().autoIncrement(),
    )
    .addColumn('machine_id', 'integer', (col) => col.notNull().references('machines.id'))
    .addColumn('severity', 'text', (col) => col.notNull())
    .addColumn('title_de', 'text', (col) => col.notNull())
    .addColumn('title_en', 'text', (col) => col.notNull())
    .addColumn('text_de', 'text', (col) => col.notNull())
    .addColumn('text_en', 'text', (col) => col.notNull())
    .addColumn('serial_from', 'text')
    .addColumn('serial_to', 'text')
    /** Days in Europe/Berlin (YYYY-MM-DD), both included. */
    .addColumn('issued_from', 'text')
    .addColumn('issued_to', 'text')
    .addColumn('published_at', 'text', (col) => col.notNull())
    .addColumn('published_by', 'integer', (col) => col.notNull().references('users.id'))
    .addColumn('closed_at', 'text')
    .addColumn('closed_by', 'integer', (col) => col.references('users.id'))
    .addColumn('close_reason', 'text')
    .execute();
  // The customer page reads a machine's open notices on every call for an issued unit.
  await db.schema
    .createIndex('safety_notices_machine')
    .on('safety_notices')
    .columns(['machine_id', 'closed_at'])
    .execute();
}

export async function down(db: Db): Promise<void> {
  await db.schema.dropTable('safety_notices').execute();
}
