import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { ApiError, AuditPage, AuditQuery } from 'contracts';
import type { Services } from '../../dependencies';

const auditRoutes: FastifyPluginAsyncTypebox<{ services: Services }> = async (app, { services }) => {
  app.get(
    '/audit',
    {
      config: { access: 'administer' },
      schema: {
        querystring: AuditQuery,
        response: { 200: AuditPage, 400: ApiError, 401: ApiError, 403: ApiError },
      },
    },
    async (request) => services.audit.list(request.query),
  );
};

export default auditRoutes;
