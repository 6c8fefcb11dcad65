import {
  isValidEan,
  qrUrl,
  type Certificate,
  type Machine,
  type RuntimeConfig,
  type UnitRelease,
} from 'contracts';

/** Where QR codes point and in which form (contracts/src/gs1.ts). */
export type QrConfig = Pick<RuntimeConfig, 'webBase' | 'qrFormat'>;

/** What one printed label shows. */
export interface LabelContent {
  key: string;
  logo: string;
  article: string;
  /** Absent on product labels. */
  serial?: string;
  /** Only a valid EAN: an invalid one is never printed as a barcode. */
  ean: string | null;
  qr: string;
}

export type EanState = 'valid' | 'missing' | 'invalid';

export function eanState(ean: string): EanState {
  if (!ean.trim()) return 'missing';
  return isValidEan(ean.trim()) ? 'valid' : 'invalid';
}

function printableEan(ean: string): string | null {
  return eanState(ean) === 'valid' ? ean.trim() : null;
}

export const COPIES = { min: 1, max: 10, default: 1 } as const;
export const PRODUCT_LABELS = { min: 1, max: 100, default: 1 } as const;

/** A whole number within the range; anything else (empty, text, fractions) falls back to the nearest valid. */
export function clampCount(value: string | number, range: { min: number; max: number }): number {
  const number = Math.floor(Number(value));
  if (!Number.isFinite(number)) return range.min;
  return Math.min(range.max, Math.max(range.min, number));
}

/** Why a unit gets no label: only released units are labelled, never a failed, unreleased or voided one. */
export type RefusalReason = 'voided' | Exclude<UnitRelease, 'released' | 'deviation'>;

/**
 * Which units of the certificate get labels: those released (also by deviation, Sonderfreigabe) and not voided
 * (docs/decisions/0010-test-record.md). The API refuses the others too (409 LABELS_REFUSED); the page says why.
 */
export function labelUnits(certificate: Certificate): {
  serials: string[];
  refused: { serial: string; reason: RefusalReason }[];
} {
  const releases = new Map(certificate.test_record.units.map((unit) => [unit.serial, unit.release]));
  const voided = new Set(certificate.voided_serials);
  const serials: string[] = [];
  const refused: { serial: string; reason: RefusalReason }[] = [];
  for (const serial of certificate.serials) {
    const release = releases.get(serial) ?? 'awaiting_release';
    if (voided.has(serial)) refused.push({ serial, reason: 'voided' });
    else if (release === 'failed' || release === 'awaiting_release')
      refused.push({ serial, reason: release });
    else serials.push(serial);
  }
  return { serials, refused };
}

/** One label per unit and copy, the copies of a unit next to each other so they stay together when cut. */
export function serialLabels(
  certificate: Certificate,
  copies: number,
  qr: QrConfig,
  serials: readonly string[] = labelUnits(certificate).serials,
): LabelContent[] {
  const ean = printableEan(certificate.ean_number);
  return serials.flatMap((serial) =>
    Array.from({ length: copies }, (_, copy) => ({
      key: `${serial}-${copy}`,
      logo: certificate.brand_image,
      article: certificate.machine_name,
      serial,
      ean,
      qr: qrUrl(qr, { id: certificate.machine_id, ean: certificate.ean_number }, serial),
    })),
  );
}

export function productLabels(machine: Machine, logo: string, count: number, qr: QrConfig): LabelContent[] {
  const ean = printableEan(machine.ean_number);
  return Array.from({ length: count }, (_, copy) => ({
    key: String(copy),
    logo,
    article: machine.name,
    ean,
    qr: qrUrl(qr, { id: machine.id, ean: machine.ean_number }),
  }));
}

/**
 * The labels in the slots of the printed pages; on a sheet whose first `skip` labels were used already, those
 * slots stay empty (null), so the next label lands on the first free one.
 */
export function sheetSlots(
  labels: readonly LabelContent[],
  perPage: number,
  skip = 0,
): (LabelContent | null)[][] {
  return paginate([...Array<null>(skip).fill(null), ...labels], perPage);
}

/** Splits the items into printed pages of `perPage`. */
export function paginate<T>(items: readonly T[], perPage: number): T[][] {
  const pages: T[][] = [];
  for (let start = 0; start < items.length; start += perPage) pages.push(items.slice(start, start + perPage));
  return pages;
}
