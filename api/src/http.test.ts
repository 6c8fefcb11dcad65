// The HTTP layer against real sockets: what a client that hangs up and a proxy in front of us may see.
import assert from 'node:assert/strict';
import net from 'node:net';
import { Writable } from 'node:stream';
import { after, before, describe, test } from 'node:test';
import { buildApp, type App } from './app';
import { loadConfig } from './config';
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

const until = async (condition: () => boolean) => {
  while (!condition()) await new Promise((resolve) => setTimeout(resolve, 10));
};

for (const kind of kinds) {
  describe(`HTTP layer on ${kind}`, () => {
    let testDb: TestDatabase;
    let app: App;
    let port: number;
    const log = logSink();
    before(async () => {
      testDb = await createTestDatabase(kind);
      const config = { ...loadConfig({}), database: testDb.location };
      app = await buildApp({
        config,
        database: testDb.database,
        logger: { level: 'info', stream: log.stream },
      });
      await app.listen({ port: 0, host: '127.0.0.1' });
      port = (app.server.address() as net.AddressInfo).port;
    });
    after(async () => {
      await app.close();
      await testDb.drop();
    });

    test('a client that hangs up mid-body is not logged as a database outage', async () => {
      const socket = net.connect(port, '127.0.0.1');
      await new Promise((resolve) => socket.once('connect', resolve));
      // The server has the request (its headers) before the client hangs up, whatever the machine's speed.
      const received = new Promise((resolve) => app.server.once('request', resolve));
      socket.write(
        'POST /api/login HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\nContent-Length: 1000\r\n\r\n{"username":',
      );
      await received;
      socket.destroy();
      const verdicts = ['client closed the connection', 'database unavailable', 'unhandled error'];
      await until(() => log.lines.some((line) => verdicts.includes(String(line.msg))));
      assert.deepEqual(
        log.lines.filter((line) => verdicts.includes(String(line.msg))).map((line) => line.msg),
        ['client closed the connection'],
      );
      assert.equal(log.lines.filter((line) => Number(line.level) >= 40).length, 0, 'no warning, no error');
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
    const appWith = async (trustProxy: string | null) => {
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
      const proxied = await appWith('true');
      assert.equal(await hsts(proxied, { 'x-forwarded-proto': 'http' }), undefined);
      assert.equal(
        await hsts(proxied, { 'x-forwarded-proto': 'https' }),
        'max-age=31536000; includeSubDomains',
      );
    });
  });
}
