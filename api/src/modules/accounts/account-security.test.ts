import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { TOTP, Secret } from 'otpauth';
import type { Account, AuditAction, AuditPage, TypedAuditEvent } from 'contracts';
import { messages } from '../../messages';
import { STAFF, TEST_COST, auth, createTestApp, kinds, type TestApp } from '../../test/harness';

const OWN = 'eigenes-Passwort-8';
const code = (secret: string) => new TOTP({ secret: Secret.fromBase32(secret) }).generate();

// Issue 30 (a stolen session token, guessing the current password, the own account through the admin routes)
// and issue 31 (two-factor sign-in required per account, a locked account and lifting its lock).
for (const kind of kinds) {
  describe(`account security on ${kind}`, () => {
    let t: TestApp;
    let n = 0;
    before(async () => {
      t = await createTestApp(kind);
    });
    after(() => t.close());

    const call = (method: 'GET' | 'POST' | 'PUT', url: string, token = t.token, payload?: object) =>
      t.app.inject({ method, url, headers: auth(token), ...(payload && { payload }) });
    const login = (username: string, password: string, remoteAddress = `10.9.0.${++n % 250}`) =>
      t.app.inject({ method: 'POST', url: '/api/login', payload: { username, password }, remoteAddress });
    /** An account with its own password (no first password to change), signed in. */
    const colleague = async (email: string, roles = ['pruefer']) => {
      const id = await t.repositories.users.add({ email, password: OWN, roles: roles as never }, TEST_COST);
      return { id, token: (await login(email, OWN)).json().token as string };
    };
    const events = async <A extends AuditAction>(action: A, subject_id: number | string) =>
      (
        (
          await t.app.inject({
            url: '/api/audit',
            query: { action, subject_id: String(subject_id) },
            headers: auth(t.token),
          })
        ).json() as AuditPage
      ).data as Extract<TypedAuditEvent, { action: A }>[];
    const enrol = async (token: string) => {
      const setup = await call('POST', '/api/me/two-factor/setup', token, { current_password: OWN });
      assert.equal(setup.statusCode, 200, setup.body);
      const { secret } = setup.json();
      const confirmed = await call('POST', '/api/me/two-factor/confirm', token, { code: code(secret) });
      assert.equal(confirmed.statusCode, 200, confirmed.body);
      return secret as string;
    };

    test('enrolling needs the current password and ends the account’s other sessions', async () => {
      const { id, token } = await colleague('gestohlen@example.com');
      const other = (await login('gestohlen@example.com', OWN)).json().token;
      const setup = (payload?: object) => call('POST', '/api/me/two-factor/setup', token, payload);
      assert.equal((await setup()).statusCode, 400, 'a stolen token alone cannot start it');
      assert.equal((await setup({})).json().error.fields.current_password !== undefined, true);
      for (const bad of [{ current_password: 12 }, { current_password: 'p'.repeat(5000) }])
        assert.equal((await setup(bad)).statusCode, 400);
      const wrong = await setup({ current_password: 'falsch-falsch' });
      assert.equal(wrong.statusCode, 400);
      assert.equal(wrong.json().error.fields.current_password, messages.passwordWrong);
      assert.equal((await events('account.password_check_failed', id)).length, 1);
      await enrol(token);
      assert.equal((await call('GET', '/api/me', token)).statusCode, 200, 'this session goes on');
      assert.equal((await call('GET', '/api/me', other)).statusCode, 401, 'the other one ended');
      const off = await call('POST', '/api/me/two-factor/disable', token, { password: 'falsch-falsch' });
      assert.equal(off.json().error.fields.password, messages.passwordWrong);
    });

    test('an administrator resets a colleague’s two-factor sign-in with a reason: audited, sessions ended', async () => {
      const { id, token } = await colleague('verloren@example.com');
      const reset = (payload: object, who = id) =>
        call('POST', `/api/accounts/${who}/two-factor/reset`, t.token, payload);
      assert.equal((await reset({ reason: 'Handy verloren' })).statusCode, 409, 'nothing to reset yet');
      await enrol(token);
      for (const bad of [{}, { reason: 7 }, { reason: 'x'.repeat(501) }, { reason: 'a\u0000b' }])
        assert.equal((await reset(bad)).statusCode, 400, JSON.stringify(bad).slice(0, 40));
      const blank = await reset({ reason: '   ' });
      assert.equal(blank.json().error.fields.reason, messages.reasonRequired);
      const own = await reset({ reason: 'selbst' }, t.accountId);
      assert.equal(own.statusCode, 409);
      assert.equal(own.json().error.message, messages.ownAccountTwoFactor);
      assert.equal((await reset({ reason: 'x' }, 2_000_000_000)).statusCode, 404);
      const done = await reset({ reason: '  Handy verloren ' });
      assert.equal(done.statusCode, 200, done.body);
      assert.equal((done.json() as Account).two_factor, false);
      assert.equal((await call('GET', '/api/me', token)).statusCode, 401, 'its sessions ended');
      assert.ok((await login('verloren@example.com', OWN)).json().token, 'a password signs in again');
      const [event] = await events('account.two_factor_reset', id);
      assert.equal(event.account_id, t.accountId);
      assert.deepEqual(event.details, { email: 'verloren@example.com', reason: 'Handy verloren' });
      const lesen = await colleague('nur-lesen@example.com', ['lesen']);
      assert.equal(
        (await call('POST', `/api/accounts/${id}/two-factor/reset`, lesen.token, { reason: 'x' })).statusCode,
        403,
      );
    });

    test('the current password on /me/password is throttled (counted before hashing) and audited', async () => {
      const { id, token } = await colleague('raten@example.com');
      const change = (current_password: string) =>
        call('POST', '/api/me/password', token, { current_password, new_password: 'ganz-neues-Passwort-3' });
      const guesses = await Promise.all(Array.from({ length: 20 }, (_, i) => change(`geraten-${i}-xyz`)));
      const statuses = guesses.map((response) => response.statusCode);
      assert.ok(statuses.filter((status) => status === 400).length <= 5, statuses.join());
      assert.ok(statuses.filter((status) => status === 429).length >= 15, statuses.join());
      const locked = await change(OWN);
      assert.equal(locked.statusCode, 429, 'not even the right one while locked');
      assert.equal(locked.json().error.message, messages.currentPasswordLocked(15));
      assert.equal(locked.headers['retry-after'], '900');
      assert.ok((await events('account.password_check_failed', id)).length <= 5);
      const setup = await call('POST', '/api/me/two-factor/setup', token, { current_password: OWN });
      assert.equal(setup.statusCode, 429, 'the same lock guards two-factor enrolment');
      await t.repositories.throttle.clear(`current-password:${id}`);
      assert.equal((await change(OWN)).statusCode, 204);
    });

    test('the own account through the admin routes is 409, as the README says; another’s works', async () => {
      const { id } = await colleague('kollege@example.com');
      const ownPassword = await call('POST', `/api/accounts/${t.accountId}/password`, t.token, {
        password: 'anderes-Passwort-5',
      });
      assert.equal(ownPassword.statusCode, 409);
      assert.equal(ownPassword.json().error.message, messages.ownAccountPassword);
      assert.equal(await t.login(STAFF.email, STAFF.password).then(Boolean), true, 'password unchanged');
      const ownRoles = await call('PUT', `/api/accounts/${t.accountId}/roles`, t.token, {
        roles: ['admin', 'lesen'],
      });
      assert.equal(ownRoles.statusCode, 409);
      assert.equal(ownRoles.json().error.message, messages.ownAccountRoles);
      assert.equal(
        (await call('POST', `/api/accounts/${id}/password`, t.token, { password: 'anderes-Passwort-5' }))
          .statusCode,
        200,
      );
      assert.equal(
        (await call('PUT', `/api/accounts/${id}/roles`, t.token, { roles: ['lesen'] })).statusCode,
        200,
      );
    });

    test('two-factor sign-in required of one account: only it must set it up, and may not turn it off', async () => {
      const { id, token } = await colleague('pflicht-einzeln@example.com', ['lesen']);
      const other = await colleague('frei@example.com', ['lesen']);
      const require = (payload: object, who = id) =>
        call('PUT', `/api/accounts/${who}/two-factor/required`, t.token, payload);
      for (const bad of [{}, { required: 'ja' }, { required: 1 }, { required: null }])
        assert.equal((await require(bad)).statusCode, 400);
      assert.equal((await require({ required: true }, 2_000_000_000)).statusCode, 404);
      const required = await require({ required: true });
      assert.equal((required.json() as Account).two_factor_required, true);
      const refused = await call('GET', '/api/brands', token);
      assert.equal(refused.statusCode, 403);
      assert.equal(refused.json().error.code, 'TWO_FACTOR_REQUIRED');
      assert.equal((await call('GET', '/api/me', token)).json().two_factor_required, true);
      assert.equal((await call('GET', '/api/brands', other.token)).statusCode, 200, 'the others are free');
      assert.equal((await call('GET', '/api/me', other.token)).json().two_factor_required, false);
      await enrol(token);
      assert.equal((await call('GET', '/api/brands', token)).statusCode, 200);
      const off = await call('POST', '/api/me/two-factor/disable', token, { password: OWN });
      assert.equal(off.statusCode, 409);
      assert.equal(off.json().error.message, messages.twoFactorRequiredForAccount);
      await require({ required: true });
      await require({ required: false });
      const changes = await events('account.two_factor_requirement_changed', id);
      assert.deepEqual(
        changes.map((event) => event.details.required),
        [false, true],
        'recorded when it changed, not when it stayed',
      );
      const list = (await call('GET', '/api/accounts')).json().data as Account[];
      assert.equal(list.find((account) => account.id === id)!.two_factor_required, false);
    });

    test('a locked account shows its lock and its end; an administrator lifts it, audited', async () => {
      const { id } = await colleague('gesperrt@example.com', ['lesen']);
      for (let i = 0; i < 5; i++) await login('gesperrt@example.com', 'falsch-falsch');
      assert.equal((await login('gesperrt@example.com', OWN)).statusCode, 429);
      const row = ((await call('GET', '/api/accounts')).json().data as Account[]).find((a) => a.id === id)!;
      assert.ok(row.locked_until, 'the list shows the lock');
      const minutes = (Date.parse(row.locked_until) - Date.now()) / 60_000;
      assert.ok(minutes > 14 && minutes <= 15, String(minutes));
      const lesen = await colleague('kein-admin@example.com', ['lesen']);
      assert.equal((await call('POST', `/api/accounts/${id}/unlock`, lesen.token)).statusCode, 403);
      const unlocked = await call('POST', `/api/accounts/${id}/unlock`);
      assert.equal(unlocked.statusCode, 200, unlocked.body);
      assert.equal((unlocked.json() as Account).locked_until, null);
      assert.equal((await login('gesperrt@example.com', OWN)).statusCode, 200);
      await call('POST', `/api/accounts/${id}/unlock`);
      const lifted = await events('account.unlocked', id);
      assert.equal(lifted.length, 1, 'lifting no lock records nothing');
      assert.equal(lifted[0].account_id, t.accountId);
      assert.equal((await call('POST', '/api/accounts/2000000000/unlock')).statusCode, 404);
      assert.equal((await call('POST', '/api/accounts/x/unlock')).statusCode, 400);
    });
  });
}
