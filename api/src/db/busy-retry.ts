import { setTimeout as sleep } from 'node:timers/promises';
import {
  SqliteDialect,
  type DatabaseConnection,
  type Driver,
  type QueryResult,
  type SqliteDialectConfig,
  type TransactionSettings,
} from 'kysely';

/**
 * How long SQLite itself waits for another process's write lock, blocking the event loop: short. The rest of
 * the wait is asynchronous (below), so a held lock no longer froze every request for 5 s per write.
 */
export const SQLITE_BUSY_TIMEOUT_MS = 10;
/** How long a statement keeps trying before its request answers 503, as busy_timeout = 5000 did. */
const GIVE_UP_MS = 5000;

const isBusy = (error: unknown) => String((error as { code?: string })?.code ?? '').startsWith('SQLITE_BUSY');

/** A connection whose statements, refused because another process writes, are tried again after a pause. */
function retrying(connection: DatabaseConnection): DatabaseConnection {
  return {
    async executeQuery<R>(query: Parameters<DatabaseConnection['executeQuery']>[0]): Promise<QueryResult<R>> {
      const started = Date.now();
      for (let pause = 5; ; pause = Math.min(pause * 2, 100)) {
        try {
          return await connection.executeQuery<R>(query);
        } catch (error) {
          if (!isBusy(error) || Date.now() - started + pause > GIVE_UP_MS) throw error;
          await sleep(pause);
        }
      }
    },
    streamQuery: (query, chunkSize) => connection.streamQuery(query, chunkSize),
  };
}

/** Kysely's SQLite driver, its connection wrapped by `retrying`; transactions go through the wrapper too. */
class BusyRetryingDriver implements Driver {
  constructor(
    private readonly inner: Driver,
    private readonly beforeEachUse: () => void,
  ) {}
  init = () => this.inner.init();
  acquireConnection = async () => {
    // Before the connection is taken, so that a refusal leaves no transaction half begun or unfinished.
    this.beforeEachUse();
    return retrying(await this.inner.acquireConnection());
  };
  beginTransaction = (connection: DatabaseConnection, settings: TransactionSettings) =>
    this.inner.beginTransaction(connection, settings);
  commitTransaction = (connection: DatabaseConnection) => this.inner.commitTransaction(connection);
  rollbackTransaction = (connection: DatabaseConnection) => this.inner.rollbackTransaction(connection);
  savepoint: Driver['savepoint'] = (...args) => this.inner.savepoint!(...args);
  rollbackToSavepoint: Driver['rollbackToSavepoint'] = (...args) => this.inner.rollbackToSavepoint!(...args);
  releaseSavepoint: Driver['releaseSavepoint'] = (...args) => this.inner.releaseSavepoint!(...args);
  releaseConnection = (connection: DatabaseConnection) => this.inner.releaseConnection(connection);
  destroy = () => this.inner.destroy();
}

/**
 * SQLite as Kysely speaks it, waiting for another process's write lock without blocking the event loop: the
 * database gives up after SQLITE_BUSY_TIMEOUT_MS, and the statement is tried again after a timer. While it
 * waits, requests that need no database (health, static files) are answered; those that do wait their turn
 * for the one connection, as they would anyway. `beforeEachUse` runs before each statement or transaction
 * takes the connection, and may refuse it by throwing.
 */
export class BusyRetryingSqliteDialect extends SqliteDialect {
  private readonly beforeEachUse: () => void;
  constructor({ beforeEachUse, ...config }: SqliteDialectConfig & { beforeEachUse?: () => void }) {
    super(config);
    this.beforeEachUse = beforeEachUse ?? (() => undefined);
  }
  createDriver(): Driver {
    return new BusyRetryingDriver(super.createDriver(), this.beforeEachUse);
  }
}
