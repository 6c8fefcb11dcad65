import { Type, type Static } from '@sinclair/typebox';
import { CERTIFICATE_DOCUMENT_EVENTS, CERTIFICATE_DOCUMENT_SCOPES } from './certificate-documents';
import { IdParams } from './schemas';

/**
 * The archive of one certificate as staff see it (api/src/modules/certificate-pdf/document-history.routes.ts):
 * every sealed document in the order it was sealed, so an earlier revision prints the bytes that were issued.
 */
export const CertificateDocumentEntry = Type.Object({
  /** The document's number within its certificate, from 1: its address (`certificateDocumentBySeq`). */
  seq: Type.Integer(),
  event: Type.Union(CERTIFICATE_DOCUMENT_EVENTS.map((event) => Type.Literal(event))),
  scope: Type.Union(CERTIFICATE_DOCUMENT_SCOPES.map((scope) => Type.Literal(scope))),
  /** The unit of a customer copy; '' for the whole certificate. */
  serial: Type.String(),
  /** The certificate's revision the document shows. */
  revision: Type.Integer(),
  sha256: Type.String(),
  size: Type.Integer(),
  page_count: Type.Integer(),
  /** When it was sealed (UTC, ISO 8601). */
  created_at: Type.String(),
});
export type CertificateDocumentEntry = Static<typeof CertificateDocumentEntry>;

export const CertificateDocumentList = Type.Object({ documents: Type.Array(CertificateDocumentEntry) });
export type CertificateDocumentList = Static<typeof CertificateDocumentList>;

/** A certificate's id and a document's number, both positive integers like every id. */
export const DocumentSeqParams = Type.Object({ id: IdParams.properties.id, seq: IdParams.properties.id });
export type DocumentSeqParams = Static<typeof DocumentSeqParams>;
