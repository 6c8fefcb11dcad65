import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import { ApiError, UPLOAD_MAX_BYTES, UploadResponse } from 'contracts';
import { notFound } from '../../errors';
import { readMultipart } from '../../http/read-multipart';
import { messages } from '../../messages';
import type { Services } from '../../dependencies';

const uploadsRoutes: FastifyPluginAsyncTypebox<{ services: Services }> = async (app, { services }) => {
  const { uploads } = services;

  app.post(
    '/upload',
    {
      config: { access: 'catalogue' },
      schema: {
        response: {
          200: UploadResponse,
          400: ApiError,
          401: ApiError,
          403: ApiError,
          413: ApiError,
          415: ApiError,
        },
      },
    },
    async (request) => {
      const { bytes } = await readMultipart(request, {
        maxBytes: UPLOAD_MAX_BYTES,
        tooLarge: messages.uploadTooLarge,
        missing: messages.uploadMissing,
      });
      return { path: await uploads.store(bytes, request.accountId!) };
    },
  );

  app.get(
    '/uploads/:name',
    {
      config: { access: 'public' },
      schema: {
        params: Type.Object({ name: Type.String({ maxLength: 80 }) }),
        // The bytes as stored, sent as they are (a Buffer is never serialised by the schema).
        response: {
          200: Type.Unsafe<Buffer>({ type: 'string', format: 'binary' }),
          400: ApiError,
          404: ApiError,
        },
      },
    },
    async (request, reply) => {
      const match = /^([0-9a-f]{64})\.(png|jpg|gif)$/.exec(request.params.name);
      const image = match && (await uploads.get(match[1], match[2]));
      if (!image) throw notFound(messages.uploadNotFound);
      return (
        reply
          .header('Content-Type', image.mime)
          .header('X-Content-Type-Options', 'nosniff')
          .header('Content-Security-Policy', "default-src 'none'; sandbox")
          .header('Cache-Control', 'public, max-age=31536000, immutable')
          // Frontends served from another host (a CDN) must be able to show the images.
          .header('Cross-Origin-Resource-Policy', 'cross-origin')
          .send(image.bytes)
      );
    },
  );
};

export default uploadsRoutes;
