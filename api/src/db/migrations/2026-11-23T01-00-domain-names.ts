import type { Kysely } from 'kysely';

/**
 * Certificate columns named for what they hold; the API keeps the earlier app's names on the wire
 * (docs/decisions/0005-wire-names.md). Indexes follow a renamed column on both databases.
 */
export const RENAMED = {
  crowd: 'quantity',
  records_count: 'first_unit_number',
  origin_germany: 'origin',
  machine_type: 'machine_name',
  search_key: 'machine_name_key',
  serial_no_part1: 'serial_base',
  serial_no: 'first_serial',
  end_serial_no: 'last_serial',
};

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  for (const [from, to] of Object.entries(RENAMED))
    await db.schema.alterTable('certificates').renameColumn(from, to).execute();
  await db.schema.alterTable('serial_counters').renameColumn('part1', 'serial_base').execute();
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('serial_counters').renameColumn('serial_base', 'part1').execute();
  for (const [from, to] of Object.entries(RENAMED))
    await db.schema.alterTable('certificates').renameColumn(to, from).execute();
}
