import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance, RouteOptions } from 'fastify';

/** Where the contract and its reference are published. */
export const OPENAPI_PATH = '/api/openapi.json';
export const DOCS_PREFIX = '/api/docs';

/**
 * The API's contract as OpenAPI 3, generated from the TypeBox schemas every route declares (contracts/),
 * and a readable reference of it. Registered before the routes: @fastify/swagger collects them as they are
 * added. Only the API is described, not the frontends served beside it.
 */
const isApiRoute = (url: string) =>
  url.startsWith('/api/') && !url.startsWith(DOCS_PREFIX) && url !== OPENAPI_PATH;

/**
 * A route of the API without a schema for its answers (and its path parameters, when it has some) is a
 * mistake: it would be missing from the contract, unchecked and unfuzzed. It stops the app at start, so
 * every test fails until the schema is there.
 */
export function assertRouteSchema(route: RouteOptions) {
  if (!isApiRoute(route.url) || route.method === 'HEAD') return;
  const schema = route.schema as { response?: object; params?: object } | undefined;
  const where = `${String(route.method)} ${route.url}`;
  if (!schema?.response) throw new Error(`${where} has no response schema`);
  if (route.url.includes(':') && !schema.params) throw new Error(`${where} has no params schema`);
}

export async function registerOpenApi(app: FastifyInstance) {
  app.addHook('onRoute', assertRouteSchema);
  await app.register(swagger, {
    openapi: {
      openapi: '3.0.3',
      info: {
        title: 'Prüfbericht API',
        version: '1.0.0',
        description:
          'Test certificates, machines and brands; errors come as `{"error":{"code","message","fields"?}}` ' +
          'with a German message. Staff calls need `Authorization: <token>` from `POST /api/login`.',
      },
      components: {
        securitySchemes: { token: { type: 'apiKey', in: 'header', name: 'Authorization' } },
      },
    },
    transform: ({ schema, url }) => ({
      schema: isApiRoute(url) ? schema : { ...schema, hide: true },
      url,
    }),
  });
  // The page's scripts and styles are its own files, so helmet's Content Security Policy holds here too.
  await app.register(swaggerUi, { routePrefix: DOCS_PREFIX });
  app.get(OPENAPI_PATH, { schema: { hide: true } }, async (_request, reply) => {
    reply.header('Cache-Control', 'no-cache');
    return app.swagger();
  });
}
