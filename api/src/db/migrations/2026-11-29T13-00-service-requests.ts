import { PostgresAdapter, type ColumnDefinitionBuilder, type Kysely } from 'kysely';

/*
 * After the sale (issue 45): customers ask for service from the unit's page, with up to three photos; staff keep
 * notes and a status on each request (api/src/modules/service-requests).
 */

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Db = Kysely<any>;

const notNull = (col: ColumnDefinitionBuilder) => col.notNull();

export async function up(db: Db): Promise<void> {
  const postgres = db.getExecutor().adapter instanceof PostgresAdapter;
  const id = (col: ColumnDefinitionBuilder) =>
    postgres ? col.primaryKey() : col.primaryKey().autoIncrement();
  const request = (col: ColumnDefinitionBuilder) =>
    col.notNull().references('service_requests.id').onDelete('cascade');
  await db.schema
    .createTable('service_requests')
    .addColumn('id', postgres ? 'serial' : 'integer', id)
    .addColumn('serial', 'text', notNull)
    // 'new', 'in_progress', 'done' (contracts/src/service-requests.ts).
    .addColumn('status', 'text', notNull)
    .addColumn('text', 'text', notNull)
    .addColumn('name', 'text', notNull)
    .addColumn('email', 'text', notNull)
    .addColumn('phone', 'text')
    .addColumn('language', 'text', notNull)
    .addColumn('created_at', 'text', notNull)
    .addColumn('updated_at', 'text', notNull)
    .execute();
  await db.schema
    .createIndex('service_requests_status')
    .on('service_requests')
    .columns(['status', 'id'])
    .execute();
  // The photos apart from the catalogue's images (uploads): those are public by their name, these never are.
  await db.schema
    .createTable('service_request_photos')
    .addColumn('request_id', 'integer', request)
    .addColumn('position', 'integer', notNull)
    .addColumn('mime', 'text', notNull)
    .addColumn('size', 'integer', notNull)
    .addColumn('bytes', postgres ? 'bytea' : 'blob', notNull)
    .addPrimaryKeyConstraint('service_request_photos_pk', ['request_id', 'position'])
    .execute();
  await db.schema
    .createTable('service_request_notes')
    .addColumn('id', postgres ? 'serial' : 'integer', id)
    .addColumn('request_id', 'integer', request)
    .addColumn('account_id', 'integer', (col) => col.notNull().references('users.id'))
    .addColumn('text', 'text', notNull)
    .addColumn('at', 'text', notNull)
    .execute();
  await db.schema
    .createIndex('service_request_notes_request')
    .on('service_request_notes')
    .column('request_id')
    .execute();
}

export async function down(db: Db): Promise<void> {
  await db.schema.dropTable('service_request_notes').execute();
  await db.schema.dropTable('service_request_photos').execute();
  await db.schema.dropTable('service_requests').execute();
}
