import type { Certificate, QrFormat } from 'contracts';
import sharp from 'sharp';
import type { Db } from '../../db/database';
import { conflict, notFound } from '../../errors';
import { certificateView } from '../certificates/certificate-view';
import { certificatesRepository } from '../certificates/certificates.repository';
import { revisionsRepository } from '../certificates/revisions.repository';
import { testAttemptsRepository } from '../certificates/test-attempts.repository';
import { unitsRepository } from '../certificates/units.repository';
import { instrumentsRepository } from '../instruments/instruments.repository';
import { UPLOAD_PATH, uploadsRepository } from '../uploads/uploads.repository';
import { pdfMessages } from './pdf-messages';

/** The whole certificate (every unit's customer and factory copy), or one unit's customer copy alone. */
export type PdfScope = { kind: 'certificate' } | { kind: 'customer-copy'; serial: string };

/** What the document prints beyond the certificate: the runtime config's manufacturer and public origin. */
export interface PdfSettings {
  /** The public origin the QR codes lead to (WEB_BASE, else the server's own origin). */
  webBase: string;
  qrFormat?: QrFormat;
  companyName: string;
  companyAddress: string;
}

/**
 * Everything the renderer needs, read on the main thread and handed to the worker as plain data
 * (render-pdf.ts): the certificate as `GET /api/certificates/:id` answers it, narrowed to the scope's units.
 */
export interface PdfInput {
  certificate: Certificate;
  scope: PdfScope;
  settings: PdfSettings;
  /** The brand's logo as PNG or JPEG (pdfkit reads nothing else); null without one. */
  logo: Uint8Array | null;
}

/** The logo at twice the print size at most, in sRGB (the document's output intent), as PNG or JPEG. */
const LOGO_MAX_PX = { width: 480, height: 240 };

async function logoOf(db: Db, path: string): Promise<Uint8Array | null> {
  const match = UPLOAD_PATH.exec(path);
  const stored = match && (await uploadsRepository(db).get(match[1], match[2]));
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
  if (!unit) throw notFound(pdfMessages.unitNotInCertificate(serial));
  if (certificate.voided_serials.includes(serial)) throw conflict(pdfMessages.unitVoided(serial));
  if (unit.release === 'awaiting_release') throw conflict(pdfMessages.unitAwaitingRelease(serial));
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

/** Reads what the document of certificate `id` prints, on the main thread (the worker has no database). */
export async function pdfInput(
  db: Db,
  id: number,
  scope: PdfScope,
  settings: PdfSettings,
): Promise<PdfInput> {
  const view = certificateView({
    certificates: certificatesRepository(db),
    revisions: revisionsRepository(db),
    units: unitsRepository(db),
    attempts: testAttemptsRepository(db),
    instruments: instrumentsRepository(db),
  });
  const whole = await view.get(id);
  const certificate = scope.kind === 'certificate' ? whole : customerCopyOf(whole, scope.serial);
  return { certificate, scope, settings, logo: await logoOf(db, whole.brand_image) };
}
