import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { test } from 'node:test';
import { promisify } from 'node:util';
import { apiPaths, type PrintData } from 'contracts';
import { buildApp, type App } from '../app';
import { loadConfig, type Config } from '../config';
import { createRepositories, type Repositories } from '../dependencies';
import { poppler, sha256Hex } from '../modules/certificate-pdf/seal-test-tools';
import {
  STAFF,
  TEST_COST,
  apiUrl,
  assertSerialInvariants,
  auth,
  createOwnPostgresDatabase,
  postCertificate,
  seedMachine,
  testJobRunner,
  type OwnPostgresDatabase,
} from '../test/harness';
import { API_DIR } from '../test/server-process';
import { migrate, openDatabase, type Db } from './database';

/**
 * The restore drill of the README's "Backup and restore": a backup taken while certificates are written and
 * sealed, restored into a fresh database and the API started on it; every sealed PDF it holds is served with the
 * SHA-256 the archive stored for it and a valid seal, and the serial numbers are whole.
 */

const run = promisify(execFile);
// The development seal's key is encrypted under it in the database: kept apart from the backup, given again.
const SEAL_ENV = { SEAL_DEVELOPMENT_PASSPHRASE: crypto.randomBytes(24).toString('base64url') };

interface Running {
  app: App;
  db: Db;
  repositories: Repositories;
  token: string;
  /** Runs the queued jobs as the worker process would (api/src/workers/worker.ts). */
  runJobs(): Promise<void>;
}

/** The API on `location` as main.ts starts it (migrated first), for the time of `use`. */
async function withApi<T>(location: Config['database'], use: (api: Running) => Promise<T>): Promise<T> {
  const database = openDatabase(location);
  const config = { ...loadConfig(SEAL_ENV), database: location };
  const app = await buildApp({ config, database, passwordCost: TEST_COST });
  const repositories = createRepositories(database);
  try {
    await migrate(database.db);
    if (!(await repositories.users.findByEmail(STAFF.email))) await repositories.users.add(STAFF, TEST_COST);
    const login = await app.inject({
      method: 'POST',
      url: apiUrl(apiPaths.login()),
      payload: { username: STAFF.email, password: STAFF.password },
    });
    const runJobs = () => testJobRunner(repositories, config).untilIdle();
    return await use({ app, db: database.db, repositories, token: login.json().token, runJobs });
  } finally {
    await app.close();
    await database.close();
  }
}

/** Issues a certificate of one unit through the API; its id. */
async function issue({ app, token }: Running, brandId: number, machineId: number) {
  const created = await postCertificate(app, token, brandId, machineId);
  assert.equal(created.statusCode, 200, created.body);
  return (created.json() as PrintData[])[0].id;
}

interface Drill {
  source: Config['database'];
  /** Takes the backup while certificates are written; resolves once it is complete. */
  backup(): Promise<void>;
  /** Restores the backup into a fresh database, the one returned. */
  restore(): Promise<Config['database']>;
}

async function drill({ source, backup, restore }: Drill) {
  const answered = new Set<number>();
  let answeredBeforeBackup = 0;
  await withApi(source, async (api) => {
    const { brand, machine } = await seedMachine(api.repositories, { prefix: 'DRILL' });
    // Certificates issued one after another, each sealed by the worker before the next.
    let writing = true;
    let failure: unknown;
    const writer = (async () => {
      while (writing) {
        answered.add(await issue(api, brand.id, machine.id));
        await api.runJobs();
      }
    })().catch((error: unknown) => {
      failure = error;
    });
    /** Waits until the writer has answered more than `count`; its failure ends the test at once. */
    const writtenMoreThan = async (count: number) => {
      while (answered.size <= count) {
        if (failure) throw failure;
        await new Promise((resolve) => setImmediate(resolve));
      }
    };
    try {
      // The second certificate is written once the first is sealed: the backup holds a sealed PDF.
      await writtenMoreThan(1);
      answeredBeforeBackup = answered.size;
      await backup();
      // Writing went on after the backup: what the restore loses is what a real one would lose.
      await writtenMoreThan(answered.size);
    } finally {
      writing = false;
      await writer;
    }
    if (failure) throw failure;
  });

  const restored = await restore();
  await withApi(restored, async (api) => {
    const { app, db, token } = api;
    const inBackup = (await db.selectFrom('certificates').select('id').execute()).map((row) => row.id);
    for (const id of inBackup)
      assert.ok(answered.has(id), `certificate ${id} in the backup was never answered`);
    assert.ok(inBackup.length >= answeredBeforeBackup, 'certificates answered before the backup are missing');
    assert.ok(inBackup.length < answered.size, 'the backup holds what was written after it');
    const sealedInBackup = await db.selectFrom('certificate_documents').select('sha256').execute();
    assert.ok(sealedInBackup.length > 0, 'the backup holds no sealed PDF');

    // Working again: a new certificate gets the next serial and is sealed (the kept passphrase opens the key);
    // what was waiting to be sealed when the backup was taken, the worker seals now.
    const { brand, machine } = await seedMachine(api.repositories, { prefix: 'DRILL' });
    await issue(api, brand.id, machine.id);
    await api.runJobs();
    const { certificates } = await assertSerialInvariants(db);
    const ids = certificates.map((certificate) => certificate.id);

    const documents = await db
      .selectFrom('certificate_documents')
      .select(['certificate_id', 'seq', 'sha256', 'serial'])
      .orderBy('id')
      .execute();
    // A job the worker held when the backup was taken is taken again once its lease ran out (a minute).
    const held = await db.selectFrom('jobs').select('subject').where('state', '=', 'running').execute();
    for (const id of ids)
      assert.ok(
        documents.some((document) => document.certificate_id === id && document.serial === '') ||
          held.some((job) => job.subject === `certificate:${id}`),
        `certificate ${id} has neither a sealed PDF nor a job to make it`,
      );
    for (const document of documents) {
      const response = await app.inject({
        url: apiUrl(apiPaths.certificateDocumentBySeq(document.certificate_id, document.seq)),
        headers: auth(token),
      });
      assert.equal(response.statusCode, 200, response.body);
      assert.equal(sha256Hex(response.rawPayload), document.sha256);
      assert.match(poppler('pdfsig', response.rawPayload), /Signature Validation: Signature is Valid\./);
    }
    console.log(
      `restore drill on ${source.kind}: ${answered.size} certificates written, ${answeredBeforeBackup} before ` +
        `the backup began, ${inBackup.length} restored with ${sealedInBackup.length} sealed PDFs, ` +
        `${documents.length} sealed PDFs checked`,
    );
  });
}

test('restore drill on SQLite: npm run backup while certificates are written, restored, started', async () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'pb-drill-'));
  const backupFile = path.join(dir, 'sicherung.db');
  const source = { kind: 'sqlite', file: path.join(dir, 'live', 'pruefbericht.db') } as const;
  try {
    await drill({
      source,
      backup: async () => {
        // api/package.json's "backup" as npm runs it: in api/, the name relative to where it was typed.
        const { stdout } = await run(process.execPath, ['dist/backup.js', 'sicherung.db'], {
          cwd: API_DIR,
          env: { ...process.env, ...SEAL_ENV, INIT_CWD: dir, DATABASE_URL: `sqlite:${source.file}` },
        });
        assert.match(
          stdout,
          /^Gesichert: .*sicherung\.db \(\d+\.\d MB; \d+ Prüfberichte, \d+ gesiegelte PDFs/,
        );
        assert.match(stdout, /ebenso aufzubewahren: SEAL_DEVELOPMENT_PASSPHRASE/);
      },
      restore: async () => {
        // The backup alone is the database: no write-ahead log beside it, and only its owner may read it.
        assert.deepEqual(fs.readdirSync(dir).sort(), ['live', 'sicherung.db']);
        assert.equal(fs.statSync(backupFile).mode & 0o777, 0o600);
        const file = path.join(dir, 'restored', 'pruefbericht.db');
        fs.mkdirSync(path.dirname(file));
        fs.copyFileSync(backupFile, file);
        return { kind: 'sqlite', file };
      },
    });
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
});

test(
  'restore drill on PostgreSQL: pg_dump while certificates are written, pg_restore into a new database, started',
  { skip: process.env.TEST_DATABASE_URL ? undefined : 'needs TEST_DATABASE_URL' },
  async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'pb-drill-'));
    const dump = path.join(dir, 'pruefbericht.dump');
    // Databases of the test's own: pg_dump and pg_restore take a whole database, as an operator's would.
    const source = await createOwnPostgresDatabase('drill');
    let restored: OwnPostgresDatabase | undefined;
    try {
      await drill({
        source: { kind: 'postgres', url: source.url },
        backup: async () => {
          await run('pg_dump', ['--format=custom', `--file=${dump}`, source.url]);
        },
        restore: async () => {
          restored = await createOwnPostgresDatabase('restored');
          await run('pg_restore', ['--no-owner', '--exit-on-error', `--dbname=${restored.url}`, dump]);
          return { kind: 'postgres', url: restored.url };
        },
      });
    } finally {
      await source.drop();
      await restored?.drop();
      fs.rmSync(dir, { recursive: true, force: true });
    }
  },
);
