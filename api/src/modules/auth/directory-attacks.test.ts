import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import * as jose from 'jose';
import { messages } from '../../messages';
import { createDirectoryTestApp, directoryBrowser, INJECT_ORIGIN } from '../../test/directory-browser';
import { kinds, type TestApp } from '../../test/harness';
import { startOpenIdProvider, type OpenIdProvider } from '../../test/openid-provider';

const FAILED = { code: 'COMPANY_SIGN_IN_FAILED', message: messages.companySignInFailed };

for (const kind of kinds) {
  describe(`attacks on the company account sign-in on ${kind}`, () => {
    let op: OpenIdProvider;
    let t: TestApp;
    before(async () => {
      op = await startOpenIdProvider([INJECT_ORIGIN]);
      t = await createDirectoryTestApp(kind, op);
      op.people.set('mallory', {
        email: 'mallory@firma.example',
        email_verified: true,
        groups: ['IT-Admins'],
      });
    });
    after(async () => {
      await t.close();
      await op.close();
    });

    const sessionsOf = async (email: string) =>
      (
        await t.db
          .selectFrom('sessions')
          .innerJoin('users', 'users.id', 'sessions.user_id')
          .select('sessions.id')
          .where('users.email', '=', email)
          .execute()
      ).length;

    /** The provider's answer for a fresh sign-in of mallory, not yet delivered to the app. */
    async function answered() {
      const browser = directoryBrowser(t.app);
      const started = await browser.start();
      return { browser, back: await browser.atProvider(started.json().url, 'mallory') };
    }

    test('an answer without state, or with no cookie, gives no session', async () => {
      const { browser, back } = await answered();
      const stateless = new URL(back);
      stateless.searchParams.delete('state');
      assert.equal((await browser.callback(stateless.href)).headers.location, '/login?oidc=1');
      assert.deepEqual((await browser.take()).json().error, FAILED);
      await browser.callback(back, '');
      assert.equal((await browser.take('')).statusCode, 401);
      assert.equal(await sessionsOf('mallory@firma.example'), 0);
    });

    test('a state from another browser gives that browser nothing and leaves the sign-in to its own', async () => {
      const { browser, back } = await answered();
      const other = directoryBrowser(t.app);
      await other.start();
      await other.callback(back);
      assert.deepEqual((await other.take()).json().error, FAILED);
      await browser.callback(back);
      assert.equal((await browser.take()).statusCode, 200);
    });

    test('a state used once is not used again, and a session is taken once', async () => {
      const { browser, back } = await answered();
      await browser.callback(back);
      assert.equal((await browser.take()).statusCode, 200);
      const before = await sessionsOf('mallory@firma.example');
      await browser.callback(back);
      assert.deepEqual((await browser.take()).json().error, FAILED);
      assert.equal(await sessionsOf('mallory@firma.example'), before);
    });

    test('forged or replayed ID tokens are refused: alg none, wrong issuer or audience, expired, unknown key, old nonce', async () => {
      let captured = '';
      op.setTamper(async (idToken) => (captured = idToken));
      const { browser, back } = await answered();
      await browser.callback(back);
      assert.equal((await browser.take()).statusCode, 200);
      const { privateKey: strangerKey } = await jose.generateKeyPair('RS256');
      const now = Math.floor(Date.now() / 1000);
      const forgeries: Record<string, (idToken: string) => Promise<string>> = {
        'alg none': async (idToken) => {
          const [, payload] = idToken.split('.');
          return `${Buffer.from(JSON.stringify({ alg: 'none', typ: 'JWT' })).toString('base64url')}.${payload}.`;
        },
        'wrong issuer': (idToken) => op.resign(idToken, { iss: 'https://boese.example' }),
        'wrong audience': (idToken) => op.resign(idToken, { aud: 'ein-anderer-client' }),
        expired: (idToken) => op.resign(idToken, { iat: now - 7200, exp: now - 3600 }),
        'unknown key': (idToken) => op.resign(idToken, {}, strangerKey),
        'nonce of an earlier sign-in': async () => captured,
      };
      const before = await sessionsOf('mallory@firma.example');
      try {
        for (const [name, forge] of Object.entries(forgeries)) {
          op.setTamper(forge);
          const { browser: victim, back: answer } = await answered();
          await victim.callback(answer);
          const taken = await victim.take();
          assert.equal(taken.statusCode, 401, name);
          assert.deepEqual(taken.json().error, FAILED, name);
        }
      } finally {
        op.setTamper(undefined);
      }
      assert.equal(await sessionsOf('mallory@firma.example'), before);
    });

    test('the provider’s error answer is told in German, without a stack', async () => {
      const browser = directoryBrowser(t.app);
      const started = await browser.start();
      const back = await browser.atProvider(started.json().url, 'mallory', { abort: true });
      assert.equal(new URL(back).searchParams.get('error'), 'access_denied');
      assert.equal((await browser.callback(back)).statusCode, 303);
      const taken = await browser.take();
      assert.deepEqual(taken.json().error, {
        code: 'COMPANY_SIGN_IN_FAILED',
        message: messages.companySignInDenied,
      });
      assert.doesNotMatch(taken.body, /at \w+ \(|node_modules/);
    });

    test('100 answers at once for a new person make one account; each gets its session or a German „try again“', async () => {
      op.people.set('viele', { email: 'viele@firma.example', email_verified: true, groups: ['Pruefer'] });
      const provider = directoryBrowser(t.app);
      const answers: { cookie: string; back: string }[] = [];
      for (let i = 0; i < 100; i++) {
        const started = await provider.start();
        answers.push({
          cookie: provider.appCookie,
          back: await provider.atProvider(started.json().url, 'viele'),
        });
      }
      const returned = await Promise.all(answers.map(({ cookie, back }) => provider.callback(back, cookie)));
      assert.ok(returned.every((response) => response.statusCode === 303));
      const taken = await Promise.all(answers.map(({ cookie }) => provider.take(cookie)));
      // The instance talks to the provider a few at a time (directory-client.ts); who waited too long is told
      // to try again, and does.
      const busy = taken.filter((response) => response.statusCode === 429);
      for (const response of busy) assert.equal(response.json().error.message, messages.signInBusy);
      assert.equal(taken.filter((response) => response.statusCode === 200).length + busy.length, 100);
      const tokens = taken
        .filter((response) => response.statusCode === 200)
        .map((response) => response.json().token);
      while (tokens.length < 100) tokens.push((await provider.signIn('viele')).json().token);
      assert.equal(new Set(tokens).size, 100);
      const accounts = await t.db
        .selectFrom('users')
        .select('id')
        .where('email', '=', 'viele@firma.example')
        .execute();
      assert.equal(accounts.length, 1);
      const created = await t.db
        .selectFrom('audit_events')
        .select('id')
        .where('action', '=', 'account.created')
        .where('account_id', '=', accounts[0].id)
        .execute();
      assert.equal(created.length, 1);
      assert.equal(await sessionsOf('viele@firma.example'), 100);
    });

    test('with the provider down the sign-in says so in German, and local sign-in still works', async () => {
      const { browser, back } = await answered();
      await op.close();
      await browser.callback(back);
      const taken = await browser.take();
      assert.equal(taken.statusCode, 503);
      assert.deepEqual(taken.json().error, {
        code: 'PROVIDER_UNAVAILABLE',
        message: messages.providerUnavailable,
      });
      const started = await directoryBrowser(t.app).start();
      assert.equal(started.statusCode, 503);
      assert.equal(started.json().error.message, messages.providerUnavailable);
      assert.ok(await t.login(), 'the local administrator signs in');
    });
  });

  describe(`group names with odd characters on ${kind}`, () => {
    let op: OpenIdProvider;
    let t: TestApp;
    before(async () => {
      op = await startOpenIdProvider([INJECT_ORIGIN]);
      t = await createDirectoryTestApp(
        kind,
        op,
        JSON.stringify({
          'QS, Freigabe (Werk 2)': 'freigabe',
          'Prüfer=Elektro': 'pruefer',
          '<script>alert(1)</script>': 'lesen',
          Größe: ['stammdaten', 'audit'],
        }),
      );
    });
    after(async () => {
      await t.close();
      await op.close();
    });

    const rolesAfterSignIn = async (login: string, groups: unknown) => {
      op.people.set(login, { email: `${login}@firma.example`, email_verified: true, groups });
      const taken = await directoryBrowser(t.app).signIn(login);
      if (taken.statusCode !== 200) return taken.json().error.code as string;
      return (await t.app.inject({ url: '/api/me', headers: { authorization: taken.json().token } })).json()
        .roles;
    };

    test('names with commas, equals signs, markup and another Unicode spelling map as configured', async () => {
      const groups = [
        'QS, Freigabe (Werk 2)',
        'Prüfer=Elektro',
        '<script>alert(1)</script>',
        'Gro\u0308ße',
        7,
        { x: 1 },
        'x'.repeat(5000),
      ];
      assert.deepEqual(await rolesAfterSignIn('odd', groups), [
        'pruefer',
        'freigabe',
        'stammdaten',
        'lesen',
        'audit',
      ]);
      const [created] = await t.db
        .selectFrom('audit_events')
        .select('details')
        .where('action', '=', 'account.created')
        .execute();
      assert.ok(JSON.parse(created.details).groups.includes('<script>alert(1)</script>'), 'recorded as data');
    });

    test('one group as a string counts; a list too long or of the wrong type gives no role', async () => {
      assert.deepEqual(await rolesAfterSignIn('single', 'Prüfer=Elektro'), ['pruefer']);
      assert.equal(
        await rolesAfterSignIn(
          'many',
          Array.from({ length: 1001 }, () => 'Prüfer=Elektro'),
        ),
        'NO_MAPPED_ROLE',
      );
      assert.equal(await rolesAfterSignIn('object', { 'Prüfer=Elektro': true }), 'NO_MAPPED_ROLE');
      assert.equal(await rolesAfterSignIn('near', ['prüfer=elektro', ' Prüfer=Elektro']), 'NO_MAPPED_ROLE');
    });
  });
}
