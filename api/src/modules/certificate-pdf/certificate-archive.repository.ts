import type { Insertable, Kysely, Selectable } from 'kysely';
import type { CertificateDocumentEvent } from 'contracts';
import type { CertificateDocumentsTable, Database } from '../../db/schema';

export type CertificateDocumentRow = Selectable<CertificateDocumentsTable>;

/** The audit actions that change what a certificate says, and the document event each one seals. */
export const EVENT_OF_ACTION: Record<string, CertificateDocumentEvent> = {
  'certificate.issued': 'issued',
  'units.released': 'released',
  'units.released_by_deviation': 'released',
  'unit.retested': 'retested',
  'certificate.revised': 'revised',
  'certificate.voided': 'voided',
  'unit.voided': 'voided',
};

/** The sealed documents' rows (migration 2026-11-26T10-00-sealed-certificates): appended, never changed. */
export function certificateArchiveRepository(db: Kysely<Database>) {
  return {
    /** The certificate's state a document is sealed for, or undefined when there is no such certificate. */
    certificate(id: number) {
      return db
        .selectFrom('certificates')
        .select(['id', 'version', 'revision', 'status'])
        .where('id', '=', id)
        .executeTakeFirst();
    },

    unit(serial: string) {
      return db
        .selectFrom('certificate_units')
        .select(['certificate_id', 'serial', 'release', 'voided_at'])
        .where('serial', '=', serial)
        .executeTakeFirst();
    },

    async serials(certificateId: number): Promise<string[]> {
      const rows = await db
        .selectFrom('certificate_units')
        .select('serial')
        .where('certificate_id', '=', certificateId)
        .orderBy('unit_index')
        .execute();
      return rows.map((row) => row.serial);
    },

    /** The newest lifecycle event of the certificate or one of its units: what a new document is sealed for. */
    async lastEvent(certificateId: number): Promise<CertificateDocumentEvent> {
      const row = await db
        .selectFrom('audit_events')
        .select('action')
        .where('action', 'in', Object.keys(EVENT_OF_ACTION))
        .where((eb) =>
          eb.or([
            eb.and([eb('subject_type', '=', 'certificate'), eb('subject_id', '=', String(certificateId))]),
            eb.and([
              eb('subject_type', '=', 'unit'),
              eb(
                'subject_id',
                'in',
                eb
                  .selectFrom('certificate_units')
                  .select('serial')
                  .where('certificate_id', '=', certificateId),
              ),
            ]),
          ]),
        )
        .orderBy('id', 'desc')
        .limit(1)
        .executeTakeFirst();
      // A certificate from before the audit trail has only been issued.
      return row ? EVENT_OF_ACTION[row.action] : 'issued';
    },

    /** The newest document of a scope: `serial` '' is the whole certificate, else that unit's customer copy. */
    latest(certificateId: number, serial: string) {
      return db
        .selectFrom('certificate_documents')
        .selectAll()
        .where('certificate_id', '=', certificateId)
        .where('serial', '=', serial)
        .orderBy('certificate_version', 'desc')
        .limit(1)
        .executeTakeFirst();
    },

    /** Every document of a certificate in the order they were sealed, without their bytes (the staff list). */
    history(certificateId: number) {
      return db
        .selectFrom('certificate_documents')
        .select(['seq', 'event', 'scope', 'serial', 'revision', 'sha256', 'size', 'page_count', 'created_at'])
        .where('certificate_id', '=', certificateId)
        .orderBy('seq')
        .execute();
    },

    /** A certificate's document by its place in the sequence. */
    bySeq(certificateId: number, seq: number) {
      return db
        .selectFrom('certificate_documents')
        .selectAll()
        .where('certificate_id', '=', certificateId)
        .where('seq', '=', seq)
        .executeTakeFirst();
    },

    bySha256(sha256: string) {
      return db
        .selectFrom('certificate_documents')
        .selectAll()
        .where('sha256', '=', sha256)
        .executeTakeFirst();
    },

    /** Appends a document as the certificate's next in sequence; run it in a transaction. */
    async append(row: Omit<Insertable<CertificateDocumentsTable>, 'seq'>): Promise<CertificateDocumentRow> {
      const { last } = await db
        .selectFrom('certificate_documents')
        .select((eb) => eb.fn.coalesce(eb.fn.max('seq'), eb.val(0)).as('last'))
        .where('certificate_id', '=', row.certificate_id)
        .executeTakeFirstOrThrow();
      return db
        .insertInto('certificate_documents')
        .values({ ...row, seq: Number(last) + 1 })
        .returningAll()
        .executeTakeFirstOrThrow();
    },
  };
}

export type CertificateArchiveRepository = ReturnType<typeof certificateArchiveRepository>;
