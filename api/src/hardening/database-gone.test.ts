import assert from 'node:assert/strict';
import fs from 'node:fs';
import { describe, test } from 'node:test';
import { apiPaths } from 'contracts';
import { buildApp, type App } from '../app';
import { loadConfig } from '../config';
import { migrate, openDatabase } from '../db/database';
import { createRepositories, createServices } from '../dependencies';
import { messages } from '../messages';
import {
  STAFF,
  TEST_COST,
  adminQuery,
  apiUrl,
  auth,
  createOwnPostgresDatabase,
  createTestApp,
  postCertificate,
  seedMachine,
} from '../test/harness';

/**
 * A database that went away while the API runs: every call that needs it answers 503 DATABASE_UNAVAILABLE with
 * the German message, each time it is asked (api/src/plugins/error-handler.ts), readiness says not ready, and
 * once the database is back the same calls answer again without a restart.
 */
async function callsWhileGone(app: App, token: string, brandId: number, machineId: number) {
  for (const attempt of [1, 2, 3]) {
    const calls = [
      app.inject({ url: apiUrl(apiPaths.brands()), headers: auth(token) }),
      postCertificate(app, token, brandId, machineId),
      app.inject({
        method: 'POST',
        url: apiUrl(apiPaths.login()),
        payload: { username: STAFF.email, password: STAFF.password },
      }),
    ];
    for (const response of await Promise.all(calls)) {
      assert.equal(response.statusCode, 503, `attempt ${attempt}: ${response.body}`);
      assert.deepEqual(response.json(), {
        error: { code: 'DATABASE_UNAVAILABLE', message: messages.databaseUnavailable },
      });
      assert.equal(response.headers['retry-after'], '5');
    }
    const ready = await app.inject({ url: apiUrl('/readyz') });
    assert.equal(ready.statusCode, 503);
    assert.deepEqual(ready.json(), { status: 'not ready' });
  }
}

async function callsAnswered(app: App, token: string, brandId: number, machineId: number) {
  const listed = await app.inject({ url: apiUrl(apiPaths.brands()), headers: auth(token) });
  assert.equal(listed.statusCode, 200, listed.body);
  const created = await postCertificate(app, token, brandId, machineId);
  assert.equal(created.statusCode, 200, created.body);
}

describe('the SQLite file moved or replaced under a running API', () => {
  test('503 every time while the file at DATABASE_URL is not the one opened; answered again once it is back', async () => {
    const t = await createTestApp('sqlite');
    try {
      const { file } = t.config.database as { file: string };
      const { brand, machine } = await seedMachine(t.repositories);
      // Made now, so that readiness below waits for nothing but the database.
      await t.services.certificateDocuments.seal.current();
      await callsAnswered(t.app, t.token, brand.id, machine.id);

      // Moved away: the open connection could go on writing into a file nobody will find again.
      fs.renameSync(file, `${file}.elsewhere`);
      await callsWhileGone(t.app, t.token, brand.id, machine.id);
      fs.renameSync(`${file}.elsewhere`, file);
      await callsAnswered(t.app, t.token, brand.id, machine.id);

      // Replaced, as a restore by `mv` while the server runs would: the new file is not the one opened.
      fs.linkSync(file, `${file}.kept`);
      fs.writeFileSync(`${file}.other`, '');
      fs.renameSync(`${file}.other`, file);
      await callsWhileGone(t.app, t.token, brand.id, machine.id);
      fs.renameSync(`${file}.kept`, file);
      await callsAnswered(t.app, t.token, brand.id, machine.id);
    } finally {
      await t.close();
    }
  });
});

describe('PostgreSQL refusing connections to the database under a running API', () => {
  test(
    '503 every time while the connections are cut and new ones refused; answered again once allowed',
    { skip: process.env.TEST_DATABASE_URL ? undefined : 'needs TEST_DATABASE_URL' },
    async () => {
      // Refusing connections to a database of the test's own disturbs no other test on the server.
      const own = await createOwnPostgresDatabase('gone');
      const location = { kind: 'postgres', url: own.url } as const;
      const database = openDatabase(location);
      let app: App | undefined;
      try {
        await migrate(database.db);
        const repositories = createRepositories(database);
        await repositories.users.add(STAFF, TEST_COST);
        const { brand, machine } = await seedMachine(repositories);
        const config = { ...loadConfig({}), database: location };
        app = await buildApp({ config, database, passwordCost: TEST_COST });
        // Made now, so that readiness below waits for nothing but the database.
        await createServices(repositories, config, TEST_COST).certificateDocuments.seal.current();
        const login = await app.inject({
          method: 'POST',
          url: apiUrl(apiPaths.login()),
          payload: { username: STAFF.email, password: STAFF.password },
        });
        const token = login.json().token as string;
        await callsAnswered(app, token, brand.id, machine.id);

        // What a database taken out of service does to its clients: open connections ended, new ones refused.
        await adminQuery(`alter database ${own.name} allow_connections false`);
        await adminQuery(
          `select pg_terminate_backend(pid) from pg_stat_activity where datname = '${own.name}' and pid <> pg_backend_pid()`,
        );
        await callsWhileGone(app, token, brand.id, machine.id);

        await adminQuery(`alter database ${own.name} allow_connections true`);
        await callsAnswered(app, token, brand.id, machine.id);
      } finally {
        await app?.close();
        await database.close();
        await own.drop();
      }
    },
  );
});
