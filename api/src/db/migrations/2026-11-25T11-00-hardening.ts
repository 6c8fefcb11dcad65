import type { Kysely } from 'kysely';

/**
 * Brand and machine names are unique in their compatibility form (api/src/text.ts nameKey): NFKC, without
 * invisible characters, lower-cased. Before, "ＢＤＳ Maschinen" (full width) and "BDS Maschinen\u200b" were
 * other names than "BDS Maschinen". The stored keys are recomputed; two names that now share a key keep apart
 * by the later one's id (" #<id>"), so the migration never fails on data and staff can rename one of them.
 * The fold is written out here, not imported: a migration never changes with the app's code.
 */
const INVISIBLE = /\u034F|[\u00AD\u061C\u180E\u200B-\u200F\u202A-\u202E\u2060-\u2064\u2066-\u2069\uFEFF]/gu;
const fold = (name: string) =>
  name.normalize('NFKC').replace(INVISIBLE, '').normalize('NFC').toLowerCase().trim();

async function rekey(
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  db: Kysely<any>,
  table: 'brands' | 'machines',
  keyOf: (row: { id: number; name: string; name_key: string; brand_id?: number }) => string,
) {
  const rows = await db
    .selectFrom(table)
    .select(table === 'machines' ? ['id', 'name', 'name_key', 'brand_id'] : ['id', 'name', 'name_key'])
    .orderBy('id')
    .execute();
  const taken = new Set<string>();
  const changed: { id: number; key: string }[] = [];
  for (const row of rows) {
    const scope = table === 'machines' ? `${row.brand_id}\u0000` : '';
    let key = keyOf(row);
    if (taken.has(scope + key)) key = `${key} #${row.id}`;
    taken.add(scope + key);
    if (key !== row.name_key) changed.push({ id: row.id, key });
  }
  // Keys that change are parked first, so that no update collides with a key another row gives up later.
  for (const { id } of changed)
    await db
      .updateTable(table)
      .set({ name_key: `\u0001parked ${id}` })
      .where('id', '=', id)
      .execute();
  for (const { id, key } of changed)
    await db.updateTable(table).set({ name_key: key }).where('id', '=', id).execute();
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  await rekey(db, 'brands', (row) => fold(row.name));
  await rekey(db, 'machines', (row) => fold(row.name));
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function down(db: Kysely<any>): Promise<void> {
  // The earlier keys (NFC, lower-cased) are what fold gives for every name that was not folded together.
  await rekey(db, 'brands', (row) => row.name.normalize('NFC').toLowerCase().trim());
  await rekey(db, 'machines', (row) => row.name.normalize('NFC').toLowerCase().trim());
}
