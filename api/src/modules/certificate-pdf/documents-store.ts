import { isUniqueViolation } from '../../db/errors';
import type { InTransaction } from '../certificates/certificate-transaction';
import { documentChunksRepository } from '../documents/document-chunks.repository';
import {
  documentsStoreRepository,
  type CertificateDocumentRow,
  type DocumentsStoreRepository,
} from './documents-store.repository';
import type { Rendered } from './render-pdf';

/** Which pages a document shows: the whole certificate, or one unit's customer copy. */
export type DocumentScope = { kind: 'certificate' } | { kind: 'customer-copy'; serial: string };

/** Renders a certificate as a sealed PDF/A-3b from its current state. */
export type RenderCertificate = (certificateId: number, scope: DocumentScope) => Promise<Rendered>;

/** A new state that appeared while rendering is rendered again, this many times at most. */
const RENDER_TRIES = 3;
/**
 * Certificates the start-up sweep reads at a time: after a long outage it may find many, and holding every id
 * with its waiting render at once would cost the memory other requests need.
 */
const SWEEP_PAGE = 100;

export const serialOf = (scope: DocumentScope) => (scope.kind === 'certificate' ? '' : scope.serial);

/** Something to tell the operator about a render that failed (the app's logger). */
export type WarnLog = (details: Record<string, unknown>, message: string) => void;

/**
 * The archive of sealed certificate PDFs (docs/decisions/0020-sealed-certificate.md): each state of a certificate
 * that changed what it says gets its document, rendered and sealed after the change committed, stored once and
 * never changed. Within this process one render per certificate and scope runs at a time and a second asker
 * waits for it; across instances the database's unique state key keeps the first document and drops the twin.
 * Background renders (after a change, and the start-up sweep) run one after another, so a burst of changes
 * never renders many 200-page certificates at once.
 */
export function documentsStore({
  repository,
  inTransaction,
  render,
  sweepPage = SWEEP_PAGE,
}: {
  repository: DocumentsStoreRepository;
  inTransaction: InTransaction;
  render: RenderCertificate;
  sweepPage?: number;
}) {
  const inFlight = new Map<string, Promise<CertificateDocumentRow>>();
  let queue: Promise<unknown> = Promise.resolve();
  let stopped = false;

  async function renderNow(certificateId: number, scope: DocumentScope): Promise<CertificateDocumentRow> {
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
          const sha256 = await documentChunksRepository(trx).store(pdf);
          return documentsStoreRepository(trx).append({
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
        // Another instance sealed this state (or took the sequence number) first: its document is the one.
        if (!isUniqueViolation(error) || attempt >= RENDER_TRIES) throw error;
      }
    }
  }

  /** Seals the current state of `scope` unless it is sealed; one render per certificate and scope at a time. */
  function sealed(certificateId: number, scope: DocumentScope): Promise<CertificateDocumentRow> {
    const key = `${certificateId}:${serialOf(scope)}`;
    let running = inFlight.get(key);
    if (!running) {
      running = renderNow(certificateId, scope).finally(() => inFlight.delete(key));
      inFlight.set(key, running);
    }
    return running;
  }

  /** Queues the whole-certificate documents of `ids` behind the renders already waiting. */
  function later(ids: number[], log: WarnLog) {
    for (const id of ids)
      queue = queue.then(() =>
        stopped
          ? undefined
          : sealed(id, { kind: 'certificate' }).catch((error: unknown) =>
              log({ certificateId: id, reason: (error as Error).message }, 'Zertifikat-PDF nicht gesiegelt'),
            ),
      );
    return queue;
  }

  return {
    repository,
    sealed,
    /** After a committed change: the certificates whose whole document is due (certificate-transaction.ts). */
    changed: (ids: number[], log: WarnLog) => void later(ids, log),
    /**
     * The start-up sweep: every certificate since sealing began whose current state has no document yet, so a
     * crash between a change's commit and its seal loses nothing. Answers when the queue is empty.
     */
    async sweep(log: WarnLog) {
      for (let from = await repository.sweepFrom(); !stopped;) {
        const ids = await repository.unsealed(from, sweepPage);
        await later(ids, log);
        if (ids.length < sweepPage) break;
        from = ids[ids.length - 1] + 1;
      }
      return queue;
    },
    /** No new background render starts; the one running finishes. */
    async stop() {
      stopped = true;
      await queue;
    },
  };
}

export type DocumentsStore = ReturnType<typeof documentsStore>;
