import fs from 'node:fs';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import {
  Kysely,
  Migrator,
  PostgresDialect,
  type Migration,
  type PostgresPool,
  type PostgresPoolClient,
  type SqliteDatabase,
} from 'kysely';
import pg from 'pg';
import type { Config } from '../config';
import { BusyRetryingSqliteDialect, SQLITE_BUSY_TIMEOUT_MS } from './busy-retry';
import { checkpointInThread } from './wal-checkpoints';
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
import type { Database } from './schema';

export type Db = Kysely<Database>;

/** Where a database is: what another thread needs to open it too. */
export interface DatabaseLocation {
  database: Config['database'];
  schema?: string;
}

export interface DatabaseHandle {
  db: Db;
  kind: Config['database']['kind'];
  /** The same database for another thread (export-thread.ts); none for SQLite in memory, which is this connection's alone. */
  location: DatabaseLocation | null;
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
      const client = await pool.connect();
      const query = (text: string, values: unknown[]) => client.query({ name: nameOf(text), text, values });
      // Kysely passes a cursor instead of a text only to a dialect configured with one; this one has none.
      return { release: () => client.release(), query } as unknown as PostgresPoolClient;
    },
  };
}

export function openDatabase(
  database: Config['database'],
  options: {
    schema?: string;
    queryTimeoutMs?: number;
    /** An SQLite file's log copied into it by a thread of its own, not by a commit (wal-checkpoints.ts): the server's. */
    checkpointInThread?: boolean;
  } = {},
): DatabaseHandle {
  if (database.kind === 'sqlite') {
    if (database.file !== ':memory:') fs.mkdirSync(path.dirname(database.file), { recursive: true });
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
      dialect: new BusyRetryingSqliteDialect({ database: withStatementCache(sqlite) }),
    });
    const location = database.file === ':memory:' ? null : { database };
    if (!location || !options.checkpointInThread)
      return { db, kind: 'sqlite', location, close: () => db.destroy() };
    sqlite.pragma('wal_autocheckpoint = 0');
    const checkpoints = checkpointInThread(database.file, () => sqlite.pragma('wal_autocheckpoint = 1000'));
    const close = async () => {
      await checkpoints.stop();
      await db.destroy();
    };
    return { db, kind: 'sqlite', location, close };
  }
  const pool = new pg.Pool({
    connectionString: database.url,
    max: 10,
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
  const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool: withNamedStatements(pool) }) });
  return { db, kind: 'postgres', location: { database, schema: options.schema }, close: () => db.destroy() };
}

/** Migrates to the latest schema, or only up to and including migration `to` (tests of a migration). */
export async function migrate(db: Db, options: { schema?: string; to?: string } = {}): Promise<string[]> {
  const migrator = new Migrator({
    db,
    provider: { getMigrations: async () => migrations },
    migrationTableSchema: options.schema,
  });
  const { error, results } = await (options.to ? migrator.migrateTo(options.to) : migrator.migrateToLatest());
  if (error) throw error;
  return (results ?? []).filter((r) => r.status === 'Success').map((r) => r.migrationName);
}
