import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { allows, ROLES, type Role } from 'contracts';
import type { RouteOptions } from 'fastify';
import { messages } from '../messages';
import { TEST_COST, auth, createTestApp, kinds, type TestApp } from '../test/harness';
import { assertRouteAccess, type Access } from './access';

/**
 * Who may call each route. A route added without a line here fails the test, so its access is decided on
 * purpose (docs/architecture.md#accounts-and-roles).
 */
const EXPECTED: Record<string, Access> = {
  'GET /api/healthz': 'public',
  'GET /api/readyz': 'public',
  'POST /api/login': 'public',
  'POST /api/login/second-factor': 'public',
  'POST /api/logout': 'session',
  'POST /api/oidc/start': 'public',
  'GET /api/oidc/callback': 'public',
  'POST /api/oidc/session': 'public',
  'POST /api/oidc/logout': 'session',
  'GET /api/brandMachineById/{id}': 'public',
  'GET /api/brandMachineByGtin/{gtin}': 'public',
  'GET /api/uploads/{name}': 'public',
  'GET /api/machine/{id}/documents': 'read',
  'POST /api/machine/{id}/documents': 'catalogue',
  'GET /api/documents/{id}/{name}': 'public',
  'GET /api/public/units/{serial}/certificate': 'public',
  'GET /api/public/verify/{hash}': 'public',
  'POST /api/paper-requests': 'public',
  'GET /api/paper-requests': 'catalogue',
  'POST /api/paper-requests/{id}/sent': 'catalogue',
  // Owners register from the unit's page; their data is the quality department's (and administrators').
  'POST /api/public/units/{serial}/registration': 'public',
  'POST /api/public/registrations/confirm': 'public',
  'POST /api/public/unsubscribe': 'public',
  'GET /api/public/unsubscribe': 'public',
  'GET /api/registrations': 'release',
  'DELETE /api/registrations/{id}': 'release',
  // Customers ask for service from the unit's page; the requests hold their contact, so the same roles see them.
  'POST /api/public/units/{serial}/service-requests': 'public',
  'GET /api/service-requests': 'release',
  'GET /api/service-requests/{id}': 'release',
  'GET /api/service-requests/{id}/photos/{photo}': 'release',
  'PUT /api/service-requests/{id}/status': 'release',
  'POST /api/service-requests/{id}/notes': 'release',
  'DELETE /api/service-requests/{id}': 'release',
  'POST /api/upload': 'catalogue',
  'GET /api/brands': 'read',
  'POST /api/brand': 'catalogue',
  'PUT /api/brand/{id}': 'catalogue',
  'GET /api/machines': 'read',
  'GET /api/machine/{id}': 'read',
  'POST /api/machine': 'catalogue',
  'PUT /api/machine/{id}': 'catalogue',
  'GET /api/machinesByBrand/{brandId}': 'read',
  'POST /api/certificate': 'certify',
  'GET /api/certificates': 'read',
  'POST /api/certificates/exports': 'read',
  'GET /api/certificates/exports/{id}': 'read',
  'GET /api/certificates/exports/{id}/file': 'read',
  'DELETE /api/certificates/exports/{id}': 'read',
  'GET /api/certificates/totals': 'read',
  'GET /api/reports/units-by-brand': 'read',
  'GET /api/reports/top-machines': 'read',
  'GET /api/reports/units-by-checker': 'read',
  'GET /api/reports/checkers': 'read',
  'GET /api/certificates/{id}': 'read',
  'POST /api/certificates/{id}/printed': 'read',
  'POST /api/certificates/{id}/revisions': 'revise',
  'GET /api/certificates/{id}/revisions/{revision}': 'read',
  'POST /api/certificates/{id}/void': 'certify',
  'GET /api/certificates/{id}/history': 'read',
  'GET /api/certificates/{id}/document': 'read',
  'GET /api/certificates/{id}/documents': 'read',
  'GET /api/certificates/{id}/documents/{seq}': 'read',
  'GET /api/certificates/{id}/events': 'read',
  'GET /api/units/{serial}': 'read',
  'GET /api/units/{serial}/events': 'read',
  'GET /api/machine/{id}/events': 'read',
  'GET /api/machine/{id}/test-plan': 'read',
  'PUT /api/machine/{id}/test-plan': 'release',
  'POST /api/machine/{id}/test-plan/copy': 'release',
  'GET /api/machine/{id}/test-plan/versions': 'read',
  'GET /api/machine/{id}/test-plan/diff': 'read',
  'GET /api/failure-reasons': 'read',
  'POST /api/failure-reasons': 'release',
  'PUT /api/failure-reasons/{id}': 'release',
  'DELETE /api/failure-reasons/{id}': 'release',
  'GET /api/release-queue': 'release',
  'POST /api/certificates/{id}/release': 'release',
  'POST /api/units/{serial}/attempts': 'certify',
  'POST /api/tester-files': 'certify',
  'POST /api/tester-files/{id}/preview': 'certify',
  // The inspector saves the first mapping, the quality role changes it (api/src/modules/imports/tester-imports.ts).
  'GET /api/import-mappings': 'release',
  'PUT /api/import-mappings': 'read',
  'DELETE /api/import-mappings/{id}': 'release',
  'GET /api/tester-measurement-ids/{vendor}': 'read',
  'PUT /api/tester-measurement-ids/{vendor}': 'release',
  'GET /api/reports/first-pass-yield': 'read',
  'GET /api/reports/step-trend': 'read',
  'GET /api/reports/failure-reasons': 'read',
  'GET /api/instruments': 'read',
  'POST /api/instruments': 'release',
  'PUT /api/instruments/{id}': 'release',
  'POST /api/instruments/{id}/calibrations': 'release',
  'GET /api/instruments/{id}/calibrations': 'read',
  'POST /api/instruments/{id}/calibrations/{calibrationId}/certificate': 'release',
  'GET /api/instruments/{id}/calibrations/{calibrationId}/certificate': 'read',
  'GET /api/instrument-impacts': 'read',
  'GET /api/instrument-impacts/export': 'read',
  'POST /api/instrument-impacts/{id}/close': 'release',
  'GET /api/notices': 'read',
  'POST /api/notices': 'release',
  'GET /api/notices/{id}': 'read',
  'POST /api/notices/{id}/close': 'release',
  'GET /api/notices/{id}/affected': 'read',
  'GET /api/notices/{id}/affected/export': 'read',
  'GET /api/jobs': 'administer',
  'POST /api/jobs/{id}/retry': 'administer',
  'GET /api/audit': 'audit',
  'GET /api/audit/export': 'audit',
  'GET /api/accounts': 'administer',
  'POST /api/accounts': 'administer',
  'PUT /api/accounts/{id}/roles': 'administer',
  'POST /api/accounts/{id}/disable': 'administer',
  'POST /api/accounts/{id}/enable': 'administer',
  'POST /api/accounts/{id}/password': 'administer',
  'POST /api/accounts/{id}/two-factor/reset': 'administer',
  'PUT /api/accounts/{id}/two-factor/required': 'administer',
  'POST /api/accounts/{id}/unlock': 'administer',
  'GET /api/settings': 'administer',
  'PUT /api/settings': 'administer',
  'GET /api/me': 'session',
  'POST /api/me/password': 'session',
  'PUT /api/me/language': 'session',
  'POST /api/me/sign-out-everywhere': 'session',
  'GET /api/me/sign-ins': 'session',
  'POST /api/me/two-factor/setup': 'session',
  'POST /api/me/two-factor/confirm': 'session',
  'POST /api/me/two-factor/disable': 'session',
};

const PASSWORD = 'rollen-Passwort-1';
/** A value for each path parameter: the route is reached, whatever it then answers. */
const concrete = (path: string) => path.replace('{name}', `${'0'.repeat(64)}.png`).replace(/\{[^}]+\}/g, '1');

test('a route without config.access stops the app at start', () => {
  const route = (config: object) =>
    ({ method: 'GET', url: '/api/neu', config, handler: () => null }) as RouteOptions;
  assert.throws(() => assertRouteAccess(route({})), /GET \/api\/neu has no config.access/);
  assert.doesNotThrow(() => assertRouteAccess(route({ access: 'read' })));
  assert.doesNotThrow(() => assertRouteAccess({ ...route({}), method: 'OPTIONS' }));
});

for (const kind of kinds) {
  describe(`roles on ${kind}`, () => {
    let t: TestApp;
    let routes: [method: string, path: string, access: Access][];
    before(async () => {
      t = await createTestApp(kind);
      for (const role of ROLES)
        await t.repositories.users.add(
          { email: `${role}@example.com`, password: PASSWORD, roles: [role] },
          TEST_COST,
        );
      const document = (await t.app.inject({ url: '/api/openapi.json' })).json();
      routes = Object.entries(
        document.paths as Record<string, Record<string, { 'x-access': Access }>>,
      ).flatMap(([path, operations]) =>
        Object.entries(operations).map(
          ([method, operation]) =>
            [method.toUpperCase(), path, operation['x-access']] as [string, string, Access],
        ),
      );
    });
    after(() => t.close());

    test('every route declares the access the table expects, and the table names no route that is gone', () => {
      const actual = Object.fromEntries(
        routes.map(([method, path, access]) => [`${method} ${path}`, access]),
      );
      assert.deepEqual(actual, EXPECTED);
    });

    test('every route × every role: 403 with a German message exactly when the role does not allow it', async () => {
      for (const [method, path, access] of routes) {
        for (const role of ROLES) {
          // A fresh session each time: some calls end the caller's sessions.
          const token = await t.login(`${role}@example.com`, PASSWORD);
          const response = await t.app.inject({
            method: method as 'GET',
            url: concrete(path),
            headers: auth(token),
            ...(method !== 'GET' && { payload: {} }),
          });
          const where = `${method} ${path} as ${role}: ${response.statusCode} ${response.body.slice(0, 120)}`;
          const allowed = access === 'public' || access === 'session' || allows([role] as Role[], access);
          assert.ok(response.statusCode < 500, where);
          if (allowed) {
            assert.notEqual(response.statusCode, 403, where);
            assert.notEqual(response.statusCode, 401, where);
          } else {
            assert.equal(response.statusCode, 403, where);
            assert.equal(response.json().error.code, 'FORBIDDEN', where);
            assert.match(response.json().error.message, /Rolle/, where);
          }
        }
      }
    });

    test('printing after issuing and labels are the inspector’s; a reprint anyone’s', async () => {
      for (const role of ROLES) {
        const token = await t.login(`${role}@example.com`, PASSWORD);
        for (const kind of ['print', 'labels', 'reprint']) {
          const response = await t.app.inject({
            method: 'POST',
            url: '/api/certificates/2000000000/printed',
            headers: auth(token),
            payload: { kind },
          });
          const mayPrint = kind === 'reprint' || allows([role], 'certify');
          // Allowed: the certificate does not exist (404); refused: 403 before that is looked at.
          assert.equal(response.statusCode, mayPrint ? 404 : 403, `${role} ${kind}`);
        }
      }
    });

    test('a role change and a disabled account count from the very next request', async () => {
      const id = await t.repositories.users.add(
        { email: 'wechselt@example.com', password: PASSWORD, roles: ['lesen'] },
        TEST_COST,
      );
      const token = await t.login('wechselt@example.com', PASSWORD);
      const brand = () =>
        t.app.inject({
          method: 'POST',
          url: '/api/brand',
          headers: auth(token),
          payload: { name: `Rollenmarke ${kind}` },
        });
      assert.equal((await brand()).statusCode, 403);
      assert.ok(await t.repositories.users.setRoles(id, ['stammdaten']));
      assert.equal((await brand()).statusCode, 201);
      assert.ok(await t.repositories.users.disable(id));
      const refused = await t.app.inject({ url: '/api/brands', headers: auth(token) });
      assert.equal(refused.statusCode, 401);
      assert.equal(refused.json().error.message, messages.unauthorized);
    });

    test('an account that must change its password may only do that, sign out and read itself', async () => {
      await t.repositories.users.add(
        { email: 'erstmals@example.com', password: PASSWORD, roles: ['admin'], mustChangePassword: true },
        TEST_COST,
      );
      for (const [method, path, access] of routes) {
        if (access === 'public') continue;
        const token = await t.login('erstmals@example.com', PASSWORD);
        const response = await t.app.inject({
          method: method as 'GET',
          url: concrete(path),
          headers: auth(token),
          ...(method !== 'GET' && { payload: {} }),
        });
        const where = `${method} ${path}: ${response.statusCode}`;
        if (access === 'session') assert.notEqual(response.statusCode, 403, where);
        else {
          assert.equal(response.statusCode, 403, where);
          assert.equal(response.json().error.message, messages.passwordChangeRequired, where);
        }
      }
    });
  });
}
