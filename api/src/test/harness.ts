import assert from 'node:assert/strict';
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import {
  CERTIFICATE_DEFAULTS,
  apiPaths,
  type CertificateCreateBody,
  type PrintData,
  type UnitRelease,
} from 'contracts';
import pg from 'pg';
import { buildApp, type App } from '../app';
import { loadConfig, type Config } from '../config';
import { migrate, openDatabase, type DatabaseHandle, type Db } from '../db/database';
import { createRepositories, createServices, type Repositories, type Services } from '../dependencies';
import { unitSerial } from '../modules/certificates/serial';
import { jobRunner } from '../platform/job-runner';
import { jobHandlers } from '../work';
import type { ScryptCost } from '../modules/users/password';

export type Kind = 'sqlite' | 'postgres';

/** The address of an API path built by contracts' apiPaths (`apiUrl(apiPaths.certificate(7))`). */
export const apiUrl = (path: string) => `/api${path}`;

/** Every API test runs on SQLite and, when TEST_DATABASE_URL is set, on PostgreSQL too. */
export const kinds: Kind[] = process.env.TEST_DATABASE_URL ? ['sqlite', 'postgres'] : ['sqlite'];

/** Cheap scrypt for test accounts; the stored hash says its cost, so login verifies it the same way. */
export const TEST_COST: ScryptCost = { N: 2 ** 10, r: 8, p: 1 };
export const STAFF = { email: 'staff@example.com', password: 'richtiges-Passwort-1' };

export interface TestDatabase {
  database: DatabaseHandle;
  /** What a second API instance needs to open the same database. */
  location: Config['database'];
  schema?: string;
  drop(): Promise<void>;
}

/** An empty database migrated to the latest schema, or only up to migration `migrateTo`. */
export async function createTestDatabase(kind: Kind, migrateTo?: string): Promise<TestDatabase> {
  if (kind === 'sqlite') {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'pb-test-'));
    const location = { kind: 'sqlite', file: path.join(dir, 'test.db') } as const;
    const database = openDatabase(location);
    await migrate(database.db, { to: migrateTo });
    return {
      database,
      location,
      drop: async () => {
        await database.close();
        fs.rmSync(dir, { recursive: true, force: true });
      },
    };
  }
  const url = process.env.TEST_DATABASE_URL!;
  const schema = `t_${crypto.randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  await admin.query(`create schema ${schema}`);
  await admin.end();
  const location = { kind: 'postgres', url } as const;
  const database = openDatabase(location, { schema });
  await migrate(database.db, { schema, to: migrateTo });
  return {
    database,
    location,
    schema,
    drop: async () => {
      await database.close();
      const client = new pg.Client({ connectionString: url });
      await client.connect();
      await client.query(`drop schema ${schema} cascade`);
      await client.end();
    },
  };
}

/** One statement as the administrator of TEST_DATABASE_URL's server (databases of a test's own). */
export async function adminQuery(statement: string) {
  const client = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}

export interface OwnPostgresDatabase {
  name: string;
  /** Its DATABASE_URL. */
  url: string;
  drop(): Promise<void>;
}

/**
 * A database of the test's own on TEST_DATABASE_URL's server, for what acts on a whole database (pg_dump and
 * pg_restore, refusing its connections, a command-line tool without a schema), disturbing no other test.
 */
export async function createOwnPostgresDatabase(label: string): Promise<OwnPostgresDatabase> {
  const name = `pb_${label}_${process.pid}`;
  await adminQuery(`create database ${name}`);
  const url = new URL(process.env.TEST_DATABASE_URL!);
  url.pathname = `/${name}`;
  return { name, url: url.href, drop: () => adminQuery(`drop database if exists ${name} with (force)`) };
}

export interface TestApp {
  app: App;
  db: Db;
  /** The app's queries, for arranging data and looking at what a call stored. */
  repositories: Repositories;
  services: Services;
  config: Config;
  testDb: TestDatabase;
  /** A valid token of the staff account. */
  token: string;
  /** The staff account's id, for calling services as it. */
  accountId: number;
  login(email?: string, password?: string): Promise<string>;
  /** Runs the queued jobs (sealing, exports) as the worker would, until none is due (api/src/workers/worker.ts). */
  runJobs(): Promise<void>;
  close(): Promise<void>;
}

/** A job runner on the test's database with the worker's handlers; failures go to the test's output. */
export function testJobRunner(repositories: Repositories, config: Config) {
  return jobRunner({
    jobs: repositories.jobs,
    handlers: jobHandlers(repositories, config),
    log: { info: () => undefined, error: (details, message) => console.error(message, details) },
  });
}

export async function createTestApp(kind: Kind, overrides: Partial<Config> = {}): Promise<TestApp> {
  const testDb = await createTestDatabase(kind);
  const config: Config = { ...loadConfig({}), ...overrides, database: testDb.location };
  const app = await buildApp({ config, database: testDb.database, passwordCost: TEST_COST });
  const repositories = createRepositories(testDb.database);
  const services = createServices(repositories, config, TEST_COST);
  const accountId = await repositories.users.add(STAFF, TEST_COST);
  const login = async (email = STAFF.email, password = STAFF.password) => {
    const response = await app.inject({
      method: 'POST',
      url: apiUrl(apiPaths.login()),
      payload: { username: email, password },
    });
    if (response.statusCode !== 200) throw new Error(`login failed: ${response.body}`);
    return response.json().token as string;
  };
  return {
    app,
    db: testDb.database.db,
    repositories,
    services,
    config,
    testDb,
    token: await login(),
    accountId,
    login,
    runJobs: () => testJobRunner(repositories, config).untilIdle(),
    close: async () => {
      await app.close();
      await testDb.drop();
    },
  };
}

/**
 * Asks for an export of the certificate list as the staff app does (POST), lets the worker write it, and answers
 * the download of its file; a refusal of the asking (400, 404, 429) is answered as it came.
 */
export async function exportedFile(t: TestApp, query: Record<string, string | number>, token = t.token) {
  const asked = await t.app.inject({
    method: 'POST',
    url: apiUrl(apiPaths.certificatesExports()),
    query: query as never,
    headers: auth(token),
  });
  if (asked.statusCode !== 202) return asked;
  await t.runJobs();
  return t.app.inject({
    url: apiUrl(apiPaths.certificatesExportFile(asked.json().id)),
    headers: auth(token),
  });
}

/** A brand with one machine, made through the repositories. */
export async function seedMachine(
  repositories: Repositories,
  overrides: { name?: string; prefix?: string; brand?: string } = {},
) {
  const brand =
    (await repositories.brands.list()).find((b) => b.name === (overrides.brand ?? 'Testmarke')) ??
    (await repositories.brands.create({
      name: overrides.brand ?? 'Testmarke',
      logo: '',
      email: 'info@test.example',
      website_link: 'https://test.example',
    }));
  const machine = await repositories.machines.create({
    brand_id: brand.id,
    name: overrides.name ?? `Maschine ${crypto.randomBytes(3).toString('hex')}`,
    serial_prefix: overrides.prefix ?? '485',
    ean_number: '4006381333931',
    link_en: 'https://test.example/en',
    link_ger: 'https://test.example/de',
    image: '',
    electronic_circuit_board: 1,
    voltage_resistance: '',
    observation: '',
    description: '',
  });
  return { brand, machine };
}

/** A valid POST /certificate body, in the wire names of the API. */
export const certificateBody = (brandId: number, machineId: number, crowd = 1): CertificateCreateBody => ({
  brand_id: brandId,
  machine_id: machineId,
  checked_by: 'Max Mustermann',
  crowd,
  ...CERTIFICATE_DEFAULTS,
});

export const auth = (token: string) => ({ authorization: token });

/** POST /certificate through `app` as the holder of `token`; the answer, for the test to judge. */
export const postCertificate = (app: App, token: string, brandId: number, machineId: number, crowd = 1) =>
  app.inject({
    method: 'POST',
    url: apiUrl(apiPaths.certificateCreate()),
    headers: auth(token),
    payload: certificateBody(brandId, machineId, crowd),
  });

/**
 * One certificate of a new machine with a unit for each of `releases`, each set to it (`withdrawn`: released, then
 * voided); answers the serials in that order. Its sealing jobs have run.
 */
export async function unitsReleasedAs(t: TestApp, prefix: string, releases: (UnitRelease | 'withdrawn')[]) {
  const { brand, machine } = await seedMachine(t.repositories, { prefix });
  const response = await postCertificate(t.app, t.token, brand.id, machine.id, releases.length);
  assert.equal(response.statusCode, 200, response.body);
  const { serials } = response.json()[0] as PrintData;
  for (const [k, release] of releases.entries())
    await t.db
      .updateTable('certificate_units')
      .set(
        release === 'withdrawn' ? { release: 'released', voided_at: new Date().toISOString() } : { release },
      )
      .where('serial', '=', serials[k])
      .execute();
  await t.runJobs();
  return serials;
}

/** Every unit of every certificate, checked against the invariants of docs/decisions/0004-serial-scheme.md. */
export async function assertSerialInvariants(db: Db) {
  const certificates = await db.selectFrom('certificates').selectAll().execute();
  const units = await db.selectFrom('certificate_units').selectAll().execute();
  const serials = units.map((u) => u.serial);
  assert.equal(new Set(serials).size, serials.length, 'a serial was issued twice');
  const byCertificate = new Map<number, typeof units>();
  for (const unit of units)
    byCertificate.set(unit.certificate_id, [...(byCertificate.get(unit.certificate_id) ?? []), unit]);
  const issuedPerBase = new Map<string, number>();
  for (const c of certificates) {
    const own = (byCertificate.get(c.id) ?? []).sort((a, b) => a.unit_index - b.unit_index);
    assert.equal(own.length, c.quantity, `certificate ${c.id} lacks units`);
    own.forEach((u, k) => assert.equal(u.serial, unitSerial(c.serial_base, c.first_unit_number, k)));
    issuedPerBase.set(c.serial_base, (issuedPerBase.get(c.serial_base) ?? 0) + c.quantity);
  }
  for (const counter of await db.selectFrom('serial_counters').selectAll().execute()) {
    assert.equal(
      counter.last,
      issuedPerBase.get(counter.serial_base) ?? 0,
      `counter ${counter.serial_base} has gaps`,
    );
  }
  const total = await db
    .selectFrom('totals')
    .select('value')
    .where('name', '=', 'certificates')
    .executeTakeFirstOrThrow();
  assert.equal(total.value, certificates.length, 'the certificate total drifted');
  return { certificates, units };
}
