import assert from 'node:assert/strict';
import { Writable } from 'node:stream';
import { describe, test } from 'node:test';
import { apiPaths } from 'contracts';
import { buildApp } from '../app';
import { loadConfig, type Config } from '../config';
import { apiUrl, createTestDatabase, kinds, STAFF, TEST_COST } from '../test/harness';
import { usersRepository } from '../modules/users/users.repository';

/** The app with its log lines collected as objects. */
async function appWithLog(kind: (typeof kinds)[number], overrides: Partial<Config> = {}) {
  const testDb = await createTestDatabase(kind);
  const lines: Record<string, unknown>[] = [];
  const stream = new Writable({
    write(chunk, _encoding, done) {
      for (const line of String(chunk).split('\n').filter(Boolean)) lines.push(JSON.parse(line));
      done();
    },
  });
  const config = { ...loadConfig({}), ...overrides, database: testDb.location };
  const app = await buildApp({
    config,
    database: testDb.database,
    passwordCost: TEST_COST,
    logger: { level: 'info', stream },
  });
  const accountId = await usersRepository(testDb.database.db).add(STAFF, TEST_COST);
  const close = async () => {
    await app.close();
    await testDb.drop();
  };
  return { app, lines, accountId, close };
}

for (const kind of kinds) {
  describe(`request ids and the request log (${kind})`, () => {
    test('a valid X-Request-Id is kept, anything else replaced by a UUID; the answer carries it, the log line too, with the account', async () => {
      const { app, lines, accountId, close } = await appWithLog(kind);
      try {
        const kept = await app.inject({ url: '/api/healthz', headers: { 'x-request-id': 'lb-7f3a9c.42:1' } });
        assert.equal(kept.headers['x-request-id'], 'lb-7f3a9c.42:1');
        const uuid = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;
        for (const hostile of ['', 'a b', 'x'.repeat(129), 'evil\u2028"}', '<script>', 'ü'])
          assert.match(
            String(
              (await app.inject({ url: '/api/healthz', headers: { 'x-request-id': hostile } })).headers[
                'x-request-id'
              ],
            ),
            uuid,
            JSON.stringify(hostile),
          );
        const first = (await app.inject({ url: '/api/healthz' })).headers['x-request-id'];
        const second = (await app.inject({ url: '/api/healthz' })).headers['x-request-id'];
        assert.match(String(first), uuid);
        assert.notEqual(first, second);

        const login = await app.inject({
          method: 'POST',
          url: apiUrl(apiPaths.login()),
          payload: { username: STAFF.email, password: STAFF.password },
        });
        const token = login.json().token as string;
        const brands = await app.inject({
          url: apiUrl(apiPaths.brands()),
          headers: { authorization: token, 'x-request-id': 'ticket-4711' },
        });
        assert.equal(brands.statusCode, 200);
        assert.equal(brands.headers['x-request-id'], 'ticket-4711');
        // An error answer carries it as well.
        const refused = await app.inject({
          url: apiUrl(apiPaths.brands()),
          headers: { 'x-request-id': 'ticket-4712' },
        });
        assert.equal(refused.statusCode, 401);
        assert.equal(refused.headers['x-request-id'], 'ticket-4712');

        const line = lines.find((entry) => entry.reqId === 'ticket-4711' && entry.msg === 'request');
        assert.ok(line, JSON.stringify(lines));
        assert.equal(line.account, accountId);
        assert.equal(line.status, 200);
        const anonymous = lines.find((entry) => entry.reqId === 'ticket-4712' && entry.msg === 'request');
        assert.ok(anonymous && anonymous.account === undefined);
        assert.ok(!JSON.stringify(lines).includes(token), 'a token was logged');
      } finally {
        await close();
      }
    });

    test('forwarded headers from a peer while TRUST_PROXY is unset are warned about in German, once per peer', async () => {
      const { app, lines, close } = await appWithLog(kind);
      try {
        for (let i = 0; i < 3; i++)
          await app.inject({ url: '/api/healthz', headers: { 'x-forwarded-for': '203.0.113.9' } });
        const warnings = lines.filter((entry) => String(entry.msg).startsWith('Weitergeleitete Kopfzeile'));
        assert.equal(warnings.length, 1, JSON.stringify(warnings));
        assert.equal(warnings[0].level, 40);
        assert.match(
          String(warnings[0].msg),
          /^Weitergeleitete Kopfzeile x-forwarded-for von 127\.0\.0\.1, aber TRUST_PROXY ist nicht gesetzt: .* TRUST_PROXY=127\.0\.0\.1 setzen/,
        );
      } finally {
        await close();
      }
      const trusted = await appWithLog(kind, { trustProxy: ['127.0.0.1'] });
      try {
        await trusted.app.inject({ url: '/api/healthz', headers: { 'x-forwarded-for': '203.0.113.9' } });
        assert.ok(!trusted.lines.some((entry) => String(entry.msg).startsWith('Weitergeleitete')));
      } finally {
        await trusted.close();
      }
    });
  });
}
