import fs from 'node:fs';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import {
  Kysely,
  Migrator,
  PostgresDialect,
  SelectQueryNode,
  SqliteDialect,
  type DatabaseConnection,
  type Dialect,
  type Migration,
  type SqliteDatabase,
} from 'kysely';
import pg from 'pg';
import type { Config } from '../config';
import * as initial from './migrations/2026-11-21T00-00-initial';
import * as totals from './migrations/2026-11-21T01-00-totals';
import * as checkerSearch from './migrations/2026-11-21T02-00-checker-search';
import * as changeNotices from './migrations/2026-11-21T03-00-change-notices';
import * as listOrder from './migrations/2026-11-21T04-00-list-order';
import type { Database } from './schema';

export type Db = Kysely<Database>;

export interface DatabaseHandle {
  db: Db;
  kind: Config['database']['kind'];
  /**
   * A number that moves whenever the data may have changed, by this process or any other; undefined
   * while changes made elsewhere cannot be seen (PostgreSQL before its listener is connected).
   */
  version(): number | undefined;
  close(): Promise<void>;
}

const migrations: Record<string, Migration> = {
  '2026-11-21T00-00-initial': initial,
  '2026-11-21T01-00-totals': totals,
  '2026-11-21T02-00-checker-search': checkerSearch,
  '2026-11-21T03-00-change-notices': changeNotices,
  '2026-11-21T04-00-list-order': listOrder,
};

/** The channel the PostgreSQL triggers of migration 03 notify on every committed change. */
const CHANGES_CHANNEL = 'pb_changes';

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

const changesData = (sql: string) => !/^\s*select\b/i.test(sql);

/**
 * Calls `changed` after every statement that may change data on a connection of this process: writes,
 * and the commit that makes them visible. Reads kept in memory (read-cache.ts) are dropped on it.
 */
function watchWrites(dialect: Dialect, changed: () => void): Dialect {
  // Kysely's driver and connection keep private fields, so their methods run bound to the real objects.
  const bound = <T extends object>(target: T, override: Partial<T>) =>
    new Proxy(target, {
      get: (object, key) => {
        const value = key in override ? override[key as keyof T] : Reflect.get(object, key);
        return typeof value === 'function' ? value.bind(key in override ? override : object) : value;
      },
    });
  const watched = (connection: DatabaseConnection) =>
    bound(connection, {
      async executeQuery(query) {
        const result = await connection.executeQuery(query);
        if (!SelectQueryNode.is(query.query) && changesData(query.sql)) changed();
        return result;
      },
    } as Partial<DatabaseConnection>);
  return {
    createAdapter: () => dialect.createAdapter(),
    createQueryCompiler: () => dialect.createQueryCompiler(),
    createIntrospector: (db) => dialect.createIntrospector(db),
    createDriver: () => {
      const driver = dialect.createDriver();
      return bound(driver, { acquireConnection: async () => watched(await driver.acquireConnection()) });
    },
  };
}

/**
 * Listens for the change notices of other processes. Until the listener is connected, and whenever it
 * loses its server, nothing can be known about other processes' writes: `version` is then undefined.
 */
function listenForChanges(connectionString: string, changed: () => void) {
  let client: pg.Client | undefined;
  let listening = false;
  let closed = false;
  let retry: NodeJS.Timeout | undefined;
  const connect = () => {
    const next = new pg.Client({ connectionString, keepAlive: true });
    client = next;
    const lost = () => {
      if (client !== next) return;
      listening = false;
      client = undefined;
      changed();
      next.end().catch(() => {});
      if (!closed) retry = setTimeout(connect, 1000).unref();
    };
    next.on('error', lost);
    next.on('end', lost);
    next.on('notification', changed);
    next
      .connect()
      .then(() => next.query(`listen ${CHANGES_CHANNEL}`))
      .then(() => {
        if (client !== next) return;
        // Anything may have changed while nobody listened.
        changed();
        listening = true;
      }, lost);
  };
  return {
    listening() {
      if (!client && !closed && !retry) connect();
      return listening;
    },
    async close() {
      closed = true;
      clearTimeout(retry);
      const last = client;
      client = undefined;
      listening = false;
      await last?.end().catch(() => {});
    },
  };
}

export function openDatabase(
  database: Config['database'],
  options: { schema?: string; queryTimeoutMs?: number } = {},
): DatabaseHandle {
  let changes = 0;
  const changed = () => void changes++;
  if (database.kind === 'sqlite') {
    if (database.file !== ':memory:') fs.mkdirSync(path.dirname(database.file), { recursive: true });
    const sqlite = new SQLite(database.file);
    // WAL lets readers go on while a certificate is written; busy_timeout makes a second process wait, not fail.
    sqlite.pragma('journal_mode = WAL');
    sqlite.pragma('busy_timeout = 5000');
    sqlite.pragma('foreign_keys = ON');
    sqlite.pragma('synchronous = NORMAL');
    // data_version moves when another connection (another process) has committed a change. Asking costs
    // a read transaction (file locks), so it is asked once per turn of the event loop: a request sent
    // after another process's commit is received in a later turn than any check made before that commit.
    const dataVersion = sqlite.prepare('pragma data_version').pluck();
    let seen = dataVersion.get();
    let checked = false;
    const recheck = () => void (checked = false);
    const db = new Kysely<Database>({
      dialect: watchWrites(new SqliteDialect({ database: withStatementCache(sqlite) }), changed),
    });
    return {
      db,
      kind: 'sqlite',
      version() {
        if (!checked) {
          checked = true;
          setImmediate(recheck);
          const current = dataVersion.get();
          if (current !== seen) {
            seen = current;
            changed();
          }
        }
        return changes;
      },
      close: () => db.destroy(),
    };
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
  const db = new Kysely<Database>({ dialect: watchWrites(new PostgresDialect({ pool }), changed) });
  const listener = listenForChanges(database.url, changed);
  return {
    db,
    kind: 'postgres',
    version: () => (listener.listening() ? changes : undefined),
    close: async () => {
      await listener.close();
      await db.destroy();
    },
  };
}

export async function migrate(db: Db, options: { schema?: string } = {}): Promise<string[]> {
  const migrator = new Migrator({
    db,
    provider: { getMigrations: async () => migrations },
    migrationTableSchema: options.schema,
  });
  const { error, results } = await migrator.migrateToLatest();
  if (error) throw error;
  return (results ?? []).filter((r) => r.status === 'Success').map((r) => r.migrationName);
}
