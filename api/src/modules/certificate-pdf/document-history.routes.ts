import { Readable } from 'node:stream';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import { ApiError, CertificateDocumentList, DocumentSeqParams, IdParams } from 'contracts';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import type { Services } from '../../dependencies';
import { notFound } from '../../errors';
import { messages } from '../../messages';
import { CHUNK_BYTES } from '../documents/document-chunks.repository';

const Pdf = Type.Unsafe<Readable>({ type: 'string', format: 'binary' });
const errors = { 400: ApiError, 401: ApiError, 403: ApiError, 404: ApiError };

/** What the archive's list shows of a document: never its bytes. */
const ENTRY_COLUMNS = [
  'seq',
  'event',
  'scope',
  'serial',
  'revision',
  'sha256',
  'size',
  'page_count',
  'created_at',
] as const;

/**
 * Every sealed document of a certificate (docs/decisions/0020-sealed-certificate.md), for staff: the newest is
 * printed from documents-store.routes.ts, an earlier revision from here (mfe-certificates' `/pdf/:id?revision=n`),
 * so what is printed is what was archived then. Read-only; the same roles as the certificate's own read routes.
 */
const documentHistoryRoutes: FastifyPluginAsyncTypebox<{ services: Services; db: Kysely<Database> }> = async (
  app,
  { services, db },
) => {
  async function certificateExists(id: number) {
    if (!(await services.certificateDocuments.store.repository.certificate(id)))
      throw notFound(messages.certificateNotFound);
  }

  app.get(
    '/certificates/:id/documents',
    {
      config: { access: 'read' },
      schema: { params: IdParams, response: { 200: CertificateDocumentList, ...errors } },
    },
    async (request) => {
      await certificateExists(request.params.id);
      const documents = await db
        .selectFrom('certificate_documents')
        .select(ENTRY_COLUMNS)
        .where('certificate_id', '=', request.params.id)
        .orderBy('seq')
        .execute();
      return { documents };
    },
  );

  app.get(
    '/certificates/:id/documents/:seq',
    {
      config: { access: 'read' },
      schema: { params: DocumentSeqParams, response: { 200: Pdf, 304: Type.Null(), ...errors } },
    },
    async (request, reply) => {
      const { id, seq } = request.params;
      await certificateExists(id);
      const document = await db
        .selectFrom('certificate_documents')
        .select(['sha256', 'size', 'revision'])
        .where('certificate_id', '=', id)
        .where('seq', '=', seq)
        .executeTakeFirst();
      if (!document) throw notFound(messages.documentNotFound);
      const etag = `"${document.sha256}"`;
      reply
        .header('Content-Type', 'application/pdf')
        .header(
          'Content-Disposition',
          `inline; filename="Pruefbericht-${id}-Revision-${document.revision}.pdf"`,
        )
        .header('ETag', etag)
        .header('X-Content-Type-Options', 'nosniff')
        // An archived document never changes: its address always answers the same bytes.
        .header('Cache-Control', 'private, max-age=31536000, immutable');
      if (request.headers['if-none-match'] === etag) return reply.code(304).send(null);
      reply.header('Content-Length', document.size);
      return reply.send(
        Readable.from(services.certificateDocuments.bytes(document.sha256, 0, document.size - 1), {
          objectMode: false,
          highWaterMark: CHUNK_BYTES,
        }),
      );
    },
  );
};

export default documentHistoryRoutes;
