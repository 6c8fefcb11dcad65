import type { Kysely } from 'kysely';

/**
 * A GS1 Digital Link names a machine by its EAN (api/src/modules/landing/landing.repository.ts, `idByEan`):
 * every customer scanning one would otherwise read the whole catalogue.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.createIndex('machines_ean_number').on('machines').column('ean_number').execute();
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('machines_ean_number').execute();
}
