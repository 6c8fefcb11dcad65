import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import type { LightMyRequestResponse } from 'fastify';
import { buildApp } from '../../app';
import { openDatabase } from '../../db/database';
import { messages } from '../../messages';
import { auth, createTestApp, kinds, type TestApp } from '../../test/harness';
import { webBaseNotice } from '../certificate-pdf/certificate-archive.wiring';
import { DEVELOPMENT_SEAL_NOTICE } from '../certificate-pdf/seal-service';

/** The error envelope of docs/architecture.md#api, with the exact German message and no stack trace. */
function assertError(response: LightMyRequestResponse, status: number, message: string) {
  assert.equal(response.statusCode, status, response.body);
  assert.match(String(response.headers['content-type']), /^application\/json/);
  const body = response.json();
  assert.equal(body.error.message, message);
  assert.equal(typeof body.error.code, 'string');
  assert.doesNotMatch(response.body, /stack|\.ts:\d+|node_modules/);
}

const validBrand = { name: 'Kopfmarke', email: 'info@kopf.example', website_link: 'https://kopf.example' };

for (const kind of kinds) {
  describe(`health, errors and headers on ${kind}`, () => {
    let t: TestApp;
    before(async () => {
      t = await createTestApp(kind);
    });
    after(() => t.close());

    const post = (
      url: string,
      payload: string | Buffer,
      contentType: string,
      headers: Record<string, string> = auth(t.token),
    ) => t.app.inject({ method: 'POST', url, payload, headers: { ...headers, 'content-type': contentType } });

    test('healthz answers ok without a token', async () => {
      const response = await t.app.inject({ url: '/api/healthz' });
      assert.equal(response.statusCode, 200);
      assert.deepEqual(response.json(), { status: 'ok' });
    });

    test('readyz answers ready when the database answers, and names the development seal and a missing WEB_BASE', async () => {
      const response = await t.app.inject({ url: '/api/readyz' });
      assert.equal(response.statusCode, 200);
      // No SEAL_P12_PATH and no WEB_BASE in tests (api/src/modules/certificate-pdf/certificate-archive.wiring.ts).
      assert.deepEqual(response.json(), {
        status: 'ready',
        notices: [DEVELOPMENT_SEAL_NOTICE, webBaseNotice(`http://localhost:${t.config.port}`)],
        jobs: { queued: 0, running: 0, failed: 0, oldest_queued_seconds: null },
      });
    });

    test('readyz says 503 stopping from the moment the process is asked to stop; healthz and calls still answer', async () => {
      const app = await buildApp({ config: t.config, database: t.testDb.database, isStopping: () => true });
      try {
        const ready = await app.inject({ url: '/api/readyz' });
        assert.equal(ready.statusCode, 503);
        assert.deepEqual(ready.json(), { status: 'stopping' });
        assert.equal((await app.inject({ url: '/api/healthz' })).statusCode, 200);
        // Requests a balancer still sends while it notices are answered, not refused.
        assert.equal((await app.inject({ url: '/api/brands' })).statusCode, 401);
      } finally {
        await app.close();
      }
    });

    test('readyz answers 503 when the database is gone, and healthz stays ok', async () => {
      // A second handle on the same database, closed under a running app.
      const database = openDatabase(t.testDb.location, { schema: t.testDb.schema });
      const app = await buildApp({ config: t.config, database });
      try {
        assert.equal((await app.inject({ url: '/api/readyz' })).statusCode, 200);
        await database.close();
        const ready = await app.inject({ url: '/api/readyz' });
        assert.equal(ready.statusCode, 503);
        assert.deepEqual(ready.json(), { status: 'not ready' });
        const live = await app.inject({ url: '/api/healthz' });
        assert.equal(live.statusCode, 200);
        assert.deepEqual(live.json(), { status: 'ok' });
      } finally {
        await app.close();
      }
    });

    test('an unknown route is a German 404, inside and outside /api, with or without a token', async () => {
      for (const url of ['/api/nichts', '/api/brands/1/extra', '/gibt-es-nicht', '/api/', '/api']) {
        assertError(await t.app.inject({ url }), 404, messages.routeNotFound);
      }
      assertError(
        await t.app.inject({ url: '/api/nichts', headers: auth(t.token) }),
        404,
        messages.routeNotFound,
      );
      assertError(
        await t.app.inject({ method: 'DELETE', url: '/api/brands', headers: auth(t.token) }),
        404,
        messages.routeNotFound,
      );
    });

    test('a broken percent-encoding or an over-long path parameter is a 400 in the German envelope', async () => {
      assertError(
        await t.app.inject({ url: '/api/machine/%E0%A4%A', headers: auth(t.token) }),
        400,
        messages.badRequest,
      );
      assertError(
        await t.app.inject({ url: `/api/brandMachineById/${'1'.repeat(200)}` }),
        400,
        messages.badRequest,
      );
    });

    test('malformed JSON is a 400 with a German message', async () => {
      for (const body of ['{"name": ', '{name: "x"}', "{'name':'x'}", '{"name":"x"}}', 'null x']) {
        assertError(await post('/api/brand', body, 'application/json'), 400, messages.invalidJson);
      }
      assertError(
        await post('/api/login', '{"username":', 'application/json', {}),
        400,
        messages.invalidJson,
      );
    });

    test('an empty JSON body is a 400 with a German message', async () => {
      assertError(await post('/api/brand', '', 'application/json'), 400, messages.emptyBody);
    });

    test('a body that is not JSON is refused with 415, and nothing is stored', async () => {
      const json = JSON.stringify(validBrand);
      for (const type of [
        'text/plain',
        'text/plain; charset=utf-8',
        'application/xml',
        'application/x-www-form-urlencoded',
        'text/html',
      ]) {
        assertError(await post('/api/brand', json, type), 415, messages.unsupportedMediaType);
      }
      assertError(
        await post('/api/login', '{"username":"a","password":"b"}', 'text/plain', {}),
        415,
        messages.unsupportedMediaType,
      );
      const names = (await t.repositories.brands.list()).map((b) => b.name);
      assert.ok(!names.includes(validBrand.name));
    });

    test('a JSON body over 1 MB is refused with 413', async () => {
      const huge = JSON.stringify({ ...validBrand, description: 'x'.repeat(1024 * 1024 + 1) });
      assertError(await post('/api/brand', huge, 'application/json'), 413, messages.bodyTooLarge);
      assertError(await post('/api/login', huge, 'application/json', {}), 413, messages.bodyTooLarge);
    });

    test('an array, a string or a number as body is a 400, not a 5xx', async () => {
      for (const body of ['[]', '"Marke"', '42', 'true', 'null']) {
        const response = await post('/api/brand', body, 'application/json');
        assert.equal(response.statusCode, 400, `${body}: ${response.body}`);
        assert.equal(response.json().error.message, messages.checkFields);
      }
    });

    test('staff answers, errors and sign-in are never stored by a browser or proxy', async () => {
      const login = await t.app.inject({
        method: 'POST',
        url: '/api/login',
        payload: { username: 'niemand@example.com', password: 'falsch-falsch' },
      });
      for (const response of [
        await t.app.inject({ url: '/api/brands', headers: auth(t.token) }),
        await t.app.inject({ url: '/api/certificates', headers: auth(t.token) }),
        await t.app.inject({ url: '/api/machines?search=x', headers: auth(t.token) }),
        await t.app.inject({ url: '/api/brands' }),
        await t.app.inject({ url: '/api/gibt-es-nicht', headers: auth(t.token) }),
        login,
      ])
        assert.equal(response.headers['cache-control'], 'no-store', response.body);
    });

    test('every answer carries the security headers: CSP with frame-ancestors, nosniff, no framing', async () => {
      for (const url of ['/api/healthz', '/api/nichts', '/api/brands']) {
        const response = await t.app.inject({ url });
        const csp = String(response.headers['content-security-policy']);
        assert.match(csp, /default-src 'self'/, url);
        assert.match(csp, /frame-ancestors 'none'/, url);
        assert.match(csp, /object-src 'none'/, url);
        assert.match(csp, /script-src 'self'(;|$)/, url);
        assert.equal(response.headers['x-content-type-options'], 'nosniff', url);
        assert.equal(response.headers['x-frame-options'], 'SAMEORIGIN', url);
        assert.equal(response.headers['referrer-policy'], 'no-referrer', url);
        // Plain HTTP here: HSTS is only sent over TLS (src/http.test.ts).
        assert.equal(response.headers['strict-transport-security'], undefined, url);
        assert.equal(response.headers['x-powered-by'], undefined, url);
      }
    });
  });
}
