import { sql, type Kysely } from 'kysely';

/**
 * The release queue (api/src/modules/certificates/release-queue.repository.ts) reads the units waiting for
 * release: a few among every unit ever issued, so an index of those alone, on both databases.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createIndex('certificate_units_awaiting_release')
    .on('certificate_units')
    .columns(['certificate_id', 'unit_index'])
    .where(sql.ref('release'), '=', sql.lit('awaiting_release'))
    .execute();
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('certificate_units_awaiting_release').execute();
}
