import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { EARLIER_APP_ROUTES, apiPaths } from 'contracts';
import { createTestApp, type TestApp } from './test/harness';

/**
 * Routes of this product that keep a name outside the REST shape, and why. Every other route not in
 * contracts' EARLIER_APP_ROUTES is REST: lower-case, hyphenated segments and `:params`.
 */
const EXCEPTIONS: Record<string, string> = {
  // The GS1 Digital Link twin of the earlier app's customer call (docs/decisions/0008-gs1-digital-link.md):
  // named like `GET /brandMachineById/:id`, whose answer it gives, so customers' links read alike.
  'GET /brandMachineByGtin/:gtin': 'twin of an earlier-app call',
};

const REST_SEGMENT = /^([a-z0-9]+(-[a-z0-9]+)*|:[a-zA-Z]+)$/;

/** Every route under /api as `METHOD /pattern` (the API base left out), from the generated OpenAPI document. */
async function routesOf(t: TestApp) {
  const response = await t.app.inject({ url: '/api/openapi.json' });
  assert.equal(response.statusCode, 200);
  const paths = response.json().paths as Record<string, Record<string, unknown>>;
  return Object.entries(paths).flatMap(([openApiPath, operations]) => {
    const pattern = openApiPath.replace(/^\/api/, '').replace(/\{(\w+)\}/g, ':$1');
    return Object.keys(operations).map((method) => `${method.toUpperCase()} ${pattern}`);
  });
}

describe('route names', () => {
  let t: TestApp;
  let routes: string[];
  before(async () => {
    t = await createTestApp('sqlite');
    routes = await routesOf(t);
  });
  after(() => t.close());

  test('every route not kept for the earlier app is REST-shaped, the listed exceptions aside', () => {
    const earlier = new Set<string>(EARLIER_APP_ROUTES);
    for (const route of routes) {
      if (earlier.has(route) || EXCEPTIONS[route]) continue;
      const segments = route.split(' ')[1].split('/').slice(1);
      for (const segment of segments) assert.match(segment, REST_SEGMENT, `${route}: segment ${segment}`);
    }
  });

  test('the earlier app routes and the exceptions are all routes the API has', () => {
    for (const route of [...EARLIER_APP_ROUTES, ...Object.keys(EXCEPTIONS)])
      assert.ok(routes.includes(route), `${route} is listed but not a route`);
  });

  test('every path contracts apiPaths builds is a route of the API', () => {
    const patterns = routes.map((route) => {
      const source = route.split(' ')[1].replace(/:\w+/g, '[^/]+');
      return new RegExp(`^${source}$`);
    });
    for (const [name, build] of Object.entries(apiPaths)) {
      // A query (a plan diff's versions) is not part of the route.
      const path = (build as (...args: (number | string)[]) => string)(7, 2, 1).split('?')[0];
      assert.ok(
        patterns.some((pattern) => pattern.test(path)),
        `apiPaths.${name}() = ${path} is no route`,
      );
    }
  });
});
