import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { ApiError, IdParams, Landing, LandingQuery } from 'contracts';
import { notFound } from '../../errors';
import { messages } from '../../messages';
import type { Services } from '../../services';

/** The customer page's one call: public, so it answers with public fields only. */
const landingRoutes: FastifyPluginAsyncTypebox<{ services: Services }> = async (app, { services }) => {
  const { machines, brands, certificates } = services;

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
      const machine = await machines.get(request.params.id);
      if (!machine) throw notFound(messages.machineNotFound);
      const brand = await brands.get(machine.brand_id);
      const serial = request.query.serial?.trim();
      const issued = serial ? await certificates.serialIssued(machine.id, serial) : undefined;
      reply.header('Cache-Control', 'no-cache');
      return {
        name: machine.name,
        image: machine.image,
        link_en: machine.link_en,
        link_ger: machine.link_ger,
        brand_name: brand?.name ?? '',
        ...(serial
          ? { serial: { value: serial, verified: !!issued, tested_at: issued?.created_at ?? null } }
          : {}),
      };
    },
  );
};

export default landingRoutes;
