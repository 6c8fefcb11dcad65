import { landingUrl } from './serial';
import { eanCheckDigit } from './validation';

/**
 * What printed QR codes encode (docs/decisions/0008-gs1-digital-link.md): the customer page's own path
 * (`/landing/<machine id>/<serial>`) or a GS1 Digital Link (`/01/<GTIN-14>/21/<serial>`).
 */
export const QR_FORMATS = ['landing', 'gs1'] as const;
export type QrFormat = (typeof QR_FORMATS)[number];

/** AI 21, the serial number: at most 20 characters (GS1 General Specifications §3.5.2). Ours are letters, digits, '-'. */
const GS1_SERIAL = /^[A-Za-z0-9-]{1,20}$/;

/**
 * The GTIN-14 of an EAN-8, a UPC-A (12 digits), an EAN-13 or a GTIN-14, padded with zeros in front as GS1
 * writes them in a Digital Link; null unless the code is one of these with the right check digit.
 */
export function gtin14(code: string): string | null {
  const digits = code.trim();
  if (!/^(\d{8}|\d{12,14})$/.test(digits)) return null;
  if (eanCheckDigit(digits.slice(0, -1)) !== Number(digits.at(-1))) return null;
  return digits.padStart(14, '0');
}

/** How a machine's EAN may be stored for this GTIN-14: the 8, 12 or 13 digits entered, or all 14. */
export function eanSpellings(gtin: string): string[] {
  return [8, 12, 13, 14]
    .filter((length) => /^0*$/.test(gtin.slice(0, 14 - length)))
    .map((length) => gtin.slice(14 - length));
}

/** `/01/<GTIN-14>[/21/<serial>]`: the path of a GS1 Digital Link, read back by `parseGs1Path`. */
export function gs1Path(gtin: string, serial?: string): string {
  return serial === undefined ? `/01/${gtin}` : `/01/${gtin}/21/${encodeURIComponent(serial)}`;
}

/**
 * The GTIN and serial of a GS1 Digital Link path as written, unchecked (`/01/123/21/x` gives `123`): the
 * customer page asks the API, which tells a wrong GTIN from an unknown one. Null for any other path.
 */
export function parseGs1Path(pathname: string): { gtin: string; serial?: string } | null {
  const match = /^\/01\/([^/]+)(?:\/21\/([^/]+))?\/?$/.exec(pathname);
  if (!match) return null;
  const decode = (segment: string) => {
    try {
      return decodeURIComponent(segment);
    } catch {
      return segment;
    }
  };
  return { gtin: decode(match[1]), ...(match[2] !== undefined && { serial: decode(match[2]) }) };
}

/**
 * The address a QR code for a machine (and a unit's serial) encodes. A GS1 Digital Link when the format asks
 * for one and the machine has a valid EAN (and the serial fits AI 21); otherwise, and by default, the
 * customer page's own path, which always works.
 */
export function qrUrl(
  { webBase, qrFormat }: { webBase: string; qrFormat?: QrFormat },
  machine: { id: number; ean: string },
  serial?: string,
): string {
  const gtin = qrFormat === 'gs1' ? gtin14(machine.ean) : null;
  if (gtin && (serial === undefined || GS1_SERIAL.test(serial)))
    return webBase.replace(/\/+$/, '') + gs1Path(gtin, serial);
  return landingUrl(webBase, machine.id, serial);
}

/** The GS1 Web Vocabulary, whose link types a resolver answers (GS1 Digital Link standard, resolver rules). */
export const GS1_VOCABULARY = 'https://gs1.org/voc/';

/**
 * The link types of the GS1 Web Vocabulary this resolver has targets for: the unit's page (`pip`, also the
 * default link) and one per kind of document (contracts/src/documents.ts).
 */
export const GS1_DOCUMENT_LINK_TYPES = {
  instructions: 'instructions',
  declaration: 'certificationInfo',
  safety: 'safetyInfo',
  spare_parts: 'serviceInfo',
} as const;

/** `linkType` asks for the whole linkset (RFC 9264) rather than one link; `all` is the older spelling. */
export const LINKSET_LINK_TYPES = ['linkset', 'all'];
export const LINKSET_MEDIA_TYPE = 'application/linkset+json';

/**
 * The vocabulary term a `linkType` names, written `gs1:pip` or as its full URI (http or https); null for any
 * other vocabulary or spelling.
 */
export function gs1LinkType(value: string): string | null {
  const match = /^(?:gs1:|https?:\/\/gs1\.org\/voc\/)([A-Za-z]+)$/.exec(value.trim());
  return match ? match[1] : null;
}
