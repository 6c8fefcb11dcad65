import rateLimit from '@fastify/rate-limit';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import { ApiError, DocumentVerification, IdParams, SERIAL_MAX_LENGTH, SHA256_PATTERN } from 'contracts';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Config } from '../../config';
import type { Services } from '../../dependencies';
import { badRequest } from '../../errors';
import { messages } from '../../messages';
import { addressKey } from '../../plugins/client-address';
import { send } from '../../plugins/error-handler';
import { storedFileResponses } from '../../platform/stored-file-reply';
import type { CertificateDocumentRow } from './certificate-archive.repository';

/** Seconds after which a print or a download may ask again while its PDF is being sealed (one takes about one). */
const RETRY_AFTER_SECONDS = 2;

const pdfResponses = { ...storedFileResponses, 400: ApiError, 404: ApiError };

/**
 * The sealed certificate PDFs (docs/decisions/0020-sealed-certificate.md): staff print the newest whole document,
 * a customer downloads the unit's copy, anyone verifies a PDF by its SHA-256. A document's bytes never change,
 * so its SHA-256 is its ETag; byte ranges are answered as for the machines' documents (a phone's viewer asks).
 */
const certificateArchiveRoutes: FastifyPluginAsyncTypebox<{ services: Services; config: Config }> = async (
  app,
  { services, config },
) => {
  const { certificateDocuments: documents } = services;
  // The public calls have the customer call's limit per address, an IPv6 client counted by its /64
  // (api/src/modules/landing/landing.routes.ts, api/src/plugins/client-address.ts).
  await app.register(rateLimit, {
    max: config.publicRateLimit,
    timeWindow: 60_000,
    global: false,
    keyGenerator: (request) => addressKey(request.ip),
  });
  const publicLimit = { max: config.publicRateLimit, timeWindow: 60_000 };

  const sendPdf = (
    request: FastifyRequest<{ Querystring: { download?: '1' } }>,
    reply: FastifyReply,
    document: CertificateDocumentRow,
    { fileName, cacheControl }: { fileName: string; cacheControl: string },
  ) =>
    services.storedFiles.send(request, reply, documents.bytes, document, {
      fileName,
      download: !!request.query.download,
      cacheControl,
    });

  const Download = Type.Object({ download: Type.Optional(Type.Literal('1')) });

  app.get(
    '/certificates/:id/document',
    {
      config: { access: 'read' },
      schema: {
        params: IdParams,
        querystring: Download,
        response: { ...pdfResponses, 401: ApiError, 403: ApiError, 503: ApiError },
      },
    },
    async (request, reply) => {
      const document = await documents.staffDocument(request.params.id);
      if (document === 'pending') {
        reply.header('Retry-After', String(RETRY_AFTER_SECONDS));
        return send(reply, 503, 'DOCUMENT_PENDING', messages.certificatePdfPending);
      }
      // The newest document changes with the certificate: the browser asks again, and its ETag saves the bytes.
      return sendPdf(request, reply, document, {
        fileName: `Pruefbericht-${document.certificate_id}.pdf`,
        cacheControl: 'private, no-cache',
      });
    },
  );

  app.get(
    '/public/units/:serial/certificate',
    {
      config: { access: 'public', rateLimit: publicLimit },
      schema: {
        params: Type.Object({ serial: Type.String({ minLength: 1, maxLength: SERIAL_MAX_LENGTH }) }),
        querystring: Download,
        response: { ...pdfResponses, 429: ApiError, 503: ApiError },
      },
    },
    async (request, reply) => {
      const document = await documents.customerCopy(request.params.serial.trim());
      if (document === 'pending') {
        reply.header('Retry-After', String(RETRY_AFTER_SECONDS));
        return send(reply, 503, 'DOCUMENT_PENDING', messages.customerCopyPending);
      }
      return sendPdf(request, reply, document, {
        fileName: `Pruefbericht-${document.serial}.pdf`,
        // A revision or a void makes another copy current: cached briefly, then revalidated by its ETag.
        cacheControl: 'public, max-age=60, must-revalidate',
      });
    },
  );

  app.get(
    '/public/verify/:hash',
    {
      config: { access: 'public', rateLimit: publicLimit },
      schema: {
        params: Type.Object({ hash: Type.String({ maxLength: 200 }) }),
        response: { 200: DocumentVerification, 400: ApiError, 404: ApiError, 429: ApiError },
      },
    },
    async (request, reply) => {
      const { hash: sha256 } = request.params;
      if (!SHA256_PATTERN.test(sha256)) throw badRequest(messages.verifyMalformed);
      // Whether it is current changes with the certificate: never answered from a cache unasked.
      reply.header('Cache-Control', 'no-cache');
      return documents.verify(sha256.toLowerCase());
    },
  );
};

export default certificateArchiveRoutes;
