import assert from 'node:assert/strict';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { after, test } from 'node:test';
import fc from 'fast-check';
import { CERTIFICATE_DEFAULTS } from 'contracts';
import { migrate, openDatabase } from '../db/database';
import { createRepositories } from '../dependencies';
import { STAFF, TEST_COST, seedMachine } from '../test/harness';
import { loginOver, startServer, type ServerProcess } from '../test/server-process';

const soak = process.env.SOAK === '1';
const TOTAL = soak ? 100_000 : 10_000;
const CONCURRENCY = 16;

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'pb-fuzz-'));
let server: ServerProcess | undefined;
after(async () => {
  await server?.stop();
  fs.rmSync(dir, { recursive: true, force: true });
});

const HOSTILE_STRINGS = [
  '',
  ' ',
  "'; DROP TABLE certificates; --",
  '" OR 1=1 --',
  '<img src=x onerror=alert(1)>',
  '<script>alert(1)</script>',
  'javascript:alert(1)',
  '../../../../etc/passwd',
  '%00',
  '\u0000',
  '\ud800',
  '\u202e\u0644\u0627',
  '🙂'.repeat(50),
  'Öl-Kühler ß',
  'x'.repeat(100_000),
  '%',
  '_',
  '\\',
  '{{7*7}}',
  '${7*7}',
  '__proto__',
  'constructor',
];
const HOSTILE_NUMBERS = [0, -1, 1, 2 ** 31, 2 ** 31 - 1, 2 ** 53, -(2 ** 53), 1e308, 0.5, -0, 100, 101];
const hostile = fc.oneof(
  fc.constantFrom<unknown>(...HOSTILE_STRINGS, ...HOSTILE_NUMBERS, null, true, false, [], {}, [1], { a: 1 }),
  fc.jsonValue({ maxDepth: 3 }),
  fc.string({ maxLength: 300, unit: 'binary' }),
);
const queryValue = fc.oneof(
  fc.constantFrom(
    '1',
    '0',
    '-1',
    'abc',
    '1e9',
    'Infinity',
    'NaN',
    '1.5',
    '',
    '%00',
    '%E0%A4%A',
    '..%2F',
    'asc',
    'desc',
    'pos',
    'name',
  ),
  fc.string({ maxLength: 50 }).map(encodeURIComponent),
);

interface Request {
  method: string;
  path: string;
  body?: string | Buffer;
  type?: string;
  auth: boolean;
}

function jsonBodies(valid: Record<string, unknown>) {
  return fc.oneof(
    // A valid body with one field made hostile, or missing.
    fc.tuple(fc.constantFrom(...Object.keys(valid)), hostile, fc.boolean()).map(([key, value, drop]) => {
      const body: Record<string, unknown> = { ...valid };
      if (drop) delete body[key];
      else body[key] = value;
      return JSON.stringify(body);
    }),
    hostile.map((value) => JSON.stringify(value) ?? 'null'),
    fc.constantFrom(
      '{',
      '{"a":',
      '[1,2',
      '"\\ud800"',
      '{"__proto__":{"admin":true}}',
      '{"constructor":{"prototype":{"admin":true}}}',
      '['.repeat(20_000) + ']'.repeat(20_000),
      '{"a":'.repeat(5_000) + '1' + '}'.repeat(5_000),
      JSON.stringify({ name: 'x'.repeat(2_000_000) }),
      '\ufeff{}',
    ),
  );
}

function requests(brandId: number, machineId: number): fc.Arbitrary<Request> {
  const machine = {
    brand_id: brandId,
    name: 'Fuzz',
    serial_prefix: 'FZ',
    ean_number: '',
    link_en: '',
    link_ger: '',
    image: '',
    electronic_circuit_board: 0,
  };
  const certificate = {
    ...CERTIFICATE_DEFAULTS,
    brand_id: brandId,
    machine_id: machineId,
    checked_by: 'F',
    crowd: 1,
  };
  const id = fc.oneof(fc.constantFrom(String(machineId), String(brandId)), queryValue);
  const auth = fc.boolean();
  const list = (base: string) =>
    fc
      .tuple(
        fc.array(fc.tuple(fc.constantFrom('page', 'per_page', 'search', 'sort', 'order', 'x'), queryValue), {
          maxLength: 6,
        }),
        auth,
      )
      .map(([params, a]) => ({
        method: 'GET',
        path: `${base}?${params.map(([k, v]) => `${k}=${v}`).join('&')}`,
        auth: a,
      }));
  const write = (method: string, pathArb: fc.Arbitrary<string>, valid: Record<string, unknown>) =>
    fc
      .tuple(
        pathArb,
        jsonBodies(valid),
        fc.constantFrom(
          'application/json',
          'application/json',
          'text/plain',
          'application/xml',
          'application/json; charset=utf-16',
          '',
        ),
        auth,
      )
      .map(([p, body, type, a]) => ({ method, path: p, body, type, auth: a }));
  const multipart = fc
    .tuple(
      fc.constantFrom('x', '', 'very-long-boundary'.repeat(10)),
      fc.string({ maxLength: 200, unit: 'binary' }),
      fc.constantFrom('file', 'other', ''),
      auth,
    )
    .map(([boundary, content, field, a]) => ({
      method: 'POST',
      path: '/api/upload',
      type: `multipart/form-data; boundary=${boundary}`,
      body: `--${boundary}\r\nContent-Disposition: form-data; name="${field}"; filename="a.png"\r\nContent-Type: image/png\r\n\r\n${content}\r\n--${boundary}${Math.random() < 0.5 ? '--' : ''}\r\n`,
      auth: a,
    }));
  const pathTricks = fc
    .tuple(
      fc.constantFrom(
        '/api/uploads/',
        '/api/machine/',
        '/api/certificates/',
        '/api/brandMachineById/',
        '/api/',
        '/api//brands/',
      ),
      fc.constantFrom(
        '..%2F..%2Fetc%2Fpasswd',
        '%2e%2e/%2e%2e/',
        '..\\..\\',
        '%00',
        '%E0%A4%A',
        'a'.repeat(3000),
        '1;DROP',
        '1/../../brands',
        '%C0%AE%C0%AE/',
        'Infinity',
        '-1',
        '0x10',
      ),
      auth,
    )
    .map(([base, trick, a]) => ({
      method: fc.sample(fc.constantFrom('GET', 'POST', 'PUT', 'DELETE', 'PATCH', 'OPTIONS', 'HEAD'), 1)[0],
      path: base + trick,
      auth: a,
    }));
  return fc.oneof(
    list('/api/machines'),
    list('/api/certificates'),
    id.map((i) => ({ method: 'GET', path: `/api/machine/${i}`, auth: true })),
    id.map((i) => ({ method: 'GET', path: `/api/certificates/${i}`, auth: true })),
    id.map((i) => ({ method: 'GET', path: `/api/machinesByBrand/${i}`, auth: true })),
    fc
      .tuple(id, queryValue)
      .map(([i, s]) => ({ method: 'GET', path: `/api/brandMachineById/${i}?serial=${s}`, auth: false })),
    write('POST', fc.constant('/api/login'), { username: STAFF.email, password: 'falsch' }),
    write('POST', fc.constant('/api/machine'), machine),
    write(
      'PUT',
      id.map((i) => `/api/machine/${i}`),
      machine,
    ),
    write('POST', fc.constant('/api/brand'), { name: 'Fuzz', email: '', website_link: '', logo: '' }),
    write(
      'PUT',
      id.map((i) => `/api/brand/${i}`),
      { name: 'Fuzz', email: '', website_link: '', logo: '' },
    ),
    write('POST', fc.constant('/api/certificate'), certificate),
    multipart,
    pathTricks,
  );
}

/** A request line no HTTP client library would send. */
const RAW = [
  'GET /api/brands HTTP/1.1\r\nHost: x\r\nAuthorization: \u0001\u0002\r\n\r\n',
  'GET /api/%zz HTTP/1.1\r\nHost: x\r\n\r\n',
  'POST /api/login HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 99999\r\n\r\n{"a":1}',
  'POST /api/login HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: chunked\r\nContent-Type: application/json\r\n\r\nZZ\r\n{}\r\n0\r\n\r\n',
  'GET /' + 'a'.repeat(20_000) + ' HTTP/1.1\r\nHost: x\r\n\r\n',
  'BREW /api/brands HTTP/1.1\r\nHost: x\r\n\r\n',
  'GET /api/brands HTTP/1.1\r\nHost: x\r\n' + 'X-A: b\r\n'.repeat(3000) + '\r\n',
];

function sendRaw(port: number, payload: string): Promise<number> {
  return new Promise((resolve) => {
    const socket = net.connect(port, '127.0.0.1', () => socket.end(payload));
    let data = '';
    socket.on('data', (chunk) => (data += chunk));
    socket.setTimeout(5000, () => socket.destroy());
    socket.on('close', () => resolve(Number(/^HTTP\/1\.1 (\d{3})/.exec(data)?.[1] ?? 0)));
    socket.on('error', () => resolve(0));
  });
}

test(`${TOTAL} generated hostile requests over every endpoint: no 5xx, alive, memory back to its level`, async () => {
  const file = path.join(dir, 'fuzz.db');
  const setup = openDatabase({ kind: 'sqlite', file });
  await migrate(setup.db);
  const repositories = createRepositories(setup);
  await repositories.users.add(STAFF, TEST_COST);
  const { brand, machine } = await seedMachine(repositories, { prefix: 'FZ' });
  await setup.close();
  // The customer call's limit per address would answer most of the storm with 429 and test nothing behind it.
  server = await startServer({ DATABASE_URL: `sqlite:${file}`, PUBLIC_RATE_LIMIT: '1000000000' });
  const token = await loginOver(server.base, STAFF.email, STAFF.password);

  const generated = fc.sample(requests(brand.id, machine.id), {
    numRuns: TOTAL,
    seed: soak ? Date.now() : 20261121,
  });
  const statuses = new Map<number, number>();
  const failures: string[] = [];
  let next = 0;
  let warmRss = 0;
  const worker = async () => {
    while (next < generated.length) {
      const request = generated[next++];
      if (next === 1000) warmRss = server!.rssMb();
      const headers: Record<string, string> = {};
      if (request.type) headers['content-type'] = request.type;
      if (request.auth) headers.authorization = token;
      let status: number;
      try {
        const response = await fetch(server!.base + request.path, {
          method: request.method,
          headers,
          body: ['GET', 'HEAD'].includes(request.method) ? undefined : request.body,
        });
        status = response.status;
        const text = await response.text();
        if (status >= 400 && request.method !== 'HEAD' && !/"message":"[^"]+"/.test(text))
          failures.push(
            `${status} without a German message: ${request.method} ${request.path.slice(0, 80)} ${text.slice(0, 100)}`,
          );
      } catch (error) {
        // Paths fetch itself refuses to send are not the server's doing.
        if (
          error instanceof TypeError &&
          /Invalid URL|not a valid HTTP method|Failed to parse URL/.test(String(error))
        )
          continue;
        // A body over the API's 1 MB limit is answered with 413 at once and the connection closed, so the
        // client may still be writing it: the server is fine (checked below), the sender just cannot know.
        const code = ((error as Error).cause as { code?: string } | undefined)?.code;
        if ((request.body?.length ?? 0) > 1024 * 1024 && (code === 'EPIPE' || code === 'ECONNRESET')) {
          statuses.set(413, (statuses.get(413) ?? 0) + 1);
          continue;
        }
        throw new Error(
          `${request.method} ${request.path.slice(0, 80)} (body ${request.body?.length ?? 0} bytes): ${String(error)} (${String((error as Error).cause)}, ${code})`,
          { cause: error },
        );
      }
      statuses.set(status, (statuses.get(status) ?? 0) + 1);
      if (status >= 500)
        failures.push(
          `${status}: ${request.method} ${request.path.slice(0, 80)} ${String(request.body).slice(0, 120)}`,
        );
    }
  };
  await Promise.all(Array.from({ length: CONCURRENCY }, worker));
  for (const raw of RAW) {
    const status = await sendRaw(Number(new URL(server.base).port), raw);
    assert.ok(status < 500, `raw request answered ${status}: ${raw.slice(0, 60)}`);
  }

  assert.deepEqual(failures.slice(0, 10), []);
  assert.equal(server.child.exitCode, null, 'the API died');
  assert.equal((await fetch(`${server.base}/api/readyz`)).status, 200);
  await new Promise((r) => setTimeout(r, 2000));
  const afterRss = server.rssMb();
  const sent = [...statuses.values()].reduce((a, b) => a + b, 0);
  console.log(
    `fuzz: ${sent} requests, statuses ${JSON.stringify(Object.fromEntries([...statuses].sort()))}, RSS ${warmRss.toFixed(0)} MB after warm-up, ${afterRss.toFixed(0)} MB after`,
  );
  assert.ok(sent >= TOTAL * 0.95, `only ${sent} requests were sent`);
  assert.ok(afterRss < warmRss + 80, `memory grew from ${warmRss} MB to ${afterRss} MB`);
});
