import type { MachineListQuery } from 'contracts';
import { DEFAULT_PAGE_SIZE } from 'contracts';
import type { Db } from '../../db/database';
import { containsText, nowIso, searchKey } from '../../text';

export interface MachineInput {
  brand_id: number;
  name: string;
  serial_prefix: string;
  ean_number: string;
  link_en: string;
  link_ger: string;
  image: string;
  electronic_circuit_board: number;
  voltage_resistance: string;
  observation: string;
  description: string;
}

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
  name_key: searchKey(input.name),
  search_key: searchKey(input.name, input.ean_number, input.serial_prefix),
});

const sortColumns = {
  pos: 'machines.id',
  name: 'machines.name_key',
  brand_name: 'brands.name_key',
  created_at: 'machines.created_at',
} as const;

export function machinesRepository(db: Db) {
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
        .where('name_key', '=', searchKey(name));
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

    /** Search, sort and paginate over the whole catalogue; `pos` is the row's place in that order. */
    async list(query: MachineListQuery) {
      const page = query.page ?? 1;
      const perPage = query.per_page ?? DEFAULT_PAGE_SIZE;
      const sort = query.sort ?? 'pos';
      const order = query.order ?? 'asc';
      const search = query.search?.trim() ?? '';

      let base = db.selectFrom('machines').innerJoin('brands', 'brands.id', 'machines.brand_id');
      if (search) {
        base = base.where((eb) =>
          eb.or([containsText('machines.search_key', search), containsText('brands.name_key', search)]),
        );
      }
      const { total } = await base
        .select((eb) => eb.fn.countAll<number>().as('total'))
        .executeTakeFirstOrThrow();
      const rows = await base
        .select([
          'machines.id',
          'machines.name',
          'brands.name as brand_name',
          'machines.ean_number',
          'machines.created_at',
        ])
        .orderBy(sortColumns[sort], order)
        .orderBy('machines.id', order)
        .limit(perPage)
        .offset((page - 1) * perPage)
        .execute();
      const offset = (page - 1) * perPage;
      const totalCount = Number(total);
      return {
        total: totalCount,
        data: rows.map((row, i) => ({
          ...row,
          // Sorted by position descending, positions count down so each row keeps its number.
          pos: sort === 'pos' && order === 'desc' ? totalCount - offset - i : offset + i + 1,
        })),
      };
    },
  };
}
