import type { Kysely } from 'kysely';

/**
 * Roles, a first password to be changed, two-factor sign-in and its recovery codes, the sign-in step between
 * password and code, and the administrator's settings (docs/architecture.md#accounts-and-roles). Every
 * account that exists becomes an administrator, so nobody is locked out by the roles.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  // Comma-separated: read with the session in the one statement every staff request runs.
  await db.schema
    .alterTable('users')
    .addColumn('roles', 'text', (col) => col.notNull().defaultTo(''))
    .execute();
  await db.schema
    .alterTable('users')
    .addColumn('must_change_password', 'integer', (col) => col.notNull().defaultTo(0))
    .execute();
  await db.schema.alterTable('users').addColumn('totp_secret', 'text').execute();
  await db.schema.alterTable('users').addColumn('totp_pending_secret', 'text').execute();
  // The time step of the last code accepted: a code is good once.
  await db.schema.alterTable('users').addColumn('totp_last_step', 'integer').execute();
  await db.updateTable('users').set({ roles: 'admin' }).execute();

  await db.schema
    .createTable('recovery_codes')
    .addColumn('user_id', 'integer', (col) => col.notNull().references('users.id'))
    .addColumn('code_hash', 'text', (col) => col.notNull())
    .addColumn('used_at', 'text')
    .addPrimaryKeyConstraint('recovery_codes_pk', ['user_id', 'code_hash'])
    .execute();

  await db.schema
    .createTable('login_challenges')
    .addColumn('token_hash', 'text', (col) => col.primaryKey())
    .addColumn('user_id', 'integer', (col) => col.notNull().references('users.id'))
    .addColumn('expires_at', 'text', (col) => col.notNull())
    .execute();

  await db.schema
    .createTable('settings')
    .addColumn('key', 'text', (col) => col.primaryKey())
    .addColumn('value', 'text', (col) => col.notNull())
    .execute();
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('settings').execute();
  await db.schema.dropTable('login_challenges').execute();
  await db.schema.dropTable('recovery_codes').execute();
  for (const column of [
    'totp_last_step',
    'totp_pending_secret',
    'totp_secret',
    'must_change_password',
    'roles',
  ])
    await db.schema.alterTable('users').dropColumn(column).execute();
}
