// The API called from another origin (docs/architecture.md#deployment): a preflight and the real request for
// every method the apps use, from an origin in CORS_ORIGINS and from one that is not.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { Value } from '@sinclair/typebox/value';
import { MachineBody } from 'contracts';
import { CORS_HEADERS, CORS_MAX_AGE, CORS_METHODS } from './app';
import { auth, certificateBody, createTestApp, kinds, seedMachine, type TestApp } from './test/harness';

const ALLOWED = 'http://127.0.0.2:8080';
const REFUSED = 'http://evil.example';

/** A PNG of one pixel: the smallest upload the API takes. */
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);

function multipart(file: Buffer) {
  const boundary = 'corsboundary';
  const body = Buffer.concat([
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="a.png"\r\n` +
        'Content-Type: image/png\r\n\r\n',
    ),
    file,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return { body, contentType: `multipart/form-data; boundary=${boundary}` };
}

for (const kind of kinds) {
  describe(`CORS (${kind})`, () => {
    let t: TestApp;
    let machineId: number;
    let brandId: number;
    let machineBody: MachineBody;
    before(async () => {
      t = await createTestApp(kind, { corsOrigins: [ALLOWED] });
      const { brand, machine } = await seedMachine(t.repositories);
      brandId = brand.id;
      machineId = machine.id;
      const stored = await t.app.inject({ url: `/api/machine/${machineId}`, headers: auth(t.token) });
      // The edit form sends back what it loaded, without the fields the server keeps.
      machineBody = Value.Clean(MachineBody, stored.json()) as MachineBody;
    });
    after(() => t.close());

    /** One call of each method, as the staff app or the customer page makes it. */
    const calls = () =>
      [
        { method: 'GET', url: '/api/brands', headers: auth(t.token) },
        { method: 'HEAD', url: `/api/brandMachineById/${machineId}`, headers: {} },
        {
          method: 'POST',
          url: '/api/brand',
          headers: auth(t.token),
          payload: { name: `CORS ${Date.now()}` },
        },
        {
          method: 'POST',
          url: '/api/certificate',
          headers: { ...auth(t.token), 'idempotency-key': `cors-${Date.now()}-${Math.random()}` },
          payload: certificateBody(brandId, machineId),
        },
        { method: 'PUT', url: `/api/machine/${machineId}`, headers: auth(t.token), payload: machineBody },
        {
          method: 'POST',
          url: '/api/upload',
          headers: { ...auth(t.token), 'content-type': multipart(PNG).contentType },
          payload: multipart(PNG).body,
        },
      ] as const;

    async function preflight(origin: string, method: string, url: string) {
      return t.app.inject({
        method: 'OPTIONS',
        url,
        headers: {
          origin,
          'access-control-request-method': method,
          'access-control-request-headers': 'authorization,content-type,idempotency-key',
        },
      });
    }

    it('answers the preflight of every method the apps use from an allowed origin', async () => {
      for (const call of calls()) {
        const response = await preflight(ALLOWED, call.method, call.url);
        assert.equal(response.statusCode, 204, `${call.method} ${call.url}`);
        assert.equal(response.headers['access-control-allow-origin'], ALLOWED);
        const methods = String(response.headers['access-control-allow-methods']).split(/,\s*/);
        assert.ok(methods.includes(call.method), `${call.method} missing from ${methods}`);
        const headers = String(response.headers['access-control-allow-headers']).toLowerCase().split(/,\s*/);
        for (const header of ['authorization', 'content-type', 'idempotency-key'])
          assert.ok(headers.includes(header), header);
        assert.equal(response.headers['access-control-max-age'], String(CORS_MAX_AGE));
      }
    });

    it('lets the real request of every method through from an allowed origin', async () => {
      for (const call of calls()) {
        const response = await t.app.inject({ ...call, headers: { ...call.headers, origin: ALLOWED } });
        assert.ok(
          response.statusCode < 300,
          `${call.method} ${call.url}: ${response.statusCode} ${response.body}`,
        );
        assert.equal(response.headers['access-control-allow-origin'], ALLOWED, `${call.method} ${call.url}`);
        assert.equal(response.headers['access-control-expose-headers'], 'Date');
      }
    });

    it('gives an origin not in CORS_ORIGINS no allowance, neither in the preflight nor in the answer', async () => {
      for (const call of calls()) {
        const pre = await preflight(REFUSED, call.method, call.url);
        assert.equal(pre.headers['access-control-allow-origin'], undefined, `${call.method} ${call.url}`);
        const response = await t.app.inject({ ...call, headers: { ...call.headers, origin: REFUSED } });
        assert.equal(
          response.headers['access-control-allow-origin'],
          undefined,
          `${call.method} ${call.url}`,
        );
      }
    });

    it('allows every method that a route under /api answers', async () => {
      const routes = t.app.printRoutes({ commonPrefix: false });
      const used = new Set([...routes.matchAll(/\(([A-Z, ]+)\)/g)].flatMap((m) => m[1].split(', ')));
      used.delete('OPTIONS');
      assert.ok(used.has('PUT'), routes);
      for (const method of used) assert.ok(CORS_METHODS.includes(method), `${method} is not allowed by CORS`);
      assert.deepEqual(CORS_HEADERS, ['Authorization', 'Content-Type', 'Idempotency-Key']);
    });
  });
}

describe('CORS without CORS_ORIGINS', () => {
  let t: TestApp;
  before(async () => {
    t = await createTestApp('sqlite');
  });
  after(() => t.close());

  it('allows no other origin at all', async () => {
    const response = await t.app.inject({
      method: 'OPTIONS',
      url: '/api/brands',
      headers: { origin: ALLOWED, 'access-control-request-method': 'GET' },
    });
    assert.equal(response.headers['access-control-allow-origin'], undefined);
  });
});
