import assert from 'node:assert/strict';
import crypto from 'node:crypto';
import { after, before, describe, test } from 'node:test';
import { apiPaths, type PrintData } from 'contracts';
import { sql } from 'kysely';
import pg from 'pg';
import { buildApp, type App } from '../app';
import { loadConfig, type Config } from '../config';
import { createRepositories } from '../dependencies';
import {
  STAFF,
  TEST_COST,
  apiUrl,
  auth,
  certificateBody,
  createTestDatabase,
  seedMachine,
  testJobRunner,
  type TestDatabase,
} from '../test/harness';
import { migrate, openDatabase, type DatabaseHandle } from './database';

/** The README's grants for the API's own account: data, never the schema (README.md#postgresql-and-several-api-instances). */
const grants = (schema: string, role: string) => [
  `grant usage on schema ${schema} to ${role}`,
  `grant select, insert, update, delete on all tables in schema ${schema} to ${role}`,
  `grant usage, select on all sequences in schema ${schema} to ${role}`,
];

describe(
  'on postgres, the API runs as an account that does not own the tables',
  { skip: !process.env.TEST_DATABASE_URL },
  () => {
    const role = `app_${crypto.randomBytes(5).toString('hex')}`;
    let owner: TestDatabase;
    let database: DatabaseHandle;
    let app: App;
    let config: Config;
    const admin = () => new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });

    before(async () => {
      owner = await createTestDatabase('postgres');
      const client = admin();
      await client.connect();
      await client.query(`create role ${role} login`);
      for (const grant of grants(owner.schema!, role)) await client.query(grant);
      await client.end();
      const url = new URL(process.env.TEST_DATABASE_URL!);
      url.username = role;
      url.password = '';
      const location = { kind: 'postgres', url: url.toString() } as const;
      database = openDatabase(location, { schema: owner.schema });
      config = { ...loadConfig({}), database: location };
      app = await buildApp({ config, database, passwordCost: TEST_COST });
      await createRepositories(owner.database).users.add(STAFF, TEST_COST);
    });
    after(async () => {
      await app.close();
      await database.close();
      await owner.drop();
      const client = admin();
      await client.connect();
      await client.query(`drop owned by ${role}`);
      await client.query(`drop role ${role}`);
      await client.end();
    });

    test('it starts on a migrated schema, issues, seals and serves a certificate', async () => {
      // What `npm start` does first: nothing is left to migrate, so nothing needs the owner.
      assert.deepEqual(await migrate(database.db, { schema: owner.schema }), []);
      const {
        brand: { id: brandId },
        machine: { id: machineId },
      } = await seedMachine(createRepositories(database), { prefix: 'AR' });
      const login = await app.inject({
        method: 'POST',
        url: apiUrl(apiPaths.login()),
        payload: { username: STAFF.email, password: STAFF.password },
      });
      assert.equal(login.statusCode, 200, login.body);
      const token = login.json().token as string;
      const issued = await app.inject({
        method: 'POST',
        url: apiUrl(apiPaths.certificateCreate()),
        headers: auth(token),
        payload: certificateBody(brandId, machineId, 2),
      });
      assert.equal(issued.statusCode, 200, issued.body);
      const [certificate] = issued.json() as PrintData[];
      // The worker seals it, as the same account (api/src/workers/worker.ts).
      await testJobRunner(createRepositories(database), config).untilIdle();
      const document = await app.inject({
        url: apiUrl(apiPaths.certificateDocument(certificate.id)),
        headers: auth(token),
      });
      assert.equal(document.statusCode, 200, document.body);
      assert.equal(document.rawPayload.subarray(0, 5).toString(), '%PDF-');
    });

    test('it can neither drop the triggers that keep the archive nor change the archive’s bytes', async () => {
      const db = database.db;
      await assert.rejects(
        sql`drop trigger document_chunks_append_only on document_chunks`.execute(db),
        /owner/,
      );
      await assert.rejects(
        sql`alter table document_chunks disable trigger document_chunks_append_only`.execute(db),
        /owner/,
      );
      await assert.rejects(sql`drop trigger audit_events_append_only on audit_events`.execute(db), /owner/);
      await assert.rejects(
        sql`update document_chunks set bytes = ${Buffer.from('x')}`.execute(db),
        /append-only/,
      );
      await assert.rejects(sql`delete from certificate_documents`.execute(db), /append-only/);
    });
  },
);
