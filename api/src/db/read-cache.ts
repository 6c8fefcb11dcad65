import { LRUCache } from 'lru-cache';
import type { DatabaseHandle } from './database';

/** Enough for every staff session, the common list pages and the machines customers look at. */
const MAX_ENTRIES = 2000;
/**
 * A backstop only: an entry is dropped as soon as the database changes. This bounds how long a PostgreSQL
 * listener that lost its server without noticing could let a read outlive the data.
 */
const MAX_AGE_MS = 10_000;

export type ReadCache = <T extends object>(key: string, load: () => Promise<T>) => Promise<T>;

/**
 * Keeps the answers of repeated reads (a session, a list page, a customer's machine) for exactly as long as
 * the database has not changed since they were read, so they are never stale: any write, by this process
 * or another, moves `database.version()` and every entry read before it is ignored.
 */
export function readCache(database: Pick<DatabaseHandle, 'version'>): ReadCache {
  const entries = new LRUCache<string, { version: number; value: object }>({
    max: MAX_ENTRIES,
    ttl: MAX_AGE_MS,
  });
  return async function cached<T extends object>(key: string, load: () => Promise<T>): Promise<T> {
    // Taken before reading: a write that lands during the read leaves the entry already out of date.
    const version = database.version();
    if (version === undefined) return load();
    const entry = entries.get(key);
    if (entry?.version === version) return entry.value as T;
    const value = await load();
    entries.set(key, { version, value });
    return value;
  };
}
