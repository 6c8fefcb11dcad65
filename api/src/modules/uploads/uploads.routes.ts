import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import type { FastifyError, FastifyRequest } from 'fastify';
import { ApiError, UploadResponse } from 'contracts';
import { HttpError, badRequest, notFound } from '../../errors';
import { messages } from '../../messages';
import type { Services } from '../../dependencies';

/**
 * The bytes of the multipart field `file`. Size first (toBuffer stops at the multipart limit); every part is
 * read, so a second file is refused rather than silently dropped. A body the multipart parser cannot read
 * (no boundary, cut off, malformed headers) is the client's error, not a 500.
 */
async function readFile(request: FastifyRequest): Promise<Buffer> {
  try {
    let bytes: Buffer | undefined;
    for await (const part of request.parts()) {
      if (part.type !== 'file') continue;
      if (bytes || part.fieldname !== 'file') {
        // The rest of this part is never read; the socket's remaining bytes are dropped with the request.
        throw bytes
          ? new HttpError(400, 'ONE_FILE_ONLY', messages.uploadOneFile)
          : badRequest(messages.uploadMissing);
      }
      bytes = await part.toBuffer();
    }
    if (!bytes) throw badRequest(messages.uploadMissing);
    return bytes;
  } catch (error) {
    // Our own errors and the plugin's limit errors carry a status; the parser's own errors do not.
    if (error instanceof HttpError || (error as FastifyError).statusCode) throw error;
    throw new HttpError(400, 'MULTIPART_INVALID', messages.multipartInvalid);
  }
}

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
      if (!request.isMultipart())
        throw new HttpError(415, 'UNSUPPORTED_MEDIA_TYPE', messages.multipartInvalid);
      return { path: await uploads.store(await readFile(request), request.accountId!) };
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
