import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { messages } from '../../messages';
import { directoryBrowser, createDirectoryTestApp, INJECT_ORIGIN } from '../../test/directory-browser';
import { auth, createTestApp, kinds, TEST_COST, type TestApp } from '../../test/harness';
import { startOpenIdProvider, type OpenIdProvider } from '../../test/openid-provider';

for (const kind of kinds) {
  describe(`sign-in with the company account on ${kind}`, () => {
    let op: OpenIdProvider;
    let t: TestApp;
    before(async () => {
      op = await startOpenIdProvider([INJECT_ORIGIN]);
      t = await createDirectoryTestApp(kind, op);
    });
    after(async () => {
      await t.close();
      await op.close();
    });

    const events = (action: string) =>
      t.db
        .selectFrom('audit_events')
        .select(['details', 'account_id'])
        .where('action', '=', action)
        .execute();
    const account = (email: string) =>
      t.db.selectFrom('users').selectAll().where('email', '=', email).executeTakeFirstOrThrow();
    const call = (url: string, token: string) => t.app.inject({ url, headers: auth(token) });

    test('the first sign-in creates the account from the claims, with the mapped roles, and keeps the deep link', async () => {
      op.people.set('anna', {
        email: 'Anna.Berg@Firma.example',
        email_verified: true,
        name: 'Anna Berg',
        groups: ['Pruefer', 'Kantine'],
      });
      const taken = await directoryBrowser(t.app).signIn('anna', '/certificates/5?tab=history');
      assert.equal(taken.statusCode, 200, taken.body);
      const { token, return_to } = taken.json();
      assert.equal(return_to, '/certificates/5?tab=history');
      const me = (await call('/api/me', token)).json();
      assert.deepEqual([me.email, me.name, me.roles], ['anna.berg@firma.example', 'Anna Berg', ['pruefer']]);
      assert.equal((await call('/api/certificates', token)).statusCode, 200);
      assert.equal((await call('/api/accounts', token)).statusCode, 403, 'Kantine gives no role');
      const row = await account('anna.berg@firma.example');
      assert.equal(row.password_hash, '', 'no local password');
      assert.equal(row.directory_subject, `${op.issuer} anna`);
      const [created] = await events('account.created');
      assert.deepEqual(JSON.parse(created.details), {
        email: 'anna.berg@firma.example',
        roles: ['pruefer'],
        by: 'directory',
        groups: ['Pruefer', 'Kantine'],
      });
      const session = await t.db
        .selectFrom('sessions')
        .select(['created_at', 'expires_at', 'id_token'])
        .where('user_id', '=', row.id)
        .executeTakeFirstOrThrow();
      assert.equal(
        Date.parse(session.expires_at) - Date.parse(session.created_at),
        t.config.sessionMaxHours * 3600_000,
      );
      assert.ok(session.id_token, 'kept for the provider sign-out');
    });

    test('a company account has no password to sign in with locally', async () => {
      const local = await t.app.inject({
        method: 'POST',
        url: '/api/login',
        payload: { username: 'anna.berg@firma.example', password: '' },
      });
      assert.equal(local.statusCode, 401);
    });

    test('roles follow the groups at every sign-in; without a mapped group no session, and the roles are gone', async () => {
      op.people.set('bernd', {
        email: 'bernd@firma.example',
        email_verified: true,
        groups: ['Pruefer', 'QS-Freigabe'],
      });
      const browser = directoryBrowser(t.app);
      const first = (await browser.signIn('bernd')).json().token;
      assert.deepEqual((await call('/api/me', first)).json().roles, ['pruefer', 'freigabe']);
      op.people.set('bernd', { email: 'bernd@firma.example', email_verified: true, groups: ['QS-Freigabe'] });
      const second = (await browser.signIn('bernd')).json().token;
      assert.deepEqual((await call('/api/me', second)).json().roles, ['freigabe']);
      const [changed] = await events('account.roles_changed');
      assert.deepEqual(JSON.parse(changed.details), {
        email: 'bernd@firma.example',
        before: ['pruefer', 'freigabe'],
        after: ['freigabe'],
        by: 'directory',
        groups: ['QS-Freigabe'],
      });
      op.people.set('bernd', { email: 'bernd@firma.example', email_verified: true, groups: [] });
      const refused = await browser.signIn('bernd');
      assert.equal(refused.statusCode, 403);
      assert.deepEqual(refused.json().error, { code: 'NO_MAPPED_ROLE', message: messages.noMappedRole });
      assert.equal(
        (await call('/api/certificates', second)).statusCode,
        403,
        'the live session lost its roles too',
      );
      const synced = await account('bernd@firma.example');
      assert.equal(synced.roles, '');
      assert.ok(synced.roles_synced_at);
    });

    test('a person with no mapped group gets no account at all', async () => {
      op.people.set('carla', { email: 'carla@firma.example', email_verified: true, groups: ['Kantine'] });
      const refused = await directoryBrowser(t.app).signIn('carla');
      assert.equal(refused.statusCode, 403);
      assert.equal(refused.json().error.message, messages.noMappedRole);
      const none = await t.db
        .selectFrom('users')
        .select('id')
        .where('email', '=', 'carla@firma.example')
        .execute();
      assert.equal(none.length, 0);
      const failures = (await events('auth.sign_in_failed')).map((event) => JSON.parse(event.details));
      assert.ok(failures.some((d) => d.step === 'directory' && d.reason === messages.noMappedRole));
    });

    test('an account disabled here cannot sign in with the company account', async () => {
      op.people.set('dora', { email: 'dora@firma.example', email_verified: true, groups: ['Pruefer'] });
      const browser = directoryBrowser(t.app);
      assert.equal((await browser.signIn('dora')).statusCode, 200);
      await t.repositories.users.disable((await account('dora@firma.example')).id);
      const refused = await browser.signIn('dora');
      assert.equal(refused.statusCode, 403);
      assert.deepEqual(refused.json().error, {
        code: 'ACCOUNT_DISABLED',
        message: messages.companyAccountDisabled,
      });
    });

    test('an e-mail of a local account is linked only when the provider asserts it verified', async () => {
      await t.repositories.users.add(
        { email: 'erik@firma.example', password: 'lokales-Passwort-1', roles: ['lesen'] },
        TEST_COST,
      );
      op.people.set('erik', { email: 'erik@firma.example', email_verified: false, groups: ['Pruefer'] });
      const refused = await directoryBrowser(t.app).signIn('erik');
      assert.equal(refused.statusCode, 409);
      assert.deepEqual(refused.json().error, {
        code: 'EMAIL_TAKEN',
        message: messages.companyAccountEmailTaken,
      });
      assert.equal((await account('erik@firma.example')).directory_subject, null);
      op.people.set('erik', { email: 'erik@firma.example', groups: ['Pruefer'] });
      assert.equal(
        (await directoryBrowser(t.app).signIn('erik')).statusCode,
        409,
        'no email_verified claim at all',
      );
      op.people.set('erik', { email: 'erik@firma.example', email_verified: true, groups: ['Pruefer'] });
      const linked = await directoryBrowser(t.app).signIn('erik');
      assert.equal(linked.statusCode, 200);
      assert.deepEqual((await call('/api/me', linked.json().token)).json().roles, ['pruefer']);
      const [link] = await events('account.linked_to_directory');
      assert.equal(JSON.parse(link.details).email_verified, true);
      // Another directory person claiming the same, now linked, e-mail is refused even when verified.
      op.people.set('erik2', { email: 'erik@firma.example', email_verified: true, groups: ['IT-Admins'] });
      assert.equal((await directoryBrowser(t.app).signIn('erik2')).statusCode, 409);
    });

    test('„Nur Firmenkonto“ refuses local sign-in to everyone but administrators', async () => {
      await t.repositories.users.add(
        { email: 'lokal@firma.example', password: 'lokales-Passwort-1', roles: ['pruefer'] },
        TEST_COST,
      );
      const set = await t.app.inject({
        method: 'PUT',
        url: '/api/settings',
        headers: auth(t.token),
        payload: { directory_only: true },
      });
      assert.equal(set.statusCode, 200);
      assert.equal(set.json().directory_only, true);
      const refused = await t.app.inject({
        method: 'POST',
        url: '/api/login',
        payload: { username: 'lokal@firma.example', password: 'lokales-Passwort-1' },
      });
      assert.equal(refused.statusCode, 403);
      assert.deepEqual(refused.json().error, {
        code: 'COMPANY_ACCOUNT_ONLY',
        message: messages.companyAccountOnly,
      });
      const wrong = await t.app.inject({
        method: 'POST',
        url: '/api/login',
        payload: { username: 'lokal@firma.example', password: 'falsch-falsch-1' },
      });
      assert.equal(wrong.statusCode, 401, 'a wrong password learns nothing about the setting');
      assert.equal(typeof (await t.login()).length, 'number', 'the break-glass administrator still signs in');
      await t.app.inject({
        method: 'PUT',
        url: '/api/settings',
        headers: auth(t.token),
        payload: { directory_only: false },
      });
    });

    test('the admin area shows which accounts come from the directory and when it last set their roles', async () => {
      const list = (await call('/api/accounts', t.token)).json().data as {
        email: string;
        directory: boolean;
        roles_synced_at: string | null;
      }[];
      const anna = list.find((a) => a.email === 'anna.berg@firma.example')!;
      assert.equal(anna.directory, true);
      assert.ok(anna.roles_synced_at && Date.parse(anna.roles_synced_at) > Date.now() - 3600_000);
      const local = list.find((a) => a.email === 'lokal@firma.example')!;
      assert.deepEqual([local.directory, local.roles_synced_at], [false, null]);
    });

    test('signing out ends our session and names the provider’s sign-out; a local session has none', async () => {
      op.people.set('fiona', { email: 'fiona@firma.example', email_verified: true, groups: ['Pruefer'] });
      const token = (await directoryBrowser(t.app).signIn('fiona')).json().token;
      const out = await t.app.inject({ method: 'POST', url: '/api/oidc/logout', headers: auth(token) });
      assert.equal(out.statusCode, 200, out.body);
      const url = new URL(out.json().url);
      assert.equal(url.origin + url.pathname, `${op.issuer}/session/end`);
      assert.equal(url.searchParams.get('post_logout_redirect_uri'), 'http://localhost/login');
      assert.ok(url.searchParams.get('id_token_hint'));
      assert.equal((await call('/api/me', token)).statusCode, 401);
      const local = await t.login();
      const localOut = await t.app.inject({ method: 'POST', url: '/api/oidc/logout', headers: auth(local) });
      assert.deepEqual(localOut.json(), { url: null });
      assert.equal((await call('/api/me', local)).statusCode, 401);
    });

    test('hostile return paths and bodies are refused with a German message', async () => {
      for (const returnTo of [
        '//evil.example/x',
        '/\\evil.example',
        'https://evil.example',
        'javascript:alert(1)',
        '/a b',
        `/${'x'.repeat(2000)}`,
      ]) {
        const response = await directoryBrowser(t.app).start(returnTo);
        assert.equal(response.statusCode, 400, returnTo);
        assert.match(response.json().error.message, /[äöüÄÖÜß]|ungültig|prüfen/i);
      }
      const wrongType = await t.app.inject({
        method: 'POST',
        url: '/api/oidc/start',
        payload: { return_to: 5 },
      });
      assert.equal(wrongType.statusCode, 400);
      assert.equal(
        (await directoryBrowser(t.app).start()).statusCode,
        200,
        'no body starts at the dashboard',
      );
    });
  });

  describe(`without OIDC_ISSUER on ${kind}`, () => {
    test('nothing changes: the company account routes answer 404 in German', async () => {
      const t = await createTestApp(kind);
      try {
        for (const [method, url] of [
          ['POST', '/api/oidc/start'],
          ['GET', '/api/oidc/callback?state=x&code=y'],
          ['POST', '/api/oidc/session'],
        ] as const) {
          const response = await t.app.inject({ method, url, payload: method === 'POST' ? {} : undefined });
          assert.equal(response.statusCode, 404, url);
          assert.equal(response.json().error.message, messages.companySignInOff);
        }
        await t.app.inject({
          method: 'PUT',
          url: '/api/settings',
          headers: auth(t.token),
          payload: { directory_only: true },
        });
        await t.repositories.users.add(
          { email: 'p@example.com', password: 'lokales-Passwort-1', roles: ['pruefer'] },
          TEST_COST,
        );
        assert.ok(
          await t.login('p@example.com', 'lokales-Passwort-1'),
          '„Nur Firmenkonto“ needs a company account',
        );
      } finally {
        await t.close();
      }
    });
  });
}
