import { sql } from 'kysely';
import type { DatabaseHandle } from './db/database';

/** Case-insensitive keys that work the same on SQLite and PostgreSQL, umlauts included ('öl' finds 'Öl'). */
export const searchKey = (...parts: string[]) =>
  parts
    .map((part) => part.normalize('NFC').toLowerCase())
    .join(' ')
    .trim();

/**
 * Characters that show nothing or turn text around: the soft hyphen, the combining grapheme joiner, zero-width
 * spaces and joiners, the direction marks, embeddings, overrides and isolates, the word joiner and invisible
 * operators, the Mongolian vowel separator and the byte order mark. "BDS Maschinen\u200b" would look like
 * "BDS Maschinen" and be another brand; a right-to-left override makes a name read backwards.
 */
const INVISIBLE = /\u034F|[\u00AD\u061C\u180E\u200B-\u200F\u202A-\u202E\u2060-\u2064\u2066-\u2069\uFEFF]/gu;

/** Whether `text` holds a character of INVISIBLE: names refuse them. */
export const hasInvisible = (text: string) => text.search(INVISIBLE) !== -1;

/**
 * The key under which a brand or machine name must be unique: its compatibility form (NFKC: full-width
 * "ＢＤＳ" is "BDS", the ligature "ﬁ" is "fi") without invisible characters, lower-cased as searchKey does.
 * Migration 2026-11-25T11-00-hardening recomputed the stored keys this way.
 */
export const nameKey = (name: string) => searchKey(name.normalize('NFKC').replace(INVISIBLE, ''));

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
