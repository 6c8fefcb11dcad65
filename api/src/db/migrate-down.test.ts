import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, test } from 'node:test';
import { promisify } from 'node:util';
import { sql } from 'kysely';
import { createOwnPostgresDatabase, createTestDatabase, kinds, type Kind } from '../test/harness';
import { API_DIR } from '../test/server-process';
import { migrate, migrateDown, openDatabase, type Db } from './database';

/** Every table, column, index and trigger of the test's schema, as text to compare. */
async function schemaOf(db: Db, kind: Kind, schema?: string): Promise<string[]> {
  if (kind === 'sqlite') {
    const { rows } = await sql<{ entry: string }>`
      select type || ' ' || name || ': ' || coalesce(sql, '') as entry from sqlite_master
      where name not like 'sqlite_%' order by type, name`.execute(db);
    return rows.map((row) => row.entry);
  }
  const { rows } = await sql<{ entry: string }>`
    select 'column ' || table_name || '.' || column_name || ' ' || data_type || ' ' || is_nullable || ' ' ||
      coalesce(column_default, '') as entry
      from information_schema.columns where table_schema = ${schema}
    union all select 'index ' || indexdef from pg_indexes where schemaname = ${schema}
    union all select 'trigger ' || trigger_name || ' ' || event_object_table || ' ' || event_manipulation
      from information_schema.triggers where trigger_schema = ${schema}
    order by 1`.execute(db);
  return rows.map((row) => row.entry);
}

/** The migrator's own tables, which stay when every migration is undone. */
const MIGRATION_TABLES = /kysely_migration/;

for (const kind of kinds) {
  describe(`undoing migrations on ${kind}`, () => {
    test('every migration has a down() that undoes it: all the way down, then up again to the same schema', async () => {
      const testDb = await createTestDatabase(kind);
      try {
        const { db } = testDb.database;
        const options = { schema: testDb.schema };
        const latest = await schemaOf(db, kind, testDb.schema);
        const applied = (
          await sql<{ name: string }>`select name from kysely_migration order by name`.execute(db)
        ).rows.map((row) => row.name);
        assert.ok(applied.length > 20, 'the test database is migrated');

        for (let i = applied.length - 1; i >= 0; i--) {
          assert.deepEqual(await migrateDown(db, options), {
            undone: applied[i],
            current: applied[i - 1] ?? null,
          });
        }
        assert.deepEqual(await migrateDown(db, options), { undone: null, current: null });
        assert.deepEqual(
          (await schemaOf(db, kind, testDb.schema)).filter((entry) => !MIGRATION_TABLES.test(entry)),
          [],
          'a down() left something behind',
        );

        assert.deepEqual(await migrate(db, options), applied);
        assert.deepEqual(await schemaOf(db, kind, testDb.schema), latest);
      } finally {
        await testDb.drop();
      }
    });
  });
}

const run = promisify(execFile);

/** `npm run db:migrate -- <args>` as the root script runs it (api/package.json: node dist/migrate.js). */
async function migrateCli(databaseUrl: string, ...args: string[]) {
  return run(process.execPath, ['dist/migrate.js', ...args], {
    cwd: API_DIR,
    env: { ...process.env, DATABASE_URL: databaseUrl },
  }).then(
    ({ stdout, stderr }) => ({ code: 0, stdout, stderr }),
    (error: { code: number; stdout: string; stderr: string }) => error,
  );
}

/** The command on a database of its own: `--down`, again up, refused on a newer schema, a wrong option. */
async function cliRoundTrip(databaseUrl: string) {
  const up = await migrateCli(databaseUrl);
  assert.equal(up.code, 0, up.stderr);
  const names = /Migrationen ausgeführt: (.*)/.exec(up.stdout)![1].split(', ');
  const [before, last] = names.slice(-2);

  const down = await migrateCli(databaseUrl, '--down');
  assert.equal(down.code, 0, down.stderr);
  assert.equal(
    down.stdout.trim(),
    `Migration zurückgenommen: ${last}. Die Datenbank steht jetzt auf ${before}.`,
  );
  const again = await migrateCli(databaseUrl);
  assert.equal(again.stdout.trim(), `Migrationen ausgeführt: ${last}`);

  const wrong = await migrateCli(databaseUrl, '--rueckwaerts');
  assert.equal(wrong.code, 2);
  assert.match(wrong.stderr, /^Unbekannte Angabe: --rueckwaerts\.\n\nBenutzung:/);

  // What a newer version leaves: this one cannot undo a migration it does not know.
  const database = openDatabase(
    databaseUrl.startsWith('sqlite:')
      ? { kind: 'sqlite', file: databaseUrl.slice('sqlite:'.length) }
      : { kind: 'postgres', url: databaseUrl },
  );
  try {
    await sql`insert into kysely_migration (name, timestamp)
      values ('2099-01-01T00-00-future', ${new Date().toISOString()})`.execute(database.db);
  } finally {
    await database.close();
  }
  const newer = await migrateCli(databaseUrl, '--down');
  assert.equal(newer.code, 1);
  assert.match(
    newer.stderr.trim(),
    /^Migration fehlgeschlagen: Die Datenbank ist neuer als dieses Programm: sie hat die Migration 2099-01-01T00-00-future/,
  );
  assert.doesNotMatch(newer.stderr, /\n\s+at /, 'a stack trace');
}

test('npm run db:migrate -- --down on SQLite: the last migration undone, said in German', async () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'pb-down-'));
  try {
    await cliRoundTrip(`sqlite:${path.join(dir, 'db.sqlite')}`);
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
});

test(
  'npm run db:migrate -- --down on PostgreSQL: the last migration undone, said in German',
  { skip: process.env.TEST_DATABASE_URL ? undefined : 'needs TEST_DATABASE_URL' },
  async () => {
    const own = await createOwnPostgresDatabase('down');
    try {
      await cliRoundTrip(own.url);
    } finally {
      await own.drop();
    }
  },
);
