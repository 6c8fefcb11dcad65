import { PostgresAdapter, sql, type ColumnDefinitionBuilder, type Kysely } from 'kysely';

/*
 * After the sale (issue 45): owners register their machine from the unit's page (api/src/modules/registrations),
 * and every mail the worker sends is recorded (api/src/platform/mail.ts).
 */

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Db = Kysely<any>;

const notNull = (col: ColumnDefinitionBuilder) => col.notNull();

export async function up(db: Db): Promise<void> {
  const postgres = db.getExecutor().adapter instanceof PostgresAdapter;
  const id = (col: ColumnDefinitionBuilder) =>
    postgres ? col.primaryKey() : col.primaryKey().autoIncrement();
  await db.schema
    .createTable('registrations')
    .addColumn('id', postgres ? 'serial' : 'integer', id)
    .addColumn('serial', 'text', notNull)
    // 'active': the unit's one registration; 'conflict': a later one for a registered unit, for staff to settle.
    .addColumn('status', 'text', notNull)
    .addColumn('owner', 'text', notNull)
    .addColumn('email', 'text', notNull)
    .addColumn('country', 'text', notNull)
    .addColumn('purchased_on', 'text', notNull)
    .addColumn('dealer', 'text')
    .addColumn('language', 'text', notNull)
    .addColumn('consent_version', 'text', notNull)
    .addColumn('consent_text', 'text', notNull)
    // Where the confirmation link leads (the customer page's origin when it was asked); null: nothing is mailed.
    .addColumn('confirm_origin', 'text')
    // Only the SHA-256 of the confirmation link's token, like the sessions' (api/src/modules/auth).
    .addColumn('token_hash', 'text')
    .addColumn('token_expires_at', 'text')
    .addColumn('confirmed_at', 'text')
    .addColumn('created_at', 'text', notNull)
    .execute();
  await db.schema
    .createIndex('registrations_one_active')
    .on('registrations')
    .column('serial')
    .unique()
    .where(sql.ref('status'), '=', 'active')
    .execute();
  await db.schema.createIndex('registrations_token').on('registrations').column('token_hash').execute();
  await db.schema
    .createTable('mail_sends')
    .addColumn('id', postgres ? 'serial' : 'integer', id)
    // What the mail was about (a job's subject, 'registration:12'): a repeated job finds its mail sent already.
    .addColumn('subject', 'text', notNull)
    .addColumn('job_id', 'integer')
    .addColumn('recipient', 'text', notNull)
    .addColumn('state', 'text', notNull)
    .addColumn('error', 'text')
    .addColumn('message_id', 'text')
    .addColumn('at', 'text', notNull)
    .execute();
  await db.schema.createIndex('mail_sends_subject').on('mail_sends').columns(['subject', 'state']).execute();
}

export async function down(db: Db): Promise<void> {
  await db.schema.dropTable('mail_sends').execute();
  await db.schema.dropTable('registrations').execute();
}
