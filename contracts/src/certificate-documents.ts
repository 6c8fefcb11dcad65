import { Type, type Static } from '@sinclair/typebox';

/**
 * The sealed certificate documents (docs/decisions/0020-sealed-certificate.md): what the public verification
 * answers about one PDF, found by its SHA-256. Nothing beyond what the document itself shows.
 */

/** The lifecycle event a document was sealed for. */
export const CERTIFICATE_DOCUMENT_EVENTS = ['issued', 'released', 'retested', 'revised', 'voided'] as const;
export type CertificateDocumentEvent = (typeof CERTIFICATE_DOCUMENT_EVENTS)[number];

/** The whole certificate (staff print and archive), or one unit's customer copy. */
export const CERTIFICATE_DOCUMENT_SCOPES = ['certificate', 'customer-copy'] as const;
export type CertificateDocumentScope = (typeof CERTIFICATE_DOCUMENT_SCOPES)[number];

/** A SHA-256 as 64 hex digits; the API takes either case. */
export const SHA256_PATTERN = /^[0-9a-fA-F]{64}$/;

export const DocumentVerification = Type.Object({
  sha256: Type.String(),
  /** The certificate's number, as printed („Prüfbericht Nr.“). */
  certificate_number: Type.Integer(),
  scope: Type.Union(CERTIFICATE_DOCUMENT_SCOPES.map((scope) => Type.Literal(scope))),
  /** The serials the document covers: the unit of a customer copy, every unit of a whole certificate. */
  serials: Type.Array(Type.String()),
  event: Type.Union(CERTIFICATE_DOCUMENT_EVENTS.map((event) => Type.Literal(event))),
  /** When it was sealed (UTC, ISO 8601). */
  sealed_at: Type.String(),
  /** Still what the certificate says: not revised, voided or superseded since. */
  current: Type.Boolean(),
});
export type DocumentVerification = Static<typeof DocumentVerification>;

/** How the customer page and the verification page name each event, English / German. */
export const DOCUMENT_EVENT_LABELS: Record<CertificateDocumentEvent, { en: string; de: string }> = {
  issued: { en: 'issued', de: 'ausgestellt' },
  released: { en: 'released', de: 'freigegeben' },
  retested: { en: 'retested', de: 'nachgeprüft' },
  revised: { en: 'revised', de: 'korrigiert' },
  voided: { en: 'voided', de: 'storniert' },
};
