import type { Config } from '../../config';
import type { Repositories } from '../../dependencies';
import { documentsStore, type RenderCertificate, type WarnLog } from './documents-store';
import { documentsStoreService } from './documents-store.service';
import type { PdfSettings } from './pdf-input';
import { renderPdf } from './render-pdf';
import { sealService } from './seal-service';

export interface CertificateDocumentsOptions {
  /** Where a render that failed in the background is told (the app's logger). */
  warn?: WarnLog;
  /** Another renderer than the certificate's own (tests of the archive alone). */
  render?: RenderCertificate;
  /** How long a staff print waits for a render still running (documents-store.service.ts). */
  staffWaitMs?: number;
}

/**
 * The sealed certificate PDFs put together (docs/decisions/0020-sealed-certificate.md): the seal, the renderer
 * (pdf-input.ts on this thread, render-pdf.ts in its worker), the archive, and what the routes and the start ask.
 * Documents made without a request print WEB_BASE into their QR codes; without it, this machine's own address.
 */
/** Without WEB_BASE a document sealed in the background cannot know the public address its QR codes must name. */
export const webBaseNotice = (used: string) =>
  `WEB_BASE ist nicht gesetzt: die QR-Codes gesiegelter Prüfberichte führen zu ${used}. Für Kunden WEB_BASE auf die ` +
  'öffentliche Adresse setzen (README, Abschnitt „Configuration“).';

export function certificateDocuments(
  repositories: Pick<
    Repositories,
    'documentsStore' | 'seals' | 'pdfInput' | 'inTransaction' | 'documentChunks'
  >,
  config: Config,
  {
    warn = (details, message) => console.warn(message, details),
    render,
    staffWaitMs,
  }: CertificateDocumentsOptions,
) {
  const settings: PdfSettings = {
    webBase: config.webBase ?? `http://localhost:${config.port}`,
    qrFormat: config.qrFormat,
    companyName: config.companyName,
    companyAddress: config.companyAddress,
  };
  const seal = sealService(repositories.seals, config);
  const store = documentsStore({
    repository: repositories.documentsStore,
    inTransaction: repositories.inTransaction,
    render:
      render ??
      (async (id, scope) =>
        renderPdf(await repositories.pdfInput(id, scope, settings), await seal.sealing())),
  });
  /** What `/api/readyz` and the start-up log say: the development seal, and QR codes without WEB_BASE. */
  const notices = async () => [
    ...(await seal.notices()),
    ...(config.webBase ? [] : [webBaseNotice(settings.webBase)]),
  ];
  return {
    ...documentsStoreService(store, { waitMs: staffWaitMs }),
    seal,
    store,
    bytes: repositories.documentChunks.range,
    /** After a committed change of certificates (certificate-transaction.ts). */
    changed: (ids: number[]) => store.changed(ids, warn),
    notices,
    /**
     * At start, once the database is ready: reads (or makes) the seal, so a wrong SEAL_P12_PASSWORD stops the
     * start with its message, says the notices in the log, and starts the sweep in the background.
     */
    async start(log: { warn(message: string): void }) {
      for (const notice of await notices()) log.warn(notice);
      void store.sweep(warn);
    },
    stop: store.stop,
  };
}
