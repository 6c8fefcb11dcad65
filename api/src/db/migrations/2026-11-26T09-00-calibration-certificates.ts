import type { Kysely } from 'kysely';

/**
 * Each calibration keeps its own certificate PDF, stored once per content like the machines' documents
 * (api/src/db/migrations/2026-11-25T12-00-documents.ts); null until one is uploaded.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable('instrument_calibrations')
    .addColumn('certificate_sha256', 'text', (col) => col.references('document_contents.sha256'))
    .execute();
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('instrument_calibrations').dropColumn('certificate_sha256').execute();
}
