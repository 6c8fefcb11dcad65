import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import {
  ApiError,
  IdParams,
  SERVICE_REQUEST_FIELDS,
  SERVICE_REQUEST_PHOTO_FIELD,
  SERVICE_REQUEST_PHOTOS,
  ServiceRequestAnswer,
  ServiceRequestDeleteBody,
  ServiceRequestDetail,
  ServiceRequestList,
  ServiceRequestNoteBody,
  ServiceRequestStatusBody,
  ServiceRequestsQuery,
  UPLOAD_MAX_BYTES,
} from 'contracts';
import type { Services } from '../../dependencies';
import { readParts } from '../../http/read-multipart';
import { customerMessages } from '../../messages.de';

/** A serial as the customer page's path carries it (contracts' landingUrl). */
const SerialParams = Type.Object({ serial: Type.String({ minLength: 1, maxLength: 100 }) });
const PhotoParams = Type.Object({
  id: Type.Integer({ minimum: 1, maximum: 2_147_483_647 }),
  photo: Type.Integer({ minimum: 1, maximum: SERVICE_REQUEST_PHOTOS }),
});

/**
 * Service requests from the unit's page (public, multipart: the fields and up to three photos in one request, so
 * no photo is stored without its request) and the inbox of the roles that may see owners (access 'release').
 */
const serviceRequestRoutes: FastifyPluginAsyncTypebox<{ services: Services }> = async (app, { services }) => {
  const { serviceRequests } = services;

  app.post(
    '/public/units/:serial/service-requests',
    {
      config: { access: 'public' },
      schema: {
        params: SerialParams,
        response: {
          201: ServiceRequestAnswer,
          400: ApiError,
          404: ApiError,
          413: ApiError,
          415: ApiError,
          429: ApiError,
        },
      },
    },
    async (request, reply) => {
      const { fields, files } = await readParts(request, {
        maxBytes: UPLOAD_MAX_BYTES,
        tooLarge: customerMessages.servicePhotoTooLarge,
        fields: SERVICE_REQUEST_FIELDS,
        fileField: SERVICE_REQUEST_PHOTO_FIELD,
        wrongField: customerMessages.servicePhotoField,
        maxFiles: SERVICE_REQUEST_PHOTOS,
        tooMany: { code: 'BAD_REQUEST', message: customerMessages.servicePhotosTooMany },
      });
      return reply.code(201).send(
        await serviceRequests.submit(
          request.params.serial.trim(),
          fields,
          files.map((file) => file.bytes),
          request.ip,
        ),
      );
    },
  );

  app.get(
    '/service-requests',
    {
      config: { access: 'release' },
      schema: {
        querystring: ServiceRequestsQuery,
        response: { 200: ServiceRequestList, 400: ApiError, 401: ApiError, 403: ApiError },
      },
    },
    async (request) => serviceRequests.list(request.query.status),
  );

  app.get(
    '/service-requests/:id',
    {
      config: { access: 'release' },
      schema: {
        params: IdParams,
        response: { 200: ServiceRequestDetail, 400: ApiError, 401: ApiError, 403: ApiError, 404: ApiError },
      },
    },
    async (request) => serviceRequests.detail(request.params.id),
  );

  app.get(
    '/service-requests/:id/photos/:photo',
    {
      config: { access: 'release' },
      schema: {
        params: PhotoParams,
        // The bytes as stored, sent as they are (as api/src/modules/uploads/uploads.routes.ts does).
        response: {
          200: Type.Unsafe<Buffer>({ type: 'string', format: 'binary' }),
          400: ApiError,
          401: ApiError,
          403: ApiError,
          404: ApiError,
        },
      },
    },
    async (request, reply) => {
      const photo = await serviceRequests.photo(request.params.id, request.params.photo);
      // Personal data: never cached (the API's no-store stays), never run as a page.
      return reply
        .header('Content-Type', photo.mime)
        .header('X-Content-Type-Options', 'nosniff')
        .header('Content-Security-Policy', "default-src 'none'; sandbox")
        .send(photo.bytes);
    },
  );

  app.put(
    '/service-requests/:id/status',
    {
      config: { access: 'release' },
      schema: {
        params: IdParams,
        body: ServiceRequestStatusBody,
        response: { 200: ServiceRequestDetail, 400: ApiError, 401: ApiError, 403: ApiError, 404: ApiError },
      },
    },
    async (request) => serviceRequests.setStatus(request.params.id, request.body.status, request.accountId!),
  );

  app.post(
    '/service-requests/:id/notes',
    {
      config: { access: 'release' },
      schema: {
        params: IdParams,
        body: ServiceRequestNoteBody,
        response: { 201: ServiceRequestDetail, 400: ApiError, 401: ApiError, 403: ApiError, 404: ApiError },
      },
    },
    async (request, reply) =>
      reply
        .code(201)
        .send(await serviceRequests.addNote(request.params.id, request.body.text, request.accountId!)),
  );

  app.delete(
    '/service-requests/:id',
    {
      config: { access: 'release' },
      schema: {
        params: IdParams,
        body: ServiceRequestDeleteBody,
        response: { 204: Type.Null(), 400: ApiError, 401: ApiError, 403: ApiError, 404: ApiError },
      },
    },
    async (request, reply) => {
      await serviceRequests.remove(request.params.id, request.body.reason, request.accountId!);
      return reply.code(204).send(null);
    },
  );
};

export default serviceRequestRoutes;
