import { sql, type Kysely } from 'kysely';

/** The checker's name, lower-cased like every search key, so 'Daten' finds certificates by who checked them. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable('certificates')
    .addColumn('checked_by_key', 'text', (col) => col.notNull().defaultTo(''))
    .execute();
  await sql`update certificates set checked_by_key = lower(checked_by)`.execute(db);
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('certificates').dropColumn('checked_by_key').execute();
}
