import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import type { Account, Me } from 'contracts';
import { auth, createTestApp, kinds, type TestApp } from '../../test/harness';

const PASSWORD = 'erstes-Passwort-7';

for (const kind of kinds) {
  describe(`an account's language on ${kind}`, () => {
    let t: TestApp;
    before(async () => {
      t = await createTestApp(kind);
    });
    after(() => t.close());

    const call = (
      method: 'GET' | 'POST' | 'PUT',
      url: string,
      payload?: unknown,
      token: string | null = t.token,
    ) =>
      t.app.inject({
        method,
        url,
        headers: token ? auth(token) : {},
        ...(payload !== undefined && { payload: payload as object }),
      });
    const me = async () => (await call('GET', '/api/me')).json() as Me;
    const accounts = async () => ((await call('GET', '/api/accounts')).json() as { data: Account[] }).data;

    test('is German until chosen; an administrator may choose another when adding an account', async () => {
      assert.equal((await me()).language, 'de');
      const german = await call('POST', '/api/accounts', {
        email: 'ohne@example.com',
        password: PASSWORD,
        roles: ['pruefer'],
      });
      assert.equal(german.statusCode, 201, german.body);
      assert.equal((german.json() as Account).language, 'de');
      const polish = await call('POST', '/api/accounts', {
        email: 'polski@example.com',
        password: PASSWORD,
        roles: ['pruefer'],
        language: 'pl',
      });
      assert.equal(polish.statusCode, 201, polish.body);
      assert.equal((polish.json() as Account).language, 'pl');
      const listed = await accounts();
      assert.equal(listed.find((account) => account.email === 'polski@example.com')?.language, 'pl');
    });

    test('the account changes its own language, and /me says so at once', async () => {
      assert.equal((await call('PUT', '/api/me/language', { language: 'en' })).statusCode, 204);
      assert.equal((await me()).language, 'en');
      assert.equal((await call('PUT', '/api/me/language', { language: 'pl' })).statusCode, 204);
      assert.equal((await me()).language, 'pl');
      assert.equal((await call('PUT', '/api/me/language', { language: 'de' })).statusCode, 204);
      assert.equal((await me()).language, 'de');
    });

    test('refuses a missing, unknown, wrong-typed, oversized or hostile language with a German 400', async () => {
      const bad: unknown[] = [
        {},
        { language: '' },
        { language: 'fr' },
        { language: 'PL' },
        { language: 'pl-PL' },
        { language: 7 },
        { language: null },
        { language: ['pl'] },
        { language: 'p'.repeat(100_000) },
        { language: "de'; DROP TABLE users; --" },
        { language: '<script>alert(1)</script>' },
      ];
      for (const payload of bad) {
        const response = await call('PUT', '/api/me/language', payload);
        assert.equal(response.statusCode, 400, JSON.stringify(payload).slice(0, 80));
        assert.equal(response.json().error.code, 'VALIDATION');
        assert.match(response.json().error.message, /[äöüß]|Eingabe|Feld|ungültig/i);
      }
      const created = await call('POST', '/api/accounts', {
        email: 'falsch@example.com',
        password: PASSWORD,
        roles: ['pruefer'],
        language: 'klingon',
      });
      assert.equal(created.statusCode, 400);
      assert.equal(
        (await accounts()).some((account) => account.email === 'falsch@example.com'),
        false,
      );
      assert.equal((await me()).language, 'de');
    });

    test('needs a session', async () => {
      assert.equal((await call('PUT', '/api/me/language', { language: 'pl' }, null)).statusCode, 401);
      assert.equal(
        (await call('PUT', '/api/me/language', { language: 'pl' }, 'not-a-token')).statusCode,
        401,
      );
    });
  });
}
