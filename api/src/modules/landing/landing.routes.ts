import etag from '@fastify/etag';
import rateLimit from '@fastify/rate-limit';
import type { FastifyPluginAsyncTypebox, TSchema } from '@fastify/type-provider-typebox';
import type { FastifyReply } from 'fastify';
import { ApiError, GtinParams, IdParams, Landing, LandingQuery } from 'contracts';
import type { Config } from '../../config';
import type { Services } from '../../dependencies';
import { addressKey } from '../../plugins/client-address';

/**
 * Customers asking again for the same machine and serial are answered by HTTP caches (the phone's, a CDN's),
 * not by a cache in this process: docs/decisions/0006-no-cache-in-the-process.md.
 */
const PUBLIC_CACHE = 'public, max-age=60, stale-while-revalidate=600';

/** The customer page's one call: public, so it answers with public fields only. */
const landingRoutes: FastifyPluginAsyncTypebox<{ services: Services; config: Config }> = async (
  app,
  { services, config },
) => {
  const { landing } = services;
  // Guessing serials one after another must be slow: a limit per client address (request.ip, the
  // forwarded one behind TRUST_PROXY), kept in this process, so N instances allow N times as many
  // (docs/architecture.md#security). 429 comes back in the German envelope with Retry-After.
  // IPv6 clients are counted by their /64 (plugins/client-address.ts).
  await app.register(rateLimit, {
    max: config.publicRateLimit,
    timeWindow: 60_000,
    keyGenerator: (request) => addressKey(request.ip),
  });
  // An ETag on every answer of this scope; a matching If-None-Match gets 304 without the body.
  await app.register(etag);

  /** Both ways to the customer page answer the same, and are cached alike. */
  const schemaWith = <Params extends TSchema>(params: Params) => ({
    params,
    querystring: LandingQuery,
    response: { 200: Landing, 400: ApiError, 404: ApiError, 429: ApiError },
  });
  const publicAnswer = (reply: FastifyReply, view: Landing) => {
    reply.header('Cache-Control', PUBLIC_CACHE);
    return view;
  };

  app.get(
    '/brandMachineById/:id',
    { config: { access: 'public' }, schema: schemaWith(IdParams) },
    async (request, reply) =>
      publicAnswer(reply, await landing.view(request.params.id, request.query.serial?.trim())),
  );

  // The customer page behind a GS1 Digital Link: the machine whose EAN is this GTIN.
  app.get(
    '/brandMachineByGtin/:gtin',
    { config: { access: 'public' }, schema: schemaWith(GtinParams) },
    async (request, reply) =>
      publicAnswer(reply, await landing.viewByGtin(request.params.gtin, request.query.serial?.trim())),
  );
};

export default landingRoutes;
