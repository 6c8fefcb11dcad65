import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import { ApiError, AuditExportQuery, AuditPage, AuditQuery } from 'contracts';
import type { Services } from '../../dependencies';
import { auditExport } from './audit-export';

const errors = { 400: ApiError, 401: ApiError, 403: ApiError, 404: ApiError };
/** The whole trail: administrators, and the audit role, which reads it without administering anything. */
const audit = { access: 'audit' } as const;

const auditRoutes: FastifyPluginAsyncTypebox<{ services: Services }> = async (app, { services }) => {
  const exportTrail = auditExport(services.audit);

  app.get(
    '/audit',
    { config: audit, schema: { querystring: AuditQuery, response: { 200: AuditPage, ...errors } } },
    async (request) => services.audit.list(request.query),
  );

  app.get(
    '/audit/export',
    {
      config: audit,
      schema: {
        querystring: AuditExportQuery,
        response: {
          200: Type.Unsafe<unknown>({
            type: 'string',
            format: 'binary',
            description: 'the XLSX or CSV file',
          }),
          ...errors,
        },
      },
    },
    async (request, reply) => {
      const file = await exportTrail(request.query, request.accountId!);
      return reply
        .header('Content-Type', file.contentType)
        .header('Content-Disposition', `attachment; filename="${file.filename}"`)
        .send(file.body);
    },
  );
};

export default auditRoutes;
