import { sql } from 'kysely';
import type { DatabaseHandle } from './db/database';

/** Case-insensitive keys that work the same on SQLite and PostgreSQL, umlauts included ('öl' finds 'Öl'). */
export const searchKey = (...parts: string[]) =>
  parts
    .map((part) => part.normalize('NFC').toLowerCase())
    .join(' ')
    .trim();

/**
 * `column` contains `text`, case-insensitively (both sides lower-cased by searchKey), with LIKE's own
 * wildcards in the text taken literally. SQLite has no default LIKE escape character, hence ESCAPE.
 */
export function containsText(column: string, text: string) {
  const pattern = `%${searchKey(text).replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
  return sql<boolean>`${sql.ref(column)} like ${pattern} escape '\\'`;
}

/**
 * Machines whose search key (article number, EAN, prefix) contains `text`, found through the trigram index
 * of migration 2026-11-23T02-00-machine-search. PostgreSQL's pg_trgm answers the LIKE of containsText from
 * the index. SQLite's FTS5 table does not take LIKE with ESCAPE from its index, so it is asked for the text
 * as one phrase, which with trigrams means "contains"; text shorter than a trigram is looked for in every key.
 */
export function machineSearchMatches(kind: DatabaseHandle['kind'], text: string) {
  const key = searchKey(text);
  if (kind === 'postgres' || [...key].length < 3) return containsText('machines.search_key', text);
  const phrase = `"${key.replaceAll('"', '""')}"`;
  return sql<boolean>`machines.id in (select rowid from machines_search where machines_search match ${phrase})`;
}

export const nowIso = () => new Date().toISOString();
