import type { DocumentVerification } from 'contracts';
import { notFound } from '../../errors';
import { messages } from '../../messages';
import type { CertificateDocumentRow, DocumentsStoreRepository } from './documents-store.repository';
import type { DocumentsStore } from './documents-store';

/** How long a staff member's request waits for a render still running (a 200-page one takes a few seconds). */
export const STAFF_WAIT_MS = 15_000;

type Unit = NonNullable<Awaited<ReturnType<DocumentsStoreRepository['unit']>>>;
type CertificateState = NonNullable<Awaited<ReturnType<DocumentsStoreRepository['certificate']>>>;

/** A customer may download a unit's certificate only when it is a positive one: released and not withdrawn. */
const downloadable = (unit: Unit, certificate: CertificateState) =>
  (unit.release === 'released' || unit.release === 'deviation') &&
  unit.voided_at === null &&
  certificate.status !== 'voided';

/**
 * What the routes of the sealed documents ask (documents-store.routes.ts): the staff's current whole document,
 * a unit's customer copy, and the public verification of a document by its SHA-256.
 */
export function documentsStoreService(store: DocumentsStore, { waitMs = STAFF_WAIT_MS } = {}) {
  const { repository } = store;

  /** A customer copy still shows the certificate: the newest of its unit, same revision, unit still positive. */
  async function copyIsCurrent(row: CertificateDocumentRow, certificate: CertificateState) {
    const unit = await repository.unit(row.serial);
    const latest = await repository.latest(row.certificate_id, row.serial);
    return (
      !!unit &&
      latest?.id === row.id &&
      row.revision === certificate.revision &&
      downloadable(unit, certificate)
    );
  }

  return {
    /**
     * The newest whole-certificate document of `id`, sealing its current state first when that is not sealed
     * yet; 'pending' when that takes longer than the wait.
     */
    async staffDocument(id: number): Promise<CertificateDocumentRow | 'pending'> {
      const certificate = await repository.certificate(id);
      if (!certificate) throw notFound(messages.certificateNotFound);
      const latest = await repository.latest(id, '');
      if (latest?.certificate_version === certificate.version) return latest;
      let timer: NodeJS.Timeout | undefined;
      const waited = new Promise<'pending'>((resolve) => {
        timer = setTimeout(() => resolve('pending'), waitMs);
      });
      // A render that fails is 'pending' too: the answer says to try again, and the next try renders anew.
      const sealing = store.sealed(id, { kind: 'certificate' }).catch(() => 'pending' as const);
      try {
        return await Promise.race([sealing, waited]);
      } finally {
        clearTimeout(timer);
      }
    },

    /** The unit's sealed customer copy: the one stored for its current state, else sealed now and stored. */
    async customerCopy(serial: string): Promise<CertificateDocumentRow> {
      const unit = await repository.unit(serial);
      const certificate = unit && (await repository.certificate(unit.certificate_id));
      if (!unit || !certificate || !downloadable(unit, certificate))
        throw notFound(messages.certificatePdfUnavailable);
      const latest = await repository.latest(certificate.id, unit.serial);
      if (latest && (await copyIsCurrent(latest, certificate))) return latest;
      return store.sealed(certificate.id, { kind: 'customer-copy', serial: unit.serial });
    },

    /** What anyone may learn about a document by its SHA-256: what it shows, and whether it is still current. */
    async verify(sha256: string): Promise<DocumentVerification> {
      const row = await repository.bySha256(sha256);
      const certificate = row && (await repository.certificate(row.certificate_id));
      if (!row || !certificate) throw notFound(messages.verifyUnknown);
      const current =
        row.scope === 'certificate'
          ? row.certificate_version === certificate.version
          : await copyIsCurrent(row, certificate);
      return {
        sha256: row.sha256,
        certificate_number: row.certificate_id,
        scope: row.scope,
        serials: row.scope === 'certificate' ? await repository.serials(row.certificate_id) : [row.serial],
        event: row.event,
        sealed_at: row.created_at,
        current,
      };
    },
  };
}

export type DocumentsStoreService = ReturnType<typeof documentsStoreService>;
