import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import { ApiError, apiPaths, IdParams, JobsOverview } from 'contracts';
import type { Services } from '../../dependencies';

const errors = { 400: ApiError, 401: ApiError, 403: ApiError, 404: ApiError };
const administer = { access: 'administer' } as const;

/** The jobs' backlog and the failed ones, and their retry (docs/decisions/0021-jobs-and-one-worker.md). */
const jobsRoutes: FastifyPluginAsyncTypebox<{ services: Services }> = async (app, { services }) => {
  app.get(
    apiPaths.jobs(),
    { config: administer, schema: { response: { 200: JobsOverview, ...errors } } },
    async (_request, reply) => {
      reply.header('Cache-Control', 'no-store');
      return services.jobs.overview();
    },
  );

  app.post(
    '/jobs/:id/retry',
    {
      config: administer,
      schema: { params: IdParams, response: { 204: Type.Null(), 409: ApiError, ...errors } },
    },
    async (request, reply) => {
      await services.jobs.retry(request.params.id, request.accountId!);
      return reply.code(204).send(null);
    },
  );
};

export default jobsRoutes;
