import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { ApiError, CertificateDocumentList, DocumentSeqParams, IdParams } from 'contracts';
import type { Services } from '../../dependencies';
import { notFound } from '../../errors';
import { messages } from '../../messages';
import { storedFileResponses } from '../../platform/stored-file-reply';

const errors = { 400: ApiError, 401: ApiError, 403: ApiError, 404: ApiError };

/**
 * Every sealed document of a certificate (docs/decisions/0020-sealed-certificate.md), for staff: the newest is
 * printed from certificate-archive.routes.ts, an earlier revision from here (mfe-certificates' `/pdf/:id?revision=n`),
 * so what is printed is what was archived then. Read-only; the same roles as the certificate's own read routes.
 */
const documentHistoryRoutes: FastifyPluginAsyncTypebox<{ services: Services }> = async (
  app,
  { services },
) => {
  const archive = services.certificateDocuments.repository;
  async function certificateExists(id: number) {
    if (!(await archive.certificate(id))) throw notFound(messages.certificateNotFound);
  }

  app.get(
    '/certificates/:id/documents',
    {
      config: { access: 'read' },
      schema: { params: IdParams, response: { 200: CertificateDocumentList, ...errors } },
    },
    async (request) => {
      await certificateExists(request.params.id);
      return { documents: await archive.history(request.params.id) };
    },
  );

  app.get(
    '/certificates/:id/documents/:seq',
    {
      config: { access: 'read' },
      schema: { params: DocumentSeqParams, response: { ...storedFileResponses, ...errors } },
    },
    async (request, reply) => {
      const { id, seq } = request.params;
      await certificateExists(id);
      const document = await archive.bySeq(id, seq);
      if (!document) throw notFound(messages.documentNotFound);
      // An archived document never changes: its address always answers the same bytes.
      return services.storedFiles.send(request, reply, services.certificateDocuments.bytes, document, {
        fileName: `Pruefbericht-${id}-Revision-${document.revision}.pdf`,
        download: false,
        cacheControl: 'private, max-age=31536000, immutable',
      });
    },
  );
};

export default documentHistoryRoutes;
