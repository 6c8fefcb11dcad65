import { sql } from 'kysely';

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

export const nowIso = () => new Date().toISOString();
