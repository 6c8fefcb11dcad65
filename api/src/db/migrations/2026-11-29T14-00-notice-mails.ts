import { type Kysely } from 'kysely';

/*
 * Safety notices mailed to the registered owners (issue 45, api/src/modules/notices/notice-mails.ts): an owner may
 * unsubscribe from the mails that are not required (an information notice) with the link in each of them. Only the
 * SHA-256 of a link's token is kept, one per mail sent, so every mail's link keeps working.
 */

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Db = Kysely<any>;

export async function up(db: Db): Promise<void> {
  await db.schema.alterTable('registrations').addColumn('unsubscribed_at', 'text').execute();
  await db.schema
    .createTable('unsubscribe_tokens')
    .addColumn('token_hash', 'text', (col) => col.primaryKey())
    // Deleting a registration (on request, or at the end of its retention) deletes its links with it.
    .addColumn('registration_id', 'integer', (col) =>
      col.notNull().references('registrations.id').onDelete('cascade'),
    )
    .addColumn('created_at', 'text', (col) => col.notNull())
    .execute();
  await db.schema
    .createIndex('unsubscribe_tokens_registration')
    .on('unsubscribe_tokens')
    .column('registration_id')
    .execute();
}

export async function down(db: Db): Promise<void> {
  await db.schema.dropTable('unsubscribe_tokens').execute();
  await db.schema.alterTable('registrations').dropColumn('unsubscribed_at').execute();
}
