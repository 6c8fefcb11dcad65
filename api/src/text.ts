import { sql } from 'kysely';
import type { DatabaseHandle } from './db/database';

/** Case-insensitive keys that work the same on SQLite and PostgreSQL, umlauts included ('öl' finds 'Öl'). */
export const searchKey = (...parts: string[]) =>
  parts
    .map((part) => part.normalize('NFC').toLowerCase())
    .join(' ')
    .trim();

/** A LIKE pattern for "contains `text`", lower-cased like searchKey, LIKE's own wildcards taken literally. */
const containsPattern = (text: string) => `%${searchKey(text).replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/** `column` contains `text`, case-insensitively. SQLite has no default LIKE escape character, hence ESCAPE. */
export function containsText(column: string, text: string) {
  return sql<boolean>`${sql.ref(column)} like ${containsPattern(text)} escape '\\'`;
}

/**
 * Machines whose search key (article number, EAN, prefix) contains `text`, found through the trigram index
 * of migration 2026-11-23T02-00-machine-search: SQLite keeps it in a table of its own, PostgreSQL on the
 * column. Both answer the same LIKE as containsText.
 */
export function machineSearchMatches(kind: DatabaseHandle['kind'], text: string) {
  const pattern = containsPattern(text);
  return kind === 'postgres'
    ? sql<boolean>`machines.search_key like ${pattern} escape '\\'`
    : sql<boolean>`machines.id in (select rowid from machines_search where search_key like ${pattern} escape '\\')`;
}

export const nowIso = () => new Date().toISOString();
