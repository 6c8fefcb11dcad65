import type { Certificate, InspectionDocument, QrFormat } from 'contracts';
import sharp from 'sharp';
import { conflict, notFound } from '../../errors';
import type { CertificateView } from '../certificates/certificate-view';
import { UPLOAD_PATH, type uploadsRepository } from '../uploads/uploads.repository';
import { messages } from '../../messages';
import type { ChunkStore } from '../../platform/chunk-store';

/** The whole certificate (every unit's customer and factory copy), or one unit's customer copy alone. */
export type PdfScope = { kind: 'certificate' } | { kind: 'customer-copy'; serial: string };

/** What the document prints beyond the certificate: the config's manufacturer, public origin and EN 10204 type. */
export interface PdfSettings {
  /** The public origin the QR codes lead to (WEB_BASE, else the server's own origin). */
  webBase: string;
  qrFormat?: QrFormat;
  /** What a unit released by a second person is certified as (INSPECTION_DOCUMENT, api/src/config.ts). */
  inspectionDocument: InspectionDocument;
  companyName: string;
  companyAddress: string;
}

/**
 * Everything the renderer needs, read from the database and handed to it as plain data
 * (render-pdf.ts): the certificate as `GET /api/certificates/:id` answers it, narrowed to the scope's units.
 */
export interface PdfInput {
  certificate: Certificate;
  scope: PdfScope;
  settings: PdfSettings;
  /** The brand's logo as PNG or JPEG (pdfkit reads nothing else); null without one. */
  logo: Uint8Array | null;
  /** The tester's files the printed units' values came from, attached beside certificate.json. */
  testerFiles: { name: string; sha256: string; format: string; bytes: Buffer }[];
}

/** Each tester's file the attempts of `certificate` name, once, with its bytes from the chunk store. */
async function testerFilesOf(certificate: Certificate, chunks: Pick<ChunkStore, 'range'>) {
  const sources = new Map(
    certificate.test_record.units
      .flatMap((unit) => unit.attempts.flatMap((attempt) => (attempt.source ? [attempt.source] : [])))
      .map((source) => [source.id, source]),
  );
  const files = [];
  for (const source of sources.values()) {
    const parts: Buffer[] = [];
    for await (const part of chunks.range(source, 0, source.size - 1)) parts.push(part);
    files.push({
      name: source.name,
      sha256: source.sha256,
      format: source.format,
      bytes: Buffer.concat(parts),
    });
  }
  return files;
}

/** The logo at twice the print size at most, in sRGB (the document's output intent), as PNG or JPEG. */
const LOGO_MAX_PX = { width: 480, height: 240 };

async function logoOf(
  uploads: Pick<ReturnType<typeof uploadsRepository>, 'get'>,
  path: string,
): Promise<Uint8Array | null> {
  const match = UPLOAD_PATH.exec(path);
  const stored = match && (await uploads.get(match[1], match[2]));
  if (!stored) return null;
  const image = sharp(stored.bytes).resize({ ...LOGO_MAX_PX, fit: 'inside', withoutEnlargement: true });
  const converted = await (stored.mime === 'image/jpeg' ? image.jpeg() : image.png())
    .toColourspace('srgb')
    .toBuffer();
  return new Uint8Array(converted);
}

/**
 * A unit's customer copy alone: its serial, its test record, and the instruments its attempts used. A voided
 * unit has none, nor one awaiting release (docs/printed-certificate.md: nothing about it is confirmed yet);
 * a failed one has, and it says NICHT BESTANDEN.
 */
function customerCopyOf(certificate: Certificate, serial: string): Certificate {
  const unit = certificate.test_record.units.find((candidate) => candidate.serial === serial);
  if (!unit) throw notFound(messages.pdfUnitNotInCertificate(serial));
  if (certificate.voided_serials.includes(serial)) throw conflict(messages.pdfUnitVoided(serial));
  if (unit.release === 'awaiting_release') throw conflict(messages.pdfUnitAwaitingRelease(serial));
  const used = new Set(unit.attempts.flatMap((attempt) => Object.values(attempt.instruments ?? {})));
  const { instruments, ...record } = certificate.test_record;
  return {
    ...certificate,
    serials: [serial],
    voided_serials: [],
    test_record: {
      ...record,
      units: [unit],
      ...(instruments && {
        instruments: instruments.filter((instrument) => used.has(instrument.inventory_number)),
      }),
    },
  };
}

/**
 * Reads what the document of certificate `id` prints, for the renderer: the certificate as the certificates
 * module shows it (certificate-view.ts), and its brand's logo.
 */
export async function pdfInput(
  sources: {
    view: Pick<CertificateView, 'get'>;
    uploads: Pick<ReturnType<typeof uploadsRepository>, 'get'>;
    chunks: Pick<ChunkStore, 'range'>;
  },
  id: number,
  scope: PdfScope,
  settings: PdfSettings,
): Promise<PdfInput> {
  const whole = await sources.view.get(id);
  const certificate = scope.kind === 'certificate' ? whole : customerCopyOf(whole, scope.serial);
  return {
    certificate,
    scope,
    settings,
    logo: await logoOf(sources.uploads, whole.brand_image),
    testerFiles: await testerFilesOf(certificate, sources.chunks),
  };
}
