import rateLimit from '@fastify/rate-limit';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import {
  ApiError,
  DOCUMENT_MAX_BYTES,
  DocumentVersionList,
  IdParams,
  PaperRequestBody,
  PaperRequestList,
  PaperRequestSentBody,
} from 'contracts';
import type { Config } from '../../config';
import type { Services } from '../../dependencies';
import { notFound } from '../../errors';
import { readMultipart } from '../../http/read-multipart';
import { messages } from '../../messages';
import { storedFileResponses } from '../../platform/stored-file-reply';

/** Paper requests one address may send per hour: a customer needs one or two; a script is stopped early. */
export const PAPER_REQUESTS_PER_HOUR = 10;
const UPLOAD_FIELDS = ['kind', 'language', 'valid_from', 'earlier'];

const documentsRoutes: FastifyPluginAsyncTypebox<{ services: Services; config: Config }> = async (
  app,
  { services, config },
) => {
  const { documents } = services;
  // The public calls share the customer call's limit per address (api/src/modules/landing/landing.routes.ts).
  await app.register(rateLimit, { max: config.publicRateLimit, timeWindow: 60_000, global: false });

  app.get(
    '/machine/:id/documents',
    {
      config: { access: 'read' },
      schema: {
        params: IdParams,
        response: { 200: DocumentVersionList, 401: ApiError, 403: ApiError, 404: ApiError },
      },
    },
    async (request) => ({ data: await documents.versions(request.params.id) }),
  );

  app.post(
    '/machine/:id/documents',
    {
      config: { access: 'catalogue' },
      schema: {
        params: IdParams,
        response: {
          201: Type.Object({ id: Type.Integer() }),
          400: ApiError,
          401: ApiError,
          403: ApiError,
          404: ApiError,
          409: ApiError,
          413: ApiError,
          415: ApiError,
        },
      },
    },
    async (request, reply) => {
      // The file's size limit is DOCUMENT_MAX_BYTES, not the images' one.
      const { fields, bytes } = await readMultipart(request, {
        maxBytes: DOCUMENT_MAX_BYTES,
        tooLarge: messages.documentTooLarge,
        missing: messages.documentFileMissing,
        fields: UPLOAD_FIELDS,
      });
      const id = await documents.upload({
        machineId: request.params.id,
        kind: fields.kind ?? '',
        language: fields.language ?? '',
        validFrom: fields.valid_from ?? '',
        earlier: fields.earlier === 'true' || fields.earlier === '1',
        bytes,
        accountId: request.accountId!,
      });
      return reply.code(201).send({ id });
    },
  );

  app.get(
    '/documents/:id/:name',
    {
      config: { access: 'public', rateLimit: { max: config.publicRateLimit, timeWindow: 60_000 } },
      schema: {
        params: Type.Object({ id: IdParams.properties.id, name: Type.String({ maxLength: 200 }) }),
        querystring: Type.Object({ download: Type.Optional(Type.Literal('1')) }),
        response: {
          ...storedFileResponses,
          400: ApiError,
          404: ApiError,
          429: ApiError,
        },
      },
    },
    async (request, reply) => {
      const document = await documents.find(request.params.id);
      if (!document || document.file_name !== request.params.name) throw notFound(messages.documentNotFound);
      // A version's bytes never change under its id: cached for good.
      return services.storedFiles.send(request, reply, documents.bytes, document, {
        fileName: document.file_name,
        download: !!request.query.download,
        cacheControl: 'public, max-age=31536000, immutable',
        extra: { 'Cross-Origin-Resource-Policy': 'cross-origin' },
      });
    },
  );

  app.post(
    '/paper-requests',
    {
      config: { access: 'public', rateLimit: { max: PAPER_REQUESTS_PER_HOUR, timeWindow: 3_600_000 } },
      schema: {
        body: PaperRequestBody,
        response: {
          201: Type.Object({ id: Type.Integer(), due: Type.String() }),
          400: ApiError,
          404: ApiError,
          413: ApiError,
          429: ApiError,
        },
      },
    },
    async (request, reply) => reply.code(201).send(await documents.paperRequests.create(request.body)),
  );

  app.get(
    '/paper-requests',
    {
      config: { access: 'catalogue' },
      schema: { response: { 200: PaperRequestList, 401: ApiError, 403: ApiError } },
    },
    async () => ({ data: await documents.paperRequests.list() }),
  );

  app.post(
    '/paper-requests/:id/sent',
    {
      config: { access: 'catalogue' },
      schema: {
        params: IdParams,
        body: PaperRequestSentBody,
        response: {
          204: Type.Null(),
          400: ApiError,
          401: ApiError,
          403: ApiError,
          404: ApiError,
          409: ApiError,
        },
      },
    },
    async (request, reply) => {
      await documents.paperRequests.markSent(request.params.id, request.body.sent_on, request.accountId!);
      return reply.code(204).send(null);
    },
  );
};

export default documentsRoutes;
