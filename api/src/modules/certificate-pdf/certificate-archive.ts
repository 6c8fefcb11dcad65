import { isUniqueViolation } from '../../db/errors';
import type { InTransaction } from '../../platform/transactions';
import { chunkStore } from '../../platform/chunk-store';
import {
  certificateArchiveRepository,
  type CertificateDocumentRow,
  type CertificateArchiveRepository,
} from './certificate-archive.repository';
import type { Rendered } from './render-pdf';

/** Which pages a document shows: the whole certificate, or one unit's customer copy. */
export type DocumentScope = { kind: 'certificate' } | { kind: 'customer-copy'; serial: string };

/** Renders a certificate as a sealed PDF/A-3b from its current state. */
export type RenderCertificate = (certificateId: number, scope: DocumentScope) => Promise<Rendered>;

/** A new state that appeared while rendering is rendered again, this many times at most. */
const RENDER_TRIES = 3;

export const serialOf = (scope: DocumentScope) => (scope.kind === 'certificate' ? '' : scope.serial);

/**
 * The archive of sealed certificate PDFs (docs/decisions/0020-sealed-certificate.md): each state of a certificate
 * that changed what it says gets its document, rendered and sealed by a job after the change committed
 * (seal-jobs.ts), stored once and never changed. A job redone after a crash finds the state sealed and stores
 * nothing; the database's unique state key keeps the first document should two workers ever race.
 */
export function certificateArchive({
  repository,
  inTransaction,
  render,
}: {
  repository: CertificateArchiveRepository;
  inTransaction: InTransaction;
  render: RenderCertificate;
}) {
  /** Seals the current state of `scope` unless it is sealed already; answers its document. */
  async function sealed(certificateId: number, scope: DocumentScope): Promise<CertificateDocumentRow> {
    const serial = serialOf(scope);
    for (let attempt = 1; ; attempt++) {
      const before = await repository.certificate(certificateId);
      if (!before) throw new Error(`certificate ${certificateId} not found`);
      const existing = await repository.latest(certificateId, serial);
      if (existing && existing.certificate_version === before.version) return existing;
      const event = await repository.lastEvent(certificateId);
      const rendered = await render(certificateId, scope);
      const pdf = Buffer.from(rendered.bytes.buffer, rendered.bytes.byteOffset, rendered.bytes.byteLength);
      const after = await repository.certificate(certificateId);
      // Changed while rendering: this PDF may show the newer state under the older version; render that one.
      if (after?.version !== before.version && attempt < RENDER_TRIES) continue;
      try {
        return await inTransaction(async (trx) => {
          const sha256 = await chunkStore(trx).store(pdf);
          return certificateArchiveRepository(trx).append({
            certificate_id: certificateId,
            event,
            scope: scope.kind,
            serial,
            certificate_version: before.version,
            revision: before.revision,
            sha256,
            size: pdf.length,
            page_count: rendered.pages,
            created_at: new Date().toISOString(),
          });
        });
      } catch (error) {
        // Another worker sealed this state (or took the sequence number) first: its document is the one.
        if (!isUniqueViolation(error) || attempt >= RENDER_TRIES) throw error;
      }
    }
  }

  return { repository, sealed };
}

export type CertificateArchive = ReturnType<typeof certificateArchive>;
