import type { Config } from '../../config';
import type { Repositories } from '../../dependencies';
import type { JobHandler } from '../../platform/job-runner';
import { certificateArchive } from './certificate-archive';
import { certificateArchiveService } from './certificate-archive.service';
import type { PdfSettings } from './pdf-input';
import { renderPdf } from './render-pdf';
import { sealJobHandlers } from './seal-jobs';
import { sealService } from './seal-service';

/** Without WEB_BASE a document sealed in the background cannot know the public address its QR codes must name. */
export const webBaseNotice = (used: string) =>
  `WEB_BASE ist nicht gesetzt: die QR-Codes gesiegelter Prüfberichte führen zu ${used}. Für Kunden WEB_BASE auf die ` +
  'öffentliche Adresse setzen (README, Abschnitt „Configuration“).';

const settingsOf = (config: Config): PdfSettings => ({
  webBase: config.webBase ?? `http://localhost:${config.port}`,
  qrFormat: config.qrFormat,
  inspectionDocument: config.inspectionDocument,
  companyName: config.companyName,
  companyAddress: config.companyAddress,
});

/**
 * The sealed certificate PDFs as the API serves them (docs/decisions/0020-sealed-certificate.md): the archive's
 * documents, the seal's notices, and the jobs asked for when a document is not sealed yet. The API renders
 * nothing; the worker does (sealingWork below, api/src/worker.ts).
 */
export function certificateDocuments(
  repositories: Pick<Repositories, 'certificateArchive' | 'seals' | 'documentChunks' | 'jobs'>,
  config: Config,
) {
  const seal = sealService(repositories.seals, config);
  /** What `/api/readyz` and the start-up log say: the development seal, and QR codes without WEB_BASE. */
  const notices = async () => [
    ...(await seal.notices()),
    ...(config.webBase ? [] : [webBaseNotice(settingsOf(config).webBase)]),
  ];
  return {
    ...certificateArchiveService({ repository: repositories.certificateArchive, jobs: repositories.jobs }),
    repository: repositories.certificateArchive,
    seal,
    bytes: repositories.documentChunks.range,
    notices,
    /** At start, once the database is ready: reads (or makes) the seal, so a wrong SEAL_P12_PASSWORD stops the start. */
    async start(log: { warn(message: string): void }) {
      for (const notice of await notices()) log.warn(notice);
    },
  };
}

/**
 * The worker's half: the jobs that render and seal documents from the certificate's current state (pdf-input.ts,
 * render-pdf.ts). Documents made without a request print WEB_BASE into their QR codes; without it, this
 * machine's own address. `render` replaces the renderer in tests of the archive alone.
 */
export function sealingWork(
  repositories: Pick<Repositories, 'certificateArchive' | 'seals' | 'pdfInput' | 'inTransaction'>,
  config: Config,
  render?: Parameters<typeof certificateArchive>[0]['render'],
): Record<string, JobHandler> {
  const settings = settingsOf(config);
  const seal = sealService(repositories.seals, config);
  return sealJobHandlers(
    certificateArchive({
      repository: repositories.certificateArchive,
      inTransaction: repositories.inTransaction,
      render:
        render ??
        (async (id, scope) =>
          renderPdf(await repositories.pdfInput(id, scope, settings), await seal.sealing())),
    }),
  );
}
