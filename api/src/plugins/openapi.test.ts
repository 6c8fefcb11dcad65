import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { Type } from '@sinclair/typebox';
import Fastify from 'fastify';
import { createTestApp, kinds, type TestApp } from '../test/harness';
import { DOCS_PREFIX, OPENAPI_PATH, registerOpenApi } from './openapi';

interface Operation {
  parameters?: { name: string; in: string; schema?: object }[];
  requestBody?: { content: Record<string, { schema?: object }> };
  responses: Record<string, { content?: Record<string, { schema?: object }> }>;
}

/** Calls whose body is not JSON described by a schema: logout has none, the upload is multipart. */
/** Calls whose path says it all: no body to describe. */
const WITHOUT_JSON_BODY = [
  'post /api/logout',
  'post /api/oidc/session',
  'post /api/oidc/logout',
  'post /api/upload',
  'post /api/machine/{id}/documents',
  'post /api/instruments/{id}/calibrations/{calibrationId}/certificate',
  // A tester's file, multipart as every upload.
  'post /api/tester-files',
  // A service request: its fields and photos in one multipart form (contracts/src/service-requests.ts).
  'post /api/public/units/{serial}/service-requests',
  'post /api/accounts/{id}/disable',
  'post /api/accounts/{id}/enable',
  'post /api/me/sign-out-everywhere',
  'post /api/accounts/{id}/unlock',
  'post /api/jobs/{id}/retry',
  // What to export is the list's query string, as for the list itself.
  'post /api/certificates/exports',
  // The token is in the address; RFC 8058's one-click POST sends a form body, which is ignored.
  'post /api/public/unsubscribe',
];

describe('a route without a schema', () => {
  test('stops the app at start, so no API route can miss the contract', async () => {
    const app = Fastify();
    await registerOpenApi(app);
    app.get('/api/with', { schema: { response: { 200: Type.Object({}) } } }, async () => ({}));
    app.get('/elsewhere', async () => 'a frontend file');
    assert.throws(
      () => app.get('/api/without', async () => ({})),
      /GET \/api\/without has no response schema/,
    );
    assert.throws(
      () => app.get('/api/thing/:id', { schema: { response: { 200: Type.Object({}) } } }, async () => ({})),
      /has no params schema/,
    );
    await app.close();
  });
});

for (const kind of kinds) {
  describe(`OpenAPI contract on ${kind}`, () => {
    let t: TestApp;
    before(async () => {
      t = await createTestApp(kind);
    });
    after(() => t.close());

    test('/api/openapi.json describes the API, and no frontend route', async () => {
      const response = await t.app.inject(OPENAPI_PATH);
      assert.equal(response.statusCode, 200);
      const document = response.json();
      assert.equal(document.openapi, '3.0.3');
      const described = Object.keys(document.paths);
      for (const path of ['/api/login', '/api/brandMachineById/{id}', '/api/certificate', '/api/upload'])
        assert.ok(described.includes(path), path);
      assert.ok(described.every((path) => path.startsWith('/api/') && !path.startsWith(DOCS_PREFIX)));
    });

    test('every operation has a schema for its parameters, its JSON body and its answers', async () => {
      const { paths } = (await t.app.inject(OPENAPI_PATH)).json() as {
        paths: Record<string, Record<string, Operation>>;
      };
      for (const [path, operations] of Object.entries(paths)) {
        for (const [method, operation] of Object.entries(operations)) {
          const name = `${method} ${path}`;
          // A redirect is the success of a route a browser navigates to (the provider's answer of a sign-in).
          const success = Object.entries(operation.responses).filter(([status]) =>
            /^(2..|303)$/.test(status),
          );
          assert.ok(success.length > 0, `${name}: no success answer declared`);
          for (const [status, answer] of success)
            assert.ok(
              status === '204' || status === '303' || answer.content?.['application/json']?.schema,
              `${name}: ${status}`,
            );
          for (const param of [...path.matchAll(/\{(\w+)\}/g)].map((m) => m[1])) {
            const declared = operation.parameters?.find((p) => p.in === 'path' && p.name === param);
            assert.ok(declared?.schema, `${name}: path parameter ${param} has no schema`);
          }
          if ((method === 'post' || method === 'put') && !WITHOUT_JSON_BODY.includes(name))
            assert.ok(operation.requestBody?.content['application/json']?.schema, `${name}: no body schema`);
        }
      }
    });

    test('/api/docs is a readable reference of that document', async () => {
      const page = await t.app.inject(`${DOCS_PREFIX}/`);
      assert.equal(page.statusCode, 200);
      assert.match(page.headers['content-type'] as string, /text\/html/);
      const config = await t.app.inject(`${DOCS_PREFIX}/json`);
      assert.equal(config.statusCode, 200);
      assert.deepEqual(config.json().paths, (await t.app.inject(OPENAPI_PATH)).json().paths);
    });
  });
}
