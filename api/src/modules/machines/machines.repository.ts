import type { MACHINE_SORTS } from 'contracts';
import { sql, type Selectable } from 'kysely';
import type { DatabaseHandle } from '../../db/database';
import { orderBy } from '../../db/order';
import type { MachinesTable } from '../../db/schema';
import { containsText, machineSearchMatches, nameKey, nowIso, searchKey } from '../../text';

/** What staff enter for a machine; the search keys and times are the repository's. */
export type MachineInput = Omit<
  Selectable<MachinesTable>,
  'id' | 'name_key' | 'search_key' | 'created_at' | 'updated_at'
>;

const machineColumns = [
  'id',
  'brand_id',
  'name',
  'serial_prefix',
  'ean_number',
  'link_en',
  'link_ger',
  'image',
  'electronic_circuit_board',
  'voltage_resistance',
  'observation',
  'description',
  'created_at',
  'updated_at',
] as const;

const keys = (input: MachineInput) => ({
  name_key: nameKey(input.name),
  search_key: searchKey(input.name, input.ean_number, input.serial_prefix),
});

export interface MachineListPage {
  search: string;
  sort: (typeof MACHINE_SORTS)[number];
  order: 'asc' | 'desc';
  limit: number;
  offset: number;
}

type MachineListRow = Pick<Selectable<MachinesTable>, 'id' | 'name' | 'ean_number' | 'created_at'> & {
  brand_name: string;
};

const sortColumns = {
  pos: 'machines.id',
  name: 'machines.name_key',
  brand_name: 'brands.name_key',
  created_at: 'machines.created_at',
} as const;

/** The machines whose article number, EAN or prefix, or whose brand's name, contains `search`. */
function matchesOf(kind: DatabaseHandle['kind'], search: string) {
  // One list of ids, so each half is answered from its index; an OR of the two scanned every machine.
  const ids = sql`
    select id from machines where ${machineSearchMatches(kind, search)}
    union all
    select id from machines where brand_id in (select id from brands where ${containsText('brands.name_key', search)})`;
  // PostgreSQL planned `in (…)` as a merge join along the whole primary key; given the ids as an array, it
  // looks each one up (docs/architecture.md#budgets).
  return kind === 'postgres' ? sql`machines.id = any(array(${ids}))` : sql`machines.id in (${ids})`;
}

export function machinesRepository({ db, kind }: DatabaseHandle) {
  return {
    get(id: number) {
      return db.selectFrom('machines').select(machineColumns).where('id', '=', id).executeTakeFirst();
    },

    listByBrand(brandId: number) {
      return db
        .selectFrom('machines')
        .select(['id', 'name', 'image', 'electronic_circuit_board', 'serial_prefix'])
        .where('brand_id', '=', brandId)
        .orderBy('name_key')
        .orderBy('id')
        .execute();
    },

    async nameTaken(brandId: number, name: string, exceptId?: number) {
      let query = db
        .selectFrom('machines')
        .select('id')
        .where('brand_id', '=', brandId)
        .where('name_key', '=', nameKey(name));
      if (exceptId) query = query.where('id', '<>', exceptId);
      return (await query.executeTakeFirst()) !== undefined;
    },

    create(input: MachineInput) {
      const now = nowIso();
      return db
        .insertInto('machines')
        .values({ ...input, ...keys(input), created_at: now, updated_at: now })
        .returning(machineColumns)
        .executeTakeFirstOrThrow();
    },

    update(id: number, input: MachineInput) {
      return db
        .updateTable('machines')
        .set({ ...input, ...keys(input), updated_at: nowIso() })
        .where('id', '=', id)
        .returning(machineColumns)
        .executeTakeFirst();
    },

    /**
     * A page of the catalogue, searched and sorted over the whole of it, with the number of matches
     * counted in the same statement. Written as SQL, as the other calls staff make most
     * (docs/architecture.md#budgets).
     */
    async list({ search, sort, order, limit, offset }: MachineListPage) {
      const matching = search ? sql`where ${matchesOf(kind, search)}` : sql``;
      const { rows } = await sql<MachineListRow & { total: number }>`
        select machines.id, machines.name, brands.name as brand_name, machines.ean_number, machines.created_at,
               count(*) over () as total
        from machines join brands on brands.id = machines.brand_id
        ${matching}
        ${orderBy(sortColumns[sort], 'machines.id', order)}
        limit ${limit} offset ${offset}`.execute(db);
      if (rows.length)
        return { rows: rows.map(({ total: _total, ...row }) => row), total: Number(rows[0].total) };
      // Past the last page no row carries the count, so it is asked on its own.
      const { rows: counted } = await sql<{ total: number }>`
        select count(*) as total from machines join brands on brands.id = machines.brand_id ${matching}`.execute(
        db,
      );
      return { rows: [], total: Number(counted[0].total) };
    },
  };
}
export type MachinesRepository = ReturnType<typeof machinesRepository>;
