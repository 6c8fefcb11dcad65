import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { messages } from '../../messages';
import { STAFF, TEST_COST, auth, createTestApp, kinds, type TestApp } from '../../test/harness';
import { buildApp } from '../../app';
import { openDatabase } from '../../db/database';
import { authService } from './auth.service';
import { hashToken } from './sessions.repository';

/** Every call that needs a signed-in member of staff. */
const STAFF_ENDPOINTS = [
  ['GET', '/api/brands'],
  ['POST', '/api/brand'],
  ['PUT', '/api/brand/1'],
  ['GET', '/api/machinesByBrand/1'],
  ['GET', '/api/machines'],
  ['GET', '/api/machine/1'],
  ['POST', '/api/machine'],
  ['PUT', '/api/machine/1'],
  ['POST', '/api/certificate'],
  ['GET', '/api/certificates'],
  ['GET', '/api/certificates/1'],
  ['POST', '/api/upload'],
  ['POST', '/api/logout'],
] as const;

for (const kind of kinds) {
  describe(`sign-in and sessions on ${kind}`, () => {
    let t: TestApp;
    before(async () => {
      t = await createTestApp(kind);
    });
    after(() => t.close());

    const login = (username: string, password: string, remoteAddress = '10.0.0.1') =>
      t.app.inject({ method: 'POST', url: '/api/login', payload: { username, password }, remoteAddress });
    const brands = (headers: Record<string, string>) => t.app.inject({ url: '/api/brands', headers });

    test('a correct login returns a 256-bit token of which only the SHA-256 is stored', async () => {
      const response = await login(`  ${STAFF.email.toUpperCase()} `, STAFF.password);
      assert.equal(response.statusCode, 200);
      const { token } = response.json();
      assert.match(token, /^[A-Za-z0-9_-]{43}$/);
      const stored = await t.db.selectFrom('sessions').select('token_hash').execute();
      assert.ok(stored.some((s) => s.token_hash === hashToken(token)));
      assert.ok(!stored.some((s) => s.token_hash === token));
      assert.equal((await brands(auth(token))).statusCode, 200);
      assert.equal((await brands({ authorization: `Bearer ${token}` })).statusCode, 200);
    });

    test('an unknown user and a wrong password get the same answer', async () => {
      const unknown = await login('niemand@example.com', STAFF.password, '10.0.1.1');
      const wrong = await login(STAFF.email, 'falsches-Passwort', '10.0.1.2');
      assert.equal(unknown.statusCode, 401);
      assert.equal(wrong.statusCode, 401);
      assert.equal(unknown.body, wrong.body);
      assert.equal(wrong.json().error.message, messages.loginFailed);
      await t.repositories.throttle.clear(`user:${STAFF.email}`);
    });

    test('bad login input is a 400 with German field messages, never a 5xx', async () => {
      const cases: [unknown, number][] = [
        [{}, 400],
        [{ username: STAFF.email }, 400],
        [{ username: 42, password: {} }, 400],
        [{ username: 'x'.repeat(100_000), password: 'y' }, 400],
        [{ username: STAFF.email, password: 'y'.repeat(100_000) }, 400],
        [[STAFF.email, STAFF.password], 400],
      ];
      for (const [payload, status] of cases) {
        const response = await t.app.inject({
          method: 'POST',
          url: '/api/login',
          payload: payload as object,
        });
        assert.equal(response.statusCode, status, JSON.stringify(payload).slice(0, 60));
        assert.ok(response.json().error.message);
      }
      const missing = await t.app.inject({ method: 'POST', url: '/api/login', payload: {} });
      assert.equal(missing.json().error.fields.username, messages.fieldRequired);
      assert.equal(missing.json().error.fields.password, messages.fieldRequired);
      const broken = await t.app.inject({
        method: 'POST',
        url: '/api/login',
        headers: { 'content-type': 'application/json' },
        payload: '{"username":',
      });
      assert.equal(broken.statusCode, 400);
      assert.equal(broken.json().error.message, messages.invalidJson);
      const form = await t.app.inject({
        method: 'POST',
        url: '/api/login',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        payload: 'username=a&password=b',
      });
      assert.equal(form.statusCode, 415);
      const poisoned = await t.app.inject({
        method: 'POST',
        url: '/api/login',
        headers: { 'content-type': 'application/json' },
        payload: '{"username":"a@b.de","password":"x","__proto__":{"admin":true}}',
      });
      assert.equal(poisoned.statusCode, 400);
    });

    test('five wrong passwords lock the account with a German message; the lock ends', async () => {
      const email = 'gesperrt@example.com';
      const password = 'richtiges-Passwort-2';
      await t.repositories.users.add({ email, password }, TEST_COST);
      for (let i = 0; i < 5; i++) assert.equal((await login(email, 'falsch', `10.0.2.${i}`)).statusCode, 401);
      const locked = await login(email, password, '10.0.2.99');
      assert.equal(locked.statusCode, 429);
      assert.equal(locked.json().error.message, messages.accountLocked(15));
      assert.ok(Number(locked.headers['retry-after']) > 0);
      // An unknown account locks the same way, so the lock reveals nothing about who exists.
      for (let i = 0; i < 5; i++) await login('unbekannt@example.com', 'falsch', `10.0.3.${i}`);
      assert.equal(
        (await login('unbekannt@example.com', 'falsch', '10.0.3.99')).json().error.message,
        messages.accountLocked(15),
      );
      // Fifteen minutes later:
      await t.db
        .updateTable('login_throttle')
        .set({ locked_until: new Date(Date.now() - 1000).toISOString() })
        .where('key', '=', `user:${email}`)
        .execute();
      assert.equal((await login(email, password, '10.0.2.100')).statusCode, 200);
    });

    test('one address with many failures across accounts is limited', async () => {
      const address = '10.9.9.9';
      const accounts = Array.from({ length: 8 }, (_, i) => `ip${i}@example.com`);
      for (const email of accounts)
        await t.repositories.users.add({ email, password: 'richtiges-Passwort-3' }, TEST_COST);
      let attempts = 0;
      for (const email of accounts)
        for (let i = 0; i < 4; i++, attempts++) await login(email, 'falsch', address);
      assert.ok(attempts >= 30);
      const limited = await login(accounts[0], 'richtiges-Passwort-3', address);
      assert.equal(limited.statusCode, 429);
      assert.equal(limited.json().error.message, messages.tooManyRequests);
      assert.equal((await login(accounts[0], 'richtiges-Passwort-3', '10.9.9.10')).statusCode, 200);
    });

    test('parallel guesses are counted before the hash: no more are checked than the limits allow', async () => {
      const email = 'parallel@example.com';
      const password = 'richtiges-Passwort-4';
      await t.repositories.users.add({ email, password }, TEST_COST);
      // 40 guesses for one account at once, from 40 addresses, the right password sent 30th.
      const guesses = await Promise.all(
        Array.from({ length: 40 }, (_, i) =>
          login(email, i === 29 ? password : `falsch-${i}`, `10.4.0.${i}`),
        ),
      );
      const checked = guesses.filter((r) => r.statusCode === 401 || r.statusCode === 200);
      assert.ok(checked.length <= 5, `${checked.length} of 40 parallel guesses were checked`);
      // Refused: by the lock, or before any counting because more sign-ins than the hashing queue takes came at
      // once (signing-in.ts).
      for (const refused of guesses.filter((r) => r.statusCode === 429))
        assert.ok(
          refused.json().error.code === 'ACCOUNT_LOCKED' ||
            refused.json().error.message === messages.signInBusy,
          refused.body,
        );
      if (guesses[29].statusCode === 200) assert.ok(checked.length <= 5);
      else assert.equal(guesses[29].statusCode, 429);

      // 60 failures from one address at once, over twelve accounts (five each, under their own limit).
      const accounts = Array.from({ length: 12 }, (_, i) => `viele${i}@example.com`);
      for (const account of accounts)
        await t.repositories.users.add({ email: account, password: 'richtiges-Passwort-5' }, TEST_COST);
      const burst = await Promise.all(
        Array.from({ length: 60 }, (_, i) => login(accounts[i % 12], 'falsch', '10.4.1.1')),
      );
      const failed = burst.filter((r) => r.statusCode === 401).length;
      assert.ok(failed <= 30, `${failed} of 60 parallel failures from one address were checked`);
      assert.ok(burst.every((r) => r.statusCode === 401 || r.statusCode === 429));
    });

    test('two instances on one database check no more parallel guesses than the limit together', async () => {
      const email = 'zwei-instanzen@example.com';
      await t.repositories.users.add({ email, password: 'richtiges-Passwort-7' }, TEST_COST);
      // A second API process: its own connection (pool) to the same database.
      const database = openDatabase(t.testDb.location, { schema: t.testDb.schema });
      const other = await buildApp({ config: t.config, database, passwordCost: TEST_COST });
      try {
        const guesses = await Promise.all(
          Array.from({ length: 30 }, (_, i) =>
            (i % 2 ? other : t.app).inject({
              method: 'POST',
              url: '/api/login',
              payload: { username: email, password: `falsch-${i}` },
              remoteAddress: `10.4.3.${i}`,
            }),
          ),
        );
        const checked = guesses.filter((r) => r.statusCode === 401).length;
        assert.ok(checked <= 5, `${checked} of 30 guesses through two instances were checked`);
        assert.ok(guesses.every((r) => r.statusCode === 401 || r.statusCode === 429));
      } finally {
        await other.close();
        await database.close();
      }
    });

    test('a right password gives its counted attempt back', async () => {
      const email = 'zurueck@example.com';
      const password = 'richtiges-Passwort-6';
      await t.repositories.users.add({ email, password }, TEST_COST);
      // Many good sign-ins from one address never lock it, and four failures then a success leave the account open.
      for (let i = 0; i < 35; i++) assert.equal((await login(email, password, '10.4.2.1')).statusCode, 200);
      for (let i = 0; i < 4; i++) assert.equal((await login(email, 'falsch', '10.4.2.2')).statusCode, 401);
      assert.equal((await login(email, password, '10.4.2.2')).statusCode, 200);
      for (let i = 0; i < 4; i++) assert.equal((await login(email, 'falsch', '10.4.2.2')).statusCode, 401);
      assert.equal((await login(email, password, '10.4.2.2')).statusCode, 200);
    });

    test('every staff endpoint refuses no token, a malformed, an unknown, a revoked and an expired one', async () => {
      const revoked = await t.login();
      await t.app.inject({ method: 'POST', url: '/api/logout', headers: auth(revoked) });
      const expired = await t.login();
      await t.db
        .updateTable('sessions')
        .set({ expires_at: new Date(Date.now() - 1000).toISOString() })
        .where('token_hash', '=', hashToken(expired))
        .execute();
      const bad = [
        {},
        { authorization: '' },
        { authorization: 'null' },
        { authorization: 'Bearer ' },
        { authorization: 'x'.repeat(5000) },
        { authorization: 'A'.repeat(43) },
        { authorization: `${t.token}'; DROP TABLE sessions; --` },
        auth(revoked),
        auth(expired),
      ];
      for (const [method, url] of STAFF_ENDPOINTS) {
        for (const headers of bad) {
          const response = await t.app.inject({
            method,
            url,
            headers,
            payload: method === 'GET' ? undefined : {},
          });
          assert.equal(response.statusCode, 401, `${method} ${url} ${JSON.stringify(headers).slice(0, 40)}`);
          assert.equal(response.json().error.message, messages.unauthorized);
        }
      }
      assert.equal((await brands(auth(t.token))).statusCode, 200);
    });

    test('logout revokes the token; a revoked token of another user stays refused', async () => {
      const mine = await t.login();
      const other = await t.login();
      const out = await t.app.inject({ method: 'POST', url: '/api/logout', headers: auth(mine) });
      assert.equal(out.statusCode, 204);
      assert.equal((await brands(auth(mine))).statusCode, 401);
      assert.equal(
        (await t.app.inject({ method: 'POST', url: '/api/logout', headers: auth(mine) })).statusCode,
        401,
      );
      assert.equal((await brands(auth(other))).statusCode, 200, 'logout ends only its own session');
    });

    test('the idle and the absolute limits end a session', async () => {
      const idle = await t.login();
      const old = await t.login();
      const db = t.db;
      const minutesAgo = (m: number) => new Date(Date.now() - m * 60_000).toISOString();
      await db
        .updateTable('sessions')
        .set({ last_seen_at: minutesAgo(t.config.sessionIdleMinutes + 1) })
        .where('token_hash', '=', hashToken(idle))
        .execute();
      assert.equal((await brands(auth(idle))).statusCode, 401);
      // Still active, but past the absolute limit.
      await db
        .updateTable('sessions')
        .set({ expires_at: minutesAgo(1), last_seen_at: minutesAgo(0) })
        .where('token_hash', '=', hashToken(old))
        .execute();
      assert.equal((await brands(auth(old))).statusCode, 401);
      // Just inside the idle limit is fine, and use moves the idle limit on.
      const active = await t.login();
      await db
        .updateTable('sessions')
        .set({ last_seen_at: minutesAgo(t.config.sessionIdleMinutes - 1) })
        .where('token_hash', '=', hashToken(active))
        .execute();
      assert.equal((await brands(auth(active))).statusCode, 200);
      const seen = await db
        .selectFrom('sessions')
        .select('last_seen_at')
        .where('token_hash', '=', hashToken(active))
        .executeTakeFirstOrThrow();
      assert.ok(Date.now() - Date.parse(seen.last_seen_at) < 60_000);
    });

    test('a session in use outlives the shortest idle limit of one minute', async () => {
      const shortest = authService(t.repositories, t.services.audit, { idleMinutes: 1, maxHours: 10 }, null);
      const token = await t.login();
      const start = Date.now();
      // A request every 50 s: never idle for a whole minute, so never signed out.
      for (const seconds of [50, 100, 150, 200]) {
        const at = new Date(start + seconds * 1000);
        assert.ok(await shortest.resolve(token, at), `signed out after ${seconds} s of use`);
      }
      assert.equal(await shortest.resolve(token, new Date(start + 261_000)), undefined, 'idle for 61 s');
    });

    test('disabling an account or changing its password ends its sessions', async () => {
      const email = 'wechsel@example.com';
      const id = await t.repositories.users.add({ email, password: 'erstes-Passwort-1' }, TEST_COST);
      const first = await t.login(email, 'erstes-Passwort-1');
      await t.repositories.users.setPassword(id, 'zweites-Passwort-2', {
        mustChange: false,
        cost: TEST_COST,
      });
      assert.equal((await brands(auth(first))).statusCode, 401);
      assert.equal((await login(email, 'erstes-Passwort-1', '10.0.4.1')).statusCode, 401);
      const second = await t.login(email, 'zweites-Passwort-2');
      assert.ok(await t.repositories.users.disable(id));
      assert.equal((await brands(auth(second))).statusCode, 401);
      assert.equal((await login(email, 'zweites-Passwort-2', '10.0.4.2')).statusCode, 401);
    });
  });
}
