import type { Readable } from 'node:stream';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import {
  AffectedExportQuery,
  AffectedList,
  AffectedQuery,
  ApiError,
  IdParams,
  Notice,
  NoticeBody,
  NoticeCloseBody,
  NoticeList,
} from 'contracts';
import type { Services } from '../../dependencies';

const errors = { 400: ApiError, 401: ApiError, 403: ApiError, 404: ApiError, 409: ApiError };
/** Every role reads the notices; the quality role (Freigabe) publishes and closes them, as it keeps instruments. */
const read = { access: 'read' } as const;
const release = { access: 'release' } as const;

const noticesRoutes: FastifyPluginAsyncTypebox<{ services: Services }> = async (app, { services }) => {
  const { notices } = services;

  app.get('/notices', { config: read, schema: { response: { 200: NoticeList, ...errors } } }, () =>
    notices.list(),
  );
  app.post(
    '/notices',
    { config: release, schema: { body: NoticeBody, response: { 201: Notice, ...errors } } },
    async (request, reply) => reply.code(201).send(await notices.publish(request.body, request.accountId!)),
  );
  app.get(
    '/notices/:id',
    { config: read, schema: { params: IdParams, response: { 200: Notice, ...errors } } },
    (request) => notices.get(request.params.id),
  );
  app.post(
    '/notices/:id/close',
    {
      config: release,
      schema: { params: IdParams, body: NoticeCloseBody, response: { 200: Notice, ...errors } },
    },
    (request) => notices.close(request.params.id, request.body, request.accountId!),
  );
  app.get(
    '/notices/:id/affected',
    {
      config: read,
      schema: { params: IdParams, querystring: AffectedQuery, response: { 200: AffectedList, ...errors } },
    },
    (request) => notices.affected(request.params.id, request.query),
  );
  app.get(
    '/notices/:id/affected/export',
    {
      config: read,
      schema: {
        params: IdParams,
        querystring: AffectedExportQuery,
        response: {
          200: Type.Unsafe<Readable>({
            type: 'string',
            format: 'binary',
            description: 'the XLSX or CSV file',
          }),
          ...errors,
        },
      },
    },
    async (request, reply) => {
      const file = await notices.exportAffected(request.params.id, request.query, request.accountId!);
      return reply
        .header('Content-Type', file.contentType)
        .header('Content-Disposition', `attachment; filename="${file.filename}"`)
        .send(file.body);
    },
  );
};

export default noticesRoutes;
