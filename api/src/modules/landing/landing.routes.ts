import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { ApiError, IdParams, Landing, LandingQuery } from 'contracts';
import { notFound } from '../../errors';
import { messages } from '../../messages';
import type { Services } from '../../services';

/** The customer page's one call: public, so it answers with public fields only. */
const landingRoutes: FastifyPluginAsyncTypebox<{ services: Services }> = async (app, { services }) => {
  const { landing } = services;

  app.get(
    '/brandMachineById/:id',
    {
      schema: {
        params: IdParams,
        querystring: LandingQuery,
        response: { 200: Landing, 400: ApiError, 404: ApiError },
      },
    },
    async (request, reply) => {
      const serial = request.query.serial?.trim();
      const machine = await landing.get(request.params.id, serial ?? '');
      if (!machine) throw notFound(messages.machineNotFound);
      const { tested_at, brand_name, ...shown } = machine;
      reply.header('Cache-Control', 'no-cache');
      return {
        ...shown,
        brand_name: brand_name ?? '',
        ...(serial ? { serial: { value: serial, verified: tested_at !== null, tested_at } } : {}),
      };
    },
  );
};

export default landingRoutes;
