import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { TOTP, Secret } from 'otpauth';
import type { Account, AuditAction, AuditPage, TypedAuditEvent } from 'contracts';
import { messages } from '../../messages';
import { STAFF, TEST_COST, auth, createTestApp, kinds, type TestApp } from '../../test/harness';

const FIRST = 'erstes-Passwort-7';
const OWN = 'eigenes-Passwort-8';
const code = (secret: string, secondsAgo = 0) =>
  new TOTP({ secret: Secret.fromBase32(secret) }).generate({ timestamp: Date.now() - secondsAgo * 1000 });

for (const kind of kinds) {
  describe(`accounts on ${kind}`, () => {
    let t: TestApp;
    before(async () => {
      t = await createTestApp(kind);
    });
    after(() => t.close());

    const call = (method: 'GET' | 'POST' | 'PUT', url: string, token = t.token, payload?: object) =>
      t.app.inject({ method, url, headers: auth(token), ...(payload && { payload }) });
    const login = (username: string, password: string, remoteAddress = '10.1.0.1') =>
      t.app.inject({ method: 'POST', url: '/api/login', payload: { username, password }, remoteAddress });
    const create = async (email: string, roles: string[] = ['pruefer']) => {
      const response = await call('POST', '/api/accounts', t.token, {
        email,
        name: 'Neu',
        password: FIRST,
        roles,
      });
      assert.equal(response.statusCode, 201, response.body);
      return response.json() as Account;
    };
    const events = async <A extends AuditAction = AuditAction>(
      query: { action?: A } & Record<string, string | number>,
    ) =>
      (
        (
          await t.app.inject({ url: '/api/audit', query: query as never, headers: auth(t.token) })
        ).json() as AuditPage
      ).data as Extract<TypedAuditEvent, { action: A }>[];

    test('an administrator adds an account; it must set its own password before anything else', async () => {
      const account = await create('  Pruefer@Example.com ');
      assert.deepEqual(
        { ...account, id: 0, created_at: '' },
        {
          id: 0,
          email: 'pruefer@example.com',
          name: 'Neu',
          roles: ['pruefer'],
          disabled: false,
          must_change_password: true,
          two_factor: false,
          two_factor_required: false,
          locked_until: null,
          last_sign_in_at: null,
          created_at: '',
          directory: false,
          roles_synced_at: null,
          language: 'de',
        },
      );
      const token = (await login('pruefer@example.com', FIRST)).json().token;
      const me = await call('GET', '/api/me', token);
      assert.equal(me.json().must_change_password, true);
      const refused = await call('GET', '/api/certificates', token);
      assert.equal(refused.statusCode, 403);
      assert.equal(refused.json().error.code, 'PASSWORD_CHANGE_REQUIRED');
      const other = (await login('pruefer@example.com', FIRST)).json().token;
      const change = (current_password: string, new_password: string) =>
        call('POST', '/api/me/password', token, { current_password, new_password });
      assert.deepEqual((await change('falsch-falsch', OWN)).json().error.fields, {
        current_password: messages.passwordWrong,
      });
      assert.deepEqual((await change(FIRST, FIRST)).json().error.fields, {
        new_password: messages.passwordSame,
      });
      assert.deepEqual((await change(FIRST, 'kurz')).json().error.fields, {
        new_password: messages.passwordTooShort,
      });
      assert.deepEqual((await change(FIRST, 'Password123')).json().error.fields, {
        new_password: messages.passwordCommon,
      });
      assert.equal((await change(FIRST, OWN)).statusCode, 204);
      assert.equal((await call('GET', '/api/certificates', token)).statusCode, 200, 'this session goes on');
      assert.equal((await call('GET', '/api/certificates', other)).statusCode, 401, 'the other one ended');
      assert.equal((await call('GET', '/api/me', token)).json().must_change_password, false);
      assert.equal((await login('pruefer@example.com', FIRST, '10.1.0.2')).statusCode, 401);
      assert.equal(
        (await events({ action: 'account.created', subject_id: account.id }))[0].account_id,
        t.accountId,
      );
      assert.equal((await events({ action: 'account.password_changed', subject_id: account.id })).length, 1);
    });

    test('adding refuses bad input with German field messages and a taken e-mail with 409', async () => {
      const cases: [object, string][] = [
        [{}, 'email'],
        [{ email: 'a@b.de', password: FIRST }, 'roles'],
        [{ email: 'keine-adresse', password: FIRST, roles: ['lesen'] }, 'email'],
        [{ email: 'a@b.de', password: 'kurz', roles: ['lesen'] }, 'password'],
        [{ email: 'a@b.de', password: 'qwertyuiop', roles: ['lesen'] }, 'password'],
        [{ email: 'a@b.de', password: FIRST, roles: [] }, 'roles'],
        [{ email: 'a@b.de', password: FIRST, roles: ['chef'] }, 'roles'],
        [{ email: 'a@b.de', password: FIRST, roles: ['lesen', 'lesen'] }, 'roles'],
        [{ email: 'a@b.de', password: FIRST, roles: 'admin' }, 'roles'],
        [{ email: 'x'.repeat(300), password: FIRST, roles: ['lesen'] }, 'email'],
        [{ email: 'a@b.de', password: 'p'.repeat(5000), roles: ['lesen'] }, 'password'],
        [{ email: 'a\u0000@b.de', password: FIRST, roles: ['lesen'] }, 'email'],
      ];
      for (const [payload, field] of cases) {
        const response = await call('POST', '/api/accounts', t.token, payload);
        assert.equal(response.statusCode, 400, `${JSON.stringify(payload).slice(0, 80)}: ${response.body}`);
        assert.ok(response.json().error.message);
        assert.ok(response.json().error.fields?.[field], `${field}: ${response.body}`);
      }
      await create('doppelt@example.com');
      const taken = await call('POST', '/api/accounts', t.token, {
        email: 'DOPPELT@example.com',
        password: FIRST,
        roles: ['lesen'],
      });
      assert.equal(taken.statusCode, 409);
      assert.equal(taken.json().error.fields.email, messages.emailTaken);
    });

    test('disable ends the sessions at once, enable lets the account in again; both recorded', async () => {
      const account = await create('sperre@example.com', ['lesen']);
      await t.repositories.users.setPassword(account.id, OWN, { mustChange: false, cost: TEST_COST });
      const token = (await login('sperre@example.com', OWN)).json().token;
      const disabled = await call('POST', `/api/accounts/${account.id}/disable`);
      assert.equal(disabled.json().disabled, true);
      assert.equal((await call('GET', '/api/brands', token)).statusCode, 401);
      assert.equal((await login('sperre@example.com', OWN, '10.1.0.3')).statusCode, 401);
      assert.equal((await call('POST', `/api/accounts/${account.id}/enable`)).json().disabled, false);
      assert.equal((await login('sperre@example.com', OWN, '10.1.0.4')).statusCode, 200);
      const actions = (await events({ subject_type: 'account', subject_id: account.id })).map(
        (e) => e.action,
      );
      assert.deepEqual(actions.slice(0, 2), ['account.enabled', 'account.disabled']);
      assert.equal((await call('POST', '/api/accounts/2000000000/disable')).statusCode, 404);
      assert.equal((await call('POST', '/api/accounts/x/enable')).statusCode, 400);
    });

    test('the last active administrator can be neither disabled nor lose the role; nor disable itself', async () => {
      const own = await call('POST', `/api/accounts/${t.accountId}/disable`);
      assert.equal(own.statusCode, 409);
      assert.equal(own.json().error.message, messages.ownAccountDisable);
      const lose = await call('PUT', `/api/accounts/${t.accountId}/roles`, t.token, { roles: ['lesen'] });
      assert.equal(lose.statusCode, 409);
      assert.equal(lose.json().error.message, messages.ownAccountRoles);
      const second = await create('chefin@example.com', ['admin']);
      await t.repositories.users.setPassword(second.id, OWN, { mustChange: false, cost: TEST_COST });
      const secondToken = (await login('chefin@example.com', OWN)).json().token;
      const changed = await call('PUT', `/api/accounts/${second.id}/roles`, t.token, {
        roles: ['admin', 'pruefer'],
      });
      assert.deepEqual(changed.json().roles, ['admin', 'pruefer']);
      const [event] = await events({ action: 'account.roles_changed', subject_id: second.id });
      assert.deepEqual(event.details.after, ['admin', 'pruefer']);
      // Two administrators: the second may disable the first, and then is the last one.
      assert.equal((await call('POST', `/api/accounts/${t.accountId}/disable`, secondToken)).statusCode, 200);
      const last = await call('PUT', `/api/accounts/${second.id}/roles`, secondToken, { roles: ['pruefer'] });
      assert.equal(last.statusCode, 409);
      assert.equal(last.json().error.message, messages.ownAccountRoles);
      assert.equal((await call('POST', `/api/accounts/${t.accountId}/enable`, secondToken)).statusCode, 200);
      t.token = await t.login();
      for (const roles of [[], ['chef'], 'admin', null])
        assert.equal(
          (await call('PUT', `/api/accounts/${second.id}/roles`, t.token, { roles })).statusCode,
          400,
        );
    });

    test('a reset password ends the sessions and must be changed again; the list shows last sign-in and 2FA', async () => {
      const account = await create('vergessen@example.com', ['stammdaten']);
      const token = (await login('vergessen@example.com', FIRST)).json().token;
      assert.equal(
        (await call('POST', `/api/accounts/${account.id}/password`, t.token, { password: 'abc' })).statusCode,
        400,
      );
      const reset = await call('POST', `/api/accounts/${account.id}/password`, t.token, {
        password: 'neues-Passwort-9',
      });
      assert.equal(reset.json().must_change_password, true);
      assert.equal((await call('GET', '/api/me', token)).statusCode, 401);
      assert.equal((await login('vergessen@example.com', 'neues-Passwort-9')).statusCode, 200);
      const list = (await call('GET', '/api/accounts')).json().data as Account[];
      const row = list.find((a) => a.id === account.id)!;
      assert.ok(row.last_sign_in_at && Date.now() - Date.parse(row.last_sign_in_at) < 60_000);
      assert.equal((await events({ action: 'account.password_reset', subject_id: account.id })).length, 1);
    });

    test('own sign-ins (failed ones too) and signing out everywhere', async () => {
      const account = await create('ueberall@example.com', ['lesen']);
      await t.repositories.users.setPassword(account.id, OWN, { mustChange: false, cost: TEST_COST });
      await login('ueberall@example.com', 'falsch-falsch', '10.1.1.1');
      const first = (await login('ueberall@example.com', OWN, '10.1.1.2')).json().token;
      const second = (await login('ueberall@example.com', OWN, '10.1.1.3')).json().token;
      const signIns = (await call('GET', '/api/me/sign-ins', first)).json().data;
      assert.deepEqual(
        signIns.map((s: { ok: boolean; address: string }) => [s.ok, s.address]),
        [
          [true, '10.1.1.3'],
          [true, '10.1.1.2'],
          [false, '10.1.1.1'],
        ],
      );
      assert.equal((await call('POST', '/api/me/sign-out-everywhere', first)).statusCode, 204);
      assert.equal((await call('GET', '/api/me', first)).statusCode, 401);
      assert.equal((await call('GET', '/api/me', second)).statusCode, 401);
    });

    test('two-factor sign-in: enrolment, a code, a wrong, an old and a reused code, recovery codes, lockout', async () => {
      const account = await create('zweifach@example.com', ['pruefer']);
      await t.repositories.users.setPassword(account.id, OWN, { mustChange: false, cost: TEST_COST });
      const token = (await login('zweifach@example.com', OWN)).json().token;
      assert.equal(
        (await call('POST', '/api/me/two-factor/confirm', token, { code: '123456' })).statusCode,
        409,
      );
      const setup = (await call('POST', '/api/me/two-factor/setup', token, { current_password: OWN })).json();
      assert.match(setup.uri, /^otpauth:\/\/totp\/Pr%C3%BCfbericht:zweifach%40example.com\?/);
      assert.ok(setup.uri.includes(`secret=${setup.secret}`));
      const wrong = await call('POST', '/api/me/two-factor/confirm', token, { code: '000000' });
      assert.equal(wrong.statusCode, 400);
      assert.equal(wrong.json().error.fields.code, messages.secondFactorFailed);
      for (const bad of [{}, { code: 12 }, { code: 'x'.repeat(100) }])
        assert.equal((await call('POST', '/api/me/two-factor/confirm', token, bad)).statusCode, 400);
      // The code of the step before: the enrolment takes that step, so sign-in needs a later code.
      const confirmed = await call('POST', '/api/me/two-factor/confirm', token, {
        code: code(setup.secret, 30),
      });
      assert.equal(confirmed.statusCode, 200, confirmed.body);
      const recovery: string[] = confirmed.json().recovery_codes;
      assert.equal(recovery.length, 10);
      assert.equal(new Set(recovery).size, 10);
      const stored = await t.db
        .selectFrom('recovery_codes')
        .select('code_hash')
        .where('user_id', '=', account.id)
        .execute();
      assert.equal(stored.length, 10);
      assert.ok(stored.every((r) => !recovery.some((c) => r.code_hash.includes(c.replace('-', '')))));
      assert.equal((await call('GET', '/api/me', token)).json().two_factor, true);

      const start = async (address: string) => {
        const response = await login('zweifach@example.com', OWN, address);
        assert.equal(response.statusCode, 200);
        assert.equal(response.json().second_factor, 'totp');
        assert.equal(response.json().token, undefined);
        return response.json().challenge as string;
      };
      const second = (challenge: string, value: string, remoteAddress = '10.2.0.9') =>
        t.app.inject({
          method: 'POST',
          url: '/api/login/second-factor',
          payload: { challenge, code: value },
          remoteAddress,
        });
      let challenge = await start('10.2.0.1');
      const failed = await second(challenge, '000000');
      assert.equal(failed.statusCode, 401);
      assert.equal(failed.json().error.message, messages.secondFactorFailed);
      assert.equal((await second(challenge, code(setup.secret, 300))).statusCode, 401, 'five minutes old');
      assert.equal(
        (await second('A'.repeat(43), code(setup.secret))).json().error.message,
        messages.challengeExpired,
      );
      const current = code(setup.secret);
      const signedIn = await second(challenge, current);
      assert.equal(signedIn.statusCode, 200, signedIn.body);
      assert.equal((await call('GET', '/api/me', signedIn.json().token)).statusCode, 200);
      assert.equal((await second(challenge, current)).statusCode, 401, 'the challenge is used up');
      challenge = await start('10.2.0.2');
      assert.equal((await second(challenge, current)).statusCode, 401, 'a code works once');
      const byRecovery = await second(challenge, recovery[0].toUpperCase());
      assert.equal(byRecovery.statusCode, 200, byRecovery.body);
      challenge = await start('10.2.0.3');
      assert.equal((await second(challenge, recovery[0])).statusCode, 401, 'a recovery code works once');
      const used = await events({ action: 'auth.recovery_code_used', subject_id: 'zweifach@example.com' });
      assert.equal(used[0].details.left, 9);
      // Wrong codes lock the account like wrong passwords: one since the last sign-in, four more lock it.
      for (const wrongCode of ['111111', '222222', '333333', '444444'])
        assert.equal((await second(challenge, wrongCode)).statusCode, 401);
      const afterLock = await second(challenge, code(setup.secret));
      assert.equal(afterLock.statusCode, 429);
      assert.equal(afterLock.json().error.message, messages.accountLocked(15));
      assert.equal(
        (await events({ action: 'auth.locked_out', subject_id: 'zweifach@example.com' })).length,
        1,
      );
      await t.repositories.throttle.clear('user:zweifach@example.com');

      const off = (password: string) => call('POST', '/api/me/two-factor/disable', token, { password });
      assert.equal((await off('falsch-falsch')).statusCode, 400);
      assert.equal((await off(OWN)).statusCode, 204);
      assert.equal((await login('zweifach@example.com', OWN, '10.2.0.4')).json().token !== undefined, true);
      const trail = (await events({ subject_type: 'account', subject_id: account.id })).map((e) => e.action);
      assert.ok(
        trail.includes('account.two_factor_enabled') && trail.includes('account.two_factor_disabled'),
      );
    });

    test('required two-factor sign-in: an account without it may only set it up', async () => {
      const put = (payload: object) => call('PUT', '/api/settings', t.token, payload);
      for (const bad of [{}, { require_two_factor: 'ja' }, { require_two_factor: 1 }])
        assert.equal((await put(bad)).statusCode, 400);
      const account = await create('pflicht@example.com', ['lesen']);
      assert.deepEqual((await put({ require_two_factor: true })).json(), {
        require_two_factor: true,
        release_by_second_person: false,
        directory_only: false,
      });
      // For all: the administrator who required it too.
      assert.equal((await call('GET', '/api/accounts')).json().error.code, 'TWO_FACTOR_REQUIRED');
      await t.repositories.users.setPassword(account.id, OWN, { mustChange: false, cost: TEST_COST });
      const token = (await login('pflicht@example.com', OWN)).json().token;
      const refused = await call('GET', '/api/brands', token);
      assert.equal(refused.statusCode, 403);
      assert.equal(refused.json().error.message, messages.twoFactorRequired);
      assert.equal((await call('GET', '/api/me', token)).json().two_factor_required, true);
      const setup = (await call('POST', '/api/me/two-factor/setup', token, { current_password: OWN })).json();
      assert.equal(
        (await call('POST', '/api/me/two-factor/confirm', token, { code: code(setup.secret) })).statusCode,
        200,
      );
      assert.equal((await call('GET', '/api/brands', token)).statusCode, 200);
      const off = await call('POST', '/api/me/two-factor/disable', token, { password: OWN });
      assert.equal(off.statusCode, 409);
      assert.equal(off.json().error.message, messages.twoFactorStillRequired);
      const own = (
        await call('POST', '/api/me/two-factor/setup', t.token, { current_password: STAFF.password })
      ).json();
      assert.equal(
        (await call('POST', '/api/me/two-factor/confirm', t.token, { code: code(own.secret) })).statusCode,
        200,
      );
      await put({ require_two_factor: false });
      assert.equal((await events({ action: 'settings.changed' })).length, 2);
      assert.equal((await call('GET', '/api/settings')).json().require_two_factor, false);
      assert.equal((await call('GET', '/api/brands')).statusCode, 200);
    });
  });
}
