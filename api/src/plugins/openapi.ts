import fs from 'node:fs';
import path from 'node:path';
import { apiDir } from '../platform/api-files';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import { ROLES, ROLE_LABELS, allows } from 'contracts';
import type { FastifyInstance, FastifySchema, RouteOptions } from 'fastify';
import type { Access } from './access';

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

const docsFile = (name: string) => fs.readFileSync(path.join(apiDir, 'assets', name), 'utf8');

/**
 * Who may call an operation, in the document: `x-access` as the route declares it (api/src/plugins/access.ts),
 * a token for all but public ones, and the roles in words.
 */
function withAccess(schema: FastifySchema, access: Access | undefined): FastifySchema {
  if (!access || access === 'public') return { ...schema, 'x-access': access } as FastifySchema;
  const who =
    access === 'session'
      ? 'Any signed-in account.'
      : `Roles: ${ROLES.filter((role) => allows([role], access))
          .map((role) => ROLE_LABELS[role])
          .join(', ')}.`;
  return { ...schema, 'x-access': access, security: [{ token: [] }], description: who } as FastifySchema;
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
    transform: ({ schema, url, route }) => ({
      schema: isApiRoute(url) ? withAccess(schema, route.config?.access) : { ...schema, hide: true },
      url,
    }),
  });
  // The page's scripts and styles are its own files, so helmet's Content Security Policy holds here too. A
  // reference to read, held to WCAG 2.2 AA (e2e/tests/accessibility.spec.ts): no top bar (a logo without text, an
  // unlabelled URL field), no deep links (a link inside each operation's button), nothing sent from the page (its
  // body field and the sign-in dialog have no labels), examples without low-contrast colours, plus
  // api/assets/openapi-docs.css and openapi-docs.js.
  await app.register(swaggerUi, {
    routePrefix: DOCS_PREFIX,
    uiConfig: {
      layout: 'BaseLayout',
      deepLinking: false,
      supportedSubmitMethods: [],
      syntaxHighlight: false,
    },
    theme: {
      title: 'Prüfbericht API',
      css: [{ filename: 'accessible.css', content: docsFile('openapi-docs.css') }],
      js: [{ filename: 'accessible.js', content: docsFile('openapi-docs.js') }],
    },
  });
  app.get(OPENAPI_PATH, { schema: { hide: true } }, async (_request, reply) => {
    reply.header('Cache-Control', 'no-cache');
    return app.swagger();
  });
}
