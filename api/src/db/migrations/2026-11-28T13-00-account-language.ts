import type { Kysely } from 'kysely';

/*
 * Each account's language of the staff app and of the API's messages (docs/decisions/0031-staff-languages.md):
 * German, the language every account had so far, unless the account chooses another.
 */

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Db = Kysely<any>;

export async function up(db: Db): Promise<void> {
  await db.schema
    .alterTable('users')
    .addColumn('language', 'text', (col) => col.notNull().defaultTo('de'))
    .execute();
}

export async function down(db: Db): Promise<void> {
  await db.schema.alterTable('users').dropColumn('language').execute();
}
