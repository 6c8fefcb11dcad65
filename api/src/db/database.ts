import fs from 'node:fs';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import {
  Kysely,
  Migrator,
  sql,
  type Migration,
  type PostgresPool,
  type PostgresPoolClient,
  type SqliteDatabase,
} from 'kysely';
import pg from 'pg';
import type { Config } from '../config';
import { BusyRetryingSqliteDialect, SQLITE_BUSY_TIMEOUT_MS } from './busy-retry';
import { DatabaseUnreachableError } from './errors';
import { OwnSchemaPostgresDialect } from './own-schema-dialect';
import * as initial from './migrations/2026-11-21T00-00-initial';
import * as totals from './migrations/2026-11-21T01-00-totals';
import * as checkerSearch from './migrations/2026-11-21T02-00-checker-search';
import * as changeNotices from './migrations/2026-11-21T03-00-change-notices';
import * as listOrder from './migrations/2026-11-21T04-00-list-order';
import * as dropChangeNotices from './migrations/2026-11-23T00-00-drop-change-notices';
import * as domainNames from './migrations/2026-11-23T01-00-domain-names';
import * as machineSearch from './migrations/2026-11-23T02-00-machine-search';
import * as idempotencyKeys from './migrations/2026-11-23T03-00-idempotency-keys';
import * as auditEvents from './migrations/2026-11-23T04-00-audit-events';
import * as lifecycle from './migrations/2026-11-23T05-00-lifecycle';
import * as accountsAndRoles from './migrations/2026-11-23T10-00-accounts-and-roles';
import * as reports from './migrations/2026-11-23T11-00-reports';
import * as machineEan from './migrations/2026-11-23T12-00-machine-ean';
import * as issueMonth from './migrations/2026-11-25T00-00-issue-month';
import * as testRecord from './migrations/2026-11-25T10-00-test-record';
import * as hardening from './migrations/2026-11-25T11-00-hardening';
import * as documents from './migrations/2026-11-25T12-00-documents';
import * as dailyUse from './migrations/2026-11-25T13-00-daily-use';
import * as instruments from './migrations/2026-11-25T14-00-instruments';
import * as calibrationCertificates from './migrations/2026-11-26T09-00-calibration-certificates';
import * as sealedCertificates from './migrations/2026-11-26T10-00-sealed-certificates';
import * as companyAccount from './migrations/2026-11-28T07-00-company-account';
import * as appendOnlyChunks from './migrations/2026-11-28T12-00-append-only-chunks';
import * as accountLanguage from './migrations/2026-11-28T13-00-account-language';
import * as jobs from './migrations/2026-11-28T14-00-jobs';
import * as certificateExports from './migrations/2026-11-28T16-00-exports';
import * as releaseQueue from './migrations/2026-11-29T03-00-release-queue';
import * as retestFindings from './migrations/2026-11-29T07-00-retest-findings';
import * as registrations from './migrations/2026-11-29T11-00-registrations';
import * as planReasons from './migrations/2026-11-29T04-00-plan-reasons';
import * as safetyNotices from './migrations/2026-11-29T12-00-safety-notices';
import * as noticeMails from './migrations/2026-11-29T14-00-notice-mails';
import * as testerImports from './migrations/2026-11-29T10-00-tester-imports';
import * as serviceRequests from './migrations/2026-11-29T13-00-service-requests';
import type { Database } from './schema';

export type Db = Kysely<Database>;

export interface DatabaseHandle {
  db: Db;
  kind: Config['database']['kind'];
  /** Connections lent out now (PostgreSQL's pool, for /metrics); null for SQLite's one connection. */
  poolInUse(): number | null;
  close(): Promise<void>;
}

const migrations: Record<string, Migration> = {
  '2026-11-21T00-00-initial': initial,
  '2026-11-21T01-00-totals': totals,
  '2026-11-21T02-00-checker-search': checkerSearch,
  '2026-11-21T03-00-change-notices': changeNotices,
  '2026-11-21T04-00-list-order': listOrder,
  '2026-11-23T00-00-drop-change-notices': dropChangeNotices,
  '2026-11-23T01-00-domain-names': domainNames,
  '2026-11-23T02-00-machine-search': machineSearch,
  '2026-11-23T03-00-idempotency-keys': idempotencyKeys,
  '2026-11-23T04-00-audit-events': auditEvents,
  '2026-11-23T05-00-lifecycle': lifecycle,
  '2026-11-23T10-00-accounts-and-roles': accountsAndRoles,
  '2026-11-23T11-00-reports': reports,
  '2026-11-23T12-00-machine-ean': machineEan,
  '2026-11-25T00-00-issue-month': issueMonth,
  '2026-11-25T10-00-test-record': testRecord,
  '2026-11-25T11-00-hardening': hardening,
  '2026-11-25T12-00-documents': documents,
  '2026-11-25T13-00-daily-use': dailyUse,
  '2026-11-25T14-00-instruments': instruments,
  '2026-11-26T09-00-calibration-certificates': calibrationCertificates,
  '2026-11-26T10-00-sealed-certificates': sealedCertificates,
  '2026-11-28T07-00-company-account': companyAccount,
  '2026-11-28T12-00-append-only-chunks': appendOnlyChunks,
  '2026-11-28T13-00-account-language': accountLanguage,
  '2026-11-28T14-00-jobs': jobs,
  '2026-11-28T16-00-exports': certificateExports,
  '2026-11-29T03-00-release-queue': releaseQueue,
  '2026-11-29T07-00-retest-findings': retestFindings,
  '2026-11-29T04-00-plan-reasons': planReasons,
  '2026-11-29T12-00-safety-notices': safetyNotices,
  '2026-11-29T11-00-registrations': registrations,
  '2026-11-29T10-00-tester-imports': testerImports,
  '2026-11-29T13-00-service-requests': serviceRequests,
  '2026-11-29T14-00-notice-mails': noticeMails,
};

const SQLITE_MMAP_BYTES = 2 ** 30;
const SQLITE_CACHE_KIB = 64 * 1024;

// COUNT(*) and SUM() come back from PostgreSQL as bigint strings; the API speaks plain numbers.
pg.types.setTypeParser(pg.types.builtins.INT8, (value) => Number(value));

/**
 * Kysely prepares every query anew; preparing costs more than running the small indexed queries of a list
 * page, so statements are kept by their SQL text (parameters are bound per run, so the set stays small).
 */
function withStatementCache(sqlite: SQLite.Database, size = 500): SqliteDatabase {
  const cache = new Map<string, SQLite.Statement>();
  return {
    close: () => sqlite.close(),
    prepare(sql: string) {
      let statement = cache.get(sql);
      if (!statement) {
        statement = sqlite.prepare(sql);
        if (cache.size >= size) cache.delete(cache.keys().next().value!);
        cache.set(sql, statement);
      }
      return statement;
    },
  };
}

/**
 * PostgreSQL parses and plans every unnamed statement anew; naming each SQL text makes each connection
 * prepare it once and then only bind and run it, as the SQLite statement cache above does. Texts beyond the
 * first `size` run unnamed, so a stream of distinct texts cannot grow every connection without end.
 */
function withNamedStatements(pool: pg.Pool, size = 500): PostgresPool {
  const names = new Map<string, string>();
  const nameOf = (text: string) => {
    let name = names.get(text);
    if (!name && names.size < size) names.set(text, (name = `pb_${names.size + 1}`));
    return name;
  };
  return {
    end: () => pool.end(),
    async connect() {
      // Whatever stops a connection from being made (refused, a database not accepting connections, a host name
      // that does not resolve), the database is out of reach: a 503, never a 500.
      const client = await pool.connect().catch((error: Error & { code?: string }) => {
        throw new DatabaseUnreachableError(error.message, { cause: error, code: error.code });
      });
      const query = (text: string, values: unknown[]) => client.query({ name: nameOf(text), text, values });
      // Kysely passes a cursor instead of a text only to a dialect configured with one; this one has none.
      return { release: () => client.release(), query } as unknown as PostgresPoolClient;
    },
  };
}

/**
 * Refuses the database once the file at its path is not the one this process opened (moved, deleted, or
 * replaced as by a restore with `mv` while the server runs): the open connection would go on reading and
 * writing a file nobody finds again. Put back, the same file is used again.
 */
function stillAtItsPath(file: string): () => void {
  const opened = fs.statSync(file);
  return () => {
    const now = fs.statSync(file, { throwIfNoEntry: false });
    if (now?.ino !== opened.ino || now.dev !== opened.dev)
      throw new DatabaseUnreachableError(
        `Die Datenbankdatei ${file} ist nicht mehr die geöffnete (verschoben, gelöscht oder ersetzt); ` +
          'bitte den Server neu starten',
      );
  };
}

export function openDatabase(
  database: Config['database'],
  options: {
    schema?: string;
    queryTimeoutMs?: number;
  } = {},
): DatabaseHandle {
  if (database.kind === 'sqlite') {
    if (database.file !== ':memory:') {
      fs.mkdirSync(path.dirname(database.file), { recursive: true, mode: 0o700 });
      // Only the API's user reads the file; SQLite gives its write-ahead log and shared memory the file's mode.
      fs.closeSync(fs.openSync(database.file, 'a', 0o600));
    }
    const sqlite = new SQLite(database.file);
    // WAL lets readers go on while a certificate is written. A second process's write lock is waited for
    // briefly here and then asynchronously (busy-retry.ts), never for seconds on the event loop.
    sqlite.pragma('journal_mode = WAL');
    sqlite.pragma(`busy_timeout = ${SQLITE_BUSY_TIMEOUT_MS}`);
    sqlite.pragma('foreign_keys = ON');
    sqlite.pragma('synchronous = NORMAL');
    // Reads of a large database go through the operating system's page cache: mapped, a page is read
    // without a system call, and a larger page cache of SQLite's own keeps the upper levels of each index.
    sqlite.pragma(`mmap_size = ${SQLITE_MMAP_BYTES}`);
    sqlite.pragma(`cache_size = -${SQLITE_CACHE_KIB}`);
    const db = new Kysely<Database>({
      dialect: new BusyRetryingSqliteDialect({
        database: withStatementCache(sqlite),
        beforeEachUse: database.file === ':memory:' ? undefined : stillAtItsPath(database.file),
      }),
    });
    return { db, kind: 'sqlite', poolInUse: () => null, close: () => db.destroy() };
  }
  const pool = new pg.Pool({
    connectionString: database.url,
    // Every process holds up to this many: the README's PostgreSQL section sums them against max_connections.
    max: database.poolMax ?? 10,
    connectionTimeoutMillis: 5000,
    // A query stuck behind a dead server must end in a 503, not hang the request.
    query_timeout: options.queryTimeoutMs ?? 15000,
    options: options.schema ? `-c search_path=${options.schema}` : undefined,
  });
  // A client that loses its server emits 'error'; unheard, that event kills the process. Idle clients
  // report through the pool, checked-out ones (between the statements of a transaction) on themselves.
  // Either way the failing query rejects too and the request answers 503.
  pool.on('error', () => {});
  pool.on('connect', (client) => client.on('error', () => {}));
  const db = new Kysely<Database>({
    dialect: new OwnSchemaPostgresDialect({ pool: withNamedStatements(pool) }),
  });
  return {
    db,
    kind: 'postgres',
    poolInUse: () => pool.totalCount - pool.idleCount,
    close: () => db.destroy(),
  };
}

/** The database was migrated by a newer version of the program than this one. */
export class SchemaTooNewError extends Error {}

/** The newest migration this program knows. */
export const LATEST_MIGRATION = Object.keys(migrations).sort().at(-1)!;

/**
 * The database's newest migration when this program does not know it (a newer version migrated it), else null.
 * One indexed read: asked at start and before every write and every job (api/src/plugins/schema-guard.ts).
 */
export async function newerMigration(db: Db): Promise<string | null> {
  const newest = await sql<{ name: string }>`select max(name) as name from kysely_migration`.execute(db).then(
    ({ rows }) => rows[0]?.name ?? null,
    // A new database has no migration table yet.
    () => null,
  );
  return newest && !(newest in migrations) ? newest : null;
}

/**
 * Refuses a database that a newer version migrated further than this code knows: left to Kysely, the start ended
 * in its stack trace; the operator reads which version the database has and which this program knows.
 */
async function assertSchemaKnown(db: Db) {
  const newer = await newerMigration(db);
  if (!newer) return;
  throw new SchemaTooNewError(
    `Die Datenbank ist neuer als dieses Programm: sie hat die Migration ${newer}, dieses Programm kennt ` +
      `nur bis ${LATEST_MIGRATION}. Bitte die neue Version starten.`,
  );
}

const migratorOf = (db: Db, schema?: string) =>
  new Migrator({ db, provider: { getMigrations: async () => migrations }, migrationTableSchema: schema });

/** Migrates to the latest schema, or only up to and including migration `to` (tests of a migration). */
export async function migrate(db: Db, options: { schema?: string; to?: string } = {}): Promise<string[]> {
  await assertSchemaKnown(db);
  const migrator = migratorOf(db, options.schema);
  const { error, results } = await (options.to ? migrator.migrateTo(options.to) : migrator.migrateToLatest());
  if (error) throw error;
  return (results ?? []).filter((r) => r.status === 'Success').map((r) => r.migrationName);
}

/**
 * Undoes the last migration applied (its down()), for a rollback after an upgrade (README, "Upgrade"): the
 * migration undone, or null when none was applied, and the one the database stands at now.
 */
export async function migrateDown(
  db: Db,
  options: { schema?: string } = {},
): Promise<{ undone: string | null; current: string | null }> {
  await assertSchemaKnown(db);
  const migrator = migratorOf(db, options.schema);
  const { error, results } = await migrator.migrateDown();
  if (error) throw error;
  const applied = (await migrator.getMigrations()).filter((m) => m.executedAt).map((m) => m.name);
  return {
    undone: results?.find((r) => r.status === 'Success')?.migrationName ?? null,
    current: applied.at(-1) ?? null,
  };
}
