import type { Kysely } from 'kysely';

/**
 * Sign-in with the company account (docs/decisions/0029-company-account-sign-in.md): which directory account an
 * account is and when its roles were last taken from the directory; the ID token of a directory session, for
 * the provider's sign-out; and the sign-ins under way between our redirect and the provider's answer, kept in
 * the database because any instance may receive the answer.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('users').addColumn('directory_subject', 'text').execute();
  await db.schema.alterTable('users').addColumn('roles_synced_at', 'text').execute();
  await db.schema
    .createIndex('users_directory_subject')
    .on('users')
    .column('directory_subject')
    .unique()
    .execute();
  await db.schema.alterTable('sessions').addColumn('id_token', 'text').execute();
  await db.schema
    .createTable('directory_sign_ins')
    .addColumn('state_hash', 'text', (col) => col.primaryKey())
    .addColumn('browser_hash', 'text', (col) => col.notNull())
    .addColumn('nonce', 'text', (col) => col.notNull())
    .addColumn('code_verifier', 'text', (col) => col.notNull())
    .addColumn('redirect_uri', 'text', (col) => col.notNull())
    .addColumn('return_to', 'text', (col) => col.notNull())
    .addColumn('expires_at', 'text', (col) => col.notNull())
    .addColumn('stage', 'text', (col) => col.notNull())
    .addColumn('account_id', 'integer', (col) => col.references('users.id'))
    .addColumn('id_token', 'text')
    .addColumn('error', 'text')
    .execute();
  await db.schema
    .createIndex('directory_sign_ins_browser')
    .on('directory_sign_ins')
    .columns(['browser_hash', 'stage'])
    .execute();
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('directory_sign_ins').execute();
  await db.schema.alterTable('sessions').dropColumn('id_token').execute();
  await db.schema.dropIndex('users_directory_subject').execute();
  await db.schema.alterTable('users').dropColumn('roles_synced_at').execute();
  await db.schema.alterTable('users').dropColumn('directory_subject').execute();
}
