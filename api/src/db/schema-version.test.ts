import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { apiPaths } from 'contracts';
import { sql } from 'kysely';
import { jobRunner } from '../platform/job-runner';
import {
  apiUrl,
  auth,
  certificateBody,
  createTestApp,
  createTestDatabase,
  kinds,
  seedMachine,
} from '../test/harness';
import { startServer } from '../test/server-process';
import { migrate, newerMigration, SchemaTooNewError, type Db } from './database';

/** What a newer version leaves behind: a migration this program does not know. */
const FUTURE = '2099-01-01T00-00-from-a-newer-version';
const migratedByNewer = (db: Db) =>
  sql`insert into kysely_migration (name, timestamp) values (${FUTURE}, ${new Date().toISOString()})`.execute(
    db,
  );

for (const kind of kinds) {
  describe(`a database migrated by a newer version, on ${kind}`, () => {
    test('is refused with a German message naming both versions, and left unchanged', async () => {
      const testDb = await createTestDatabase(kind);
      try {
        const { db } = testDb.database;
        await migratedByNewer(db);
        await assert.rejects(migrate(db, { schema: testDb.schema }), (error: Error) => {
          assert.ok(error instanceof SchemaTooNewError);
          assert.match(error.message, /^Die Datenbank ist neuer als dieses Programm/);
          assert.match(error.message, new RegExp(`${FUTURE}.*kennt nur bis 2026-`));
          return true;
        });
        const { rows } = await sql<{
          name: string;
        }>`select name from kysely_migration where name = ${FUTURE}`.execute(db);
        assert.equal(rows.length, 1);
      } finally {
        await testDb.drop();
      }
    });

    test('a running process of the old version refuses writes with a German 503, answers reads, claims no job', async () => {
      const t = await createTestApp(kind);
      try {
        const { brand, machine } = await seedMachine(t.repositories, { prefix: 'OLD' });
        const issue = () =>
          t.app.inject({
            method: 'POST',
            url: apiUrl(apiPaths.certificateCreate()),
            headers: auth(t.token),
            payload: certificateBody(brand.id, machine.id),
          });
        assert.equal((await issue()).statusCode, 200);
        const queued = await t.db.selectFrom('jobs').select('id').where('state', '=', 'queued').execute();
        assert.ok(queued.length > 0, 'issuing queued no job');

        // The new version migrated while this process still runs.
        await migratedByNewer(t.db);
        const refused = await issue();
        assert.equal(refused.statusCode, 503);
        assert.equal(refused.json().error.code, 'SCHEMA_NEWER');
        assert.match(
          refused.json().error.message,
          new RegExp(
            `^Diese Version des Programms ist älter als ihre Datenbank \\(Migration ${FUTURE}, bekannt bis 2026-`,
          ),
        );
        const list = await t.app.inject({ url: apiUrl(apiPaths.certificates()), headers: auth(t.token) });
        assert.equal(list.statusCode, 200);
        assert.equal(list.json().total, 1);
        const certificates = await t.db.selectFrom('certificates').select('id').execute();
        assert.equal(certificates.length, 1);

        // Its worker takes nothing: the new version's workers do the work with the new code.
        const runner = jobRunner({
          jobs: t.repositories.jobs,
          handlers: {},
          log: { info: () => undefined, error: () => undefined },
          outdated: async () => Boolean(await newerMigration(t.db)),
        });
        assert.equal(await runner.once(), false);
        const still = await t.db.selectFrom('jobs').select('id').where('state', '=', 'queued').execute();
        assert.deepEqual(still, queued);
      } finally {
        await t.close();
      }
    });
  });
}

test('the server does not start on such a database: one German line, no stack trace', async () => {
  const testDb = await createTestDatabase('sqlite');
  try {
    await sql`insert into kysely_migration (name, timestamp) values (${FUTURE}, ${new Date().toISOString()})`.execute(
      testDb.database.db,
    );
    const location = testDb.location as { file: string };
    await assert.rejects(startServer({ DATABASE_URL: `sqlite:${location.file}` }), (error: Error) => {
      assert.match(
        error.message,
        /server exited: [\s\S]*Start abgebrochen: Die Datenbank ist neuer als dieses Programm/,
      );
      assert.doesNotMatch(error.message, /\n\s+at /);
      return true;
    });
  } finally {
    await testDb.drop();
  }
});
