// The HTTP layer against real sockets: what a client that hangs up and a proxy in front of us may see.
import assert from 'node:assert/strict';
import net from 'node:net';
import { Writable } from 'node:stream';
import { after, before, describe, test } from 'node:test';
import { KEEP_ALIVE_MS, SOCKET_IDLE_MS, buildApp, type App } from './app';
import { loadConfig, type Config } from './config';
import { messages } from './messages';
import { createTestDatabase, kinds, type TestDatabase } from './test/harness';

/** Log lines of the app, parsed. */
function logSink() {
  const lines: Record<string, unknown>[] = [];
  const stream = new Writable({
    write(chunk, _encoding, done) {
      for (const line of String(chunk).split('\n').filter(Boolean)) lines.push(JSON.parse(line));
      done();
    },
  });
  return { lines, stream };
}

/** Waits for `condition`, and fails rather than hang when it never comes. */
const until = async (what: string, condition: () => boolean) => {
  for (let waited = 0; !condition(); waited += 10) {
    if (waited > 20_000) assert.fail(`never: ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
};

for (const kind of kinds) {
  describe(`HTTP layer on ${kind}`, () => {
    let testDb: TestDatabase;
    let app: App;
    let port: number;
    const log = logSink();
    /** Resolved by the next request whose body is about to be read. */
    let bodyRead: (() => void) | null = null;
    before(async () => {
      testDb = await createTestDatabase(kind);
      const config = { ...loadConfig({}), database: testDb.location };
      app = await buildApp({
        config,
        database: testDb.database,
        logger: { level: 'info', stream: log.stream },
      });
      app.addHook('preParsing', async () => bodyRead?.());
      await app.listen({ port: 0, host: '127.0.0.1' });
      port = (app.server.address() as net.AddressInfo).port;
    });
    after(async () => {
      await app.close();
      await testDb.drop();
    });

    test('keep-alive is announced shorter than the idle limit, so no client reuses a connection being closed', async () => {
      const response = await fetch(`http://127.0.0.1:${port}/api/healthz`);
      await response.arrayBuffer();
      assert.equal(response.headers.get('keep-alive'), `timeout=${KEEP_ALIVE_MS / 1000}`);
      assert.ok(KEEP_ALIVE_MS < SOCKET_IDLE_MS);
    });

    test('a client that hangs up mid-body is not logged as a database outage', async () => {
      const socket = net.connect(port, '127.0.0.1');
      await new Promise((resolve) => socket.once('connect', resolve));
      // The server reads the body before the client hangs up, whatever the machine's speed: hung up any earlier,
      // the request never reaches the body's reading, and nothing is logged at all.
      const received = new Promise<void>((resolve) => (bodyRead = resolve));
      socket.write(
        'POST /api/login HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\nContent-Length: 1000\r\n\r\n{"username":',
      );
      await received;
      socket.destroy();
      const verdicts = ['client closed the connection', 'database unavailable', 'unhandled error'];
      await until('a verdict in the log', () =>
        log.lines.some((line) => verdicts.includes(String(line.msg))),
      );
      assert.deepEqual(
        log.lines.filter((line) => verdicts.includes(String(line.msg))).map((line) => line.msg),
        ['client closed the connection'],
      );
      assert.equal(log.lines.filter((line) => Number(line.level) >= 40).length, 0, 'no warning, no error');
    });

    /** Sends `raw` as it is and reads the whole answer. */
    const rawAnswer = async (raw: string) => {
      const socket = net.connect(port, '127.0.0.1');
      const chunks: Buffer[] = [];
      socket.on('data', (chunk: Buffer) => chunks.push(chunk));
      await new Promise((resolve) => socket.once('connect', resolve));
      socket.write(raw);
      await new Promise((resolve) => socket.once('close', resolve));
      const text = Buffer.concat(chunks).toString('utf8');
      const [head, body] = text.split('\r\n\r\n');
      return { status: head.split(' ')[1], head: head.toLowerCase(), body };
    };

    test('malformed requests get the German envelope and the security headers of every answer', async () => {
      const normal = await app.inject({ url: '/api/healthz' });
      const securityHeaders = ['content-security-policy', 'x-content-type-options', 'x-frame-options'];
      for (const name of securityHeaders) assert.ok(normal.headers[name], name);

      const badPath = await app.inject({ url: '/api/certificates/%E0%A4%A' });
      assert.equal(badPath.statusCode, 400);
      assert.equal(badPath.json().error.code, 'BAD_REQUEST');
      for (const name of securityHeaders) assert.equal(badPath.headers[name], normal.headers[name], name);

      for (const raw of [
        'GET /api/healthz HTTP/1.1\r\nHost: localhost\r\nKaputt ohne Doppelpunkt\r\n\r\n',
        'GET /api/healthz HTTP/9.9 HTTP/1.1\r\n\r\n',
        '\x16\x03\x01\x00\xa5\x01\x00\x00\xa1\x03\x03\r\n\r\n',
      ]) {
        const answer = await rawAnswer(raw);
        assert.equal(answer.status, '400', raw);
        for (const name of securityHeaders)
          assert.ok(answer.head.includes(`${name}: ${String(normal.headers[name]).toLowerCase()}`), name);
        assert.deepEqual(JSON.parse(answer.body), {
          error: { code: 'BAD_REQUEST', message: messages.malformedRequest },
        });
      }
    });
  });
}

for (const kind of kinds) {
  describe(`Strict-Transport-Security on ${kind}`, () => {
    let testDb: TestDatabase;
    const apps: App[] = [];
    before(async () => {
      testDb = await createTestDatabase(kind);
    });
    after(async () => {
      for (const app of apps) await app.close();
      await testDb.drop();
    });
    const appWith = async (trustProxy: Config['trustProxy']) => {
      const config = { ...loadConfig({}), database: testDb.location, trustProxy };
      const app = await buildApp({ config, database: testDb.database });
      apps.push(app);
      return app;
    };
    const hsts = async (app: App, headers: Record<string, string> = {}) =>
      (await app.inject({ url: '/api/healthz', headers })).headers['strict-transport-security'];

    test('only when the request came over TLS, directly or through a trusted proxy', async () => {
      const direct = await appWith(null);
      assert.equal(await hsts(direct), undefined, 'plain HTTP');
      assert.equal(await hsts(direct, { 'x-forwarded-proto': 'https' }), undefined, 'an untrusted claim');
      const proxied = await appWith(['127.0.0.1']);
      assert.equal(await hsts(proxied, { 'x-forwarded-proto': 'http' }), undefined);
      assert.equal(
        await hsts(proxied, { 'x-forwarded-proto': 'https' }),
        'max-age=31536000; includeSubDomains',
      );
      // A client that is not the named proxy claims HTTPS in vain.
      assert.equal(
        (
          await proxied.inject({
            url: '/api/healthz',
            headers: { 'x-forwarded-proto': 'https' },
            remoteAddress: '203.0.113.7',
          })
        ).headers['strict-transport-security'],
        undefined,
      );
    });

    test("only a named proxy's X-Forwarded-For counts as the client's address", async () => {
      /** The address the sign-in limits counted for one failed sign-in sent with `forwardedFor`. */
      const counted = async (app: App, remoteAddress: string, forwardedFor: string) => {
        await testDb.database.db.deleteFrom('login_throttle').execute();
        await app.inject({
          method: 'POST',
          url: '/api/login',
          payload: { username: 'niemand@example.com', password: 'falsch' },
          headers: { 'x-forwarded-for': forwardedFor },
          remoteAddress,
        });
        const keys = await testDb.database.db.selectFrom('login_throttle').select('key').execute();
        return keys.map((row) => row.key).find((key) => key.startsWith('ip:'));
      };
      const byAddress = await appWith(['10.0.0.5']);
      assert.equal(await counted(byAddress, '10.0.0.5', '198.51.100.1'), 'ip:198.51.100.1');
      assert.equal(await counted(byAddress, '203.0.113.7', '198.51.100.1'), 'ip:203.0.113.7');
      // nginx appends the address it saw: a forged entry before it is not believed.
      assert.equal(await counted(byAddress, '10.0.0.5', '1.2.3.4, 198.51.100.2'), 'ip:198.51.100.2');
    });
  });
}

test(
  'a request the server works on longer than the idle limit is answered; a client silent mid-body or not reading is cut off',
  { timeout: 30_000 },
  async () => {
    const testDb = await createTestDatabase('sqlite');
    const config = { ...loadConfig({}), database: testDb.location };
    const app = await buildApp({ config, database: testDb.database });
    const idleMs = 300;
    app.post('/slow', async () => {
      await new Promise((resolve) => setTimeout(resolve, 3 * idleMs));
      return { done: true };
    });
    // More than the sockets' buffers hold, so a client that does not read leaves the answer stuck.
    let largeClosed: Promise<unknown> | undefined;
    app.get('/large', async (request) => {
      largeClosed = new Promise((resolve) => request.raw.socket.once('close', resolve));
      return Buffer.alloc(64 * 1024 * 1024);
    });
    try {
      await app.listen({ port: 0, host: '127.0.0.1' });
      app.server.setTimeout(idleMs);
      const { port } = app.server.address() as net.AddressInfo;
      const response = await fetch(`http://127.0.0.1:${port}/slow`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: '{}',
      });
      assert.deepEqual(await response.json(), { done: true });

      const socket = net.connect(port, '127.0.0.1');
      socket.write(
        'POST /slow HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 10\r\n\r\n{',
      );
      let answer = '';
      socket.on('data', (chunk) => (answer += chunk));
      await new Promise((resolve) => socket.once('close', resolve));
      assert.equal(answer, '', 'closed without an answer, as a silent client is');

      const reader = net.connect(port, '127.0.0.1');
      reader.write('GET /large HTTP/1.1\r\nHost: x\r\n\r\n');
      // Paused, the client would not notice the connection closed; the server's end of it is watched instead.
      await new Promise((resolve) => reader.once('data', resolve));
      reader.pause();
      await largeClosed;
      reader.destroy();
    } finally {
      await app.close();
      await testDb.drop();
    }
  },
);

test('HOST=:: listens on IPv6 and IPv4 alike', async () => {
  const testDb = await createTestDatabase('sqlite');
  const config = { ...loadConfig({ HOST: '::' }), database: testDb.location };
  const app = await buildApp({ config, database: testDb.database });
  try {
    await app.listen({ port: 0, host: config.host });
    const { port } = app.server.address() as net.AddressInfo;
    for (const host of ['[::1]', '127.0.0.1'])
      assert.equal((await fetch(`http://${host}:${port}/api/healthz`)).status, 200, host);
  } finally {
    await app.close();
    await testDb.drop();
  }
});
