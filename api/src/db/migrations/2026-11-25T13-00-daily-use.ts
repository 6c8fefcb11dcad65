import type { Kysely } from 'kysely';

/**
 * Two-factor sign-in required of one account (api/src/modules/accounts/account-two-factor.ts), beside the
 * setting for all accounts; the session lookup reads both (api/src/modules/auth/sessions.repository.ts).
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable('users')
    .addColumn('two_factor_required', 'integer', (column) => column.notNull().defaultTo(0))
    .execute();
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('users').dropColumn('two_factor_required').execute();
}
