import {
  CHECK_FIELDS,
  DEFAULT_PAGE_SIZE,
  unitSerial,
  type CertificateCreateBody,
  type CertificateListQuery,
  type PrintData,
} from 'contracts';
import { sql, type Selectable } from 'kysely';
import type { Db } from '../../db/database';
import { prepare } from '../../db/prepared';
import type { ReadCache } from '../../db/read-cache';
import type { CertificatesTable } from '../../db/schema';
import { containsText, searchKey } from '../../text';
import { serialNoPart1 } from './serial';

export interface CertificateSnapshot {
  machine: {
    id: number;
    name: string;
    image: string;
    serial_prefix: string;
    ean_number: string;
    electronic_circuit_board: number;
  };
  brand: { id: number; name: string; logo: string; email: string; website_link: string };
}

const sortColumns = {
  machine_type: 'search_key',
  serial_no: 'serial_no',
  endSerialNo: 'end_serial_no',
  checked_by: 'checked_by',
  crowd: 'crowd',
  created_at: 'created_at',
} as const;

export function toPrintData(row: Selectable<CertificatesTable>): PrintData {
  const checks = Object.fromEntries(CHECK_FIELDS.map((field) => [field, row[field]]));
  return {
    id: row.id,
    brand_id: row.brand_id,
    machine_id: row.machine_id,
    checked_by: row.checked_by,
    crowd: row.crowd,
    ...checks,
    resistance_to_voltage: row.resistance_to_voltage,
    observation: row.observation,
    origin_germany: row.origin_germany,
    electronic_circuit_board: row.electronic_circuit_board,
    machine_type: row.machine_type,
    machine_image: row.machine_image,
    serial_prefix: row.serial_prefix,
    brand_name: row.brand_name,
    brand_image: row.brand_image,
    brand_email: row.brand_email,
    brand_website: row.brand_website,
    ean_number: row.ean_number,
    serialNoPart1: row.serial_no_part1,
    recordsCount: row.records_count,
    serial_no: row.serial_no,
    endSerialNo: row.end_serial_no,
    created_at: row.created_at,
  } as PrintData;
}

const listColumns = [
  'id',
  'machine_id',
  'machine_type',
  'serial_no',
  'end_serial_no',
  'checked_by',
  'crowd',
  'created_at',
] as const;

type ListRow = Pick<Selectable<CertificatesTable>, (typeof listColumns)[number]> & { total?: unknown };

export function certificatesRepository(db: Db, cached: ReadCache) {
  const maintainedTotal = db.selectFrom('totals').select('value').where('name', '=', 'certificates');
  // The unfiltered list, one compiled query per sort order; the maintained total rides along with the rows,
  // so the common first page is one query.
  const pages = new Map<string, (values: { limit: number; offset: number }) => Promise<ListRow[]>>();
  const listPage = (
    column: (typeof sortColumns)[keyof typeof sortColumns] | 'id',
    direction: 'asc' | 'desc',
  ) => {
    const key = `${column} ${direction}`;
    let page = pages.get(key);
    if (!page) {
      // The page's ids are found in an index of the sort column and id alone, then only those rows are
      // read: a deep page counts past narrow index entries, not whole rows.
      page = prepare(db, (v: { limit: number; offset: number }) =>
        db
          .selectFrom('certificates')
          .select(listColumns)
          .select(maintainedTotal.as('total'))
          .where('id', 'in', (eb) =>
            eb
              .selectFrom('certificates')
              .select('id')
              .orderBy(column, direction)
              .orderBy('id', direction)
              .limit(v.limit)
              .offset(v.offset),
          )
          .orderBy(column, direction)
          .orderBy('id', direction),
      );
      pages.set(key, page);
    }
    return page;
  };
  const byUnitSerial = prepare(db, (v: { serial: string }) =>
    db
      .selectFrom('certificates')
      .select(listColumns)
      .where('id', '=', (eb) =>
        eb.selectFrom('certificate_units').select('certificate_id').where('serial', '=', v.serial),
      ),
  );

  async function readList(query: CertificateListQuery) {
    const page = query.page ?? 1;
    const perPage = query.per_page ?? DEFAULT_PAGE_SIZE;
    const sort = query.sort ?? 'pos';
    const order = query.order ?? 'asc';
    const search = query.search?.trim() ?? '';
    const offset = (page - 1) * perPage;
    // The newest certificate is position 1, so ascending positions mean descending ids.
    const [column, direction] = sort === 'pos' ? (['id', flip(order)] as const) : [sortColumns[sort], order];
    const items = (rows: ListRow[], total: number) => ({
      total,
      data: rows.map(({ end_serial_no, total: _total, ...row }, i) => ({
        ...row,
        endSerialNo: end_serial_no,
        pos: sort === 'pos' && order === 'desc' ? total - offset - i : offset + i + 1,
      })),
    });

    if (!search) {
      const rows = await listPage(column, direction)({ limit: perPage, offset });
      // Past the last page no row carries the total, so it is read on its own.
      const total = rows[0]?.total ?? (await maintainedTotal.executeTakeFirst())?.value ?? 0;
      return items(rows, Number(total));
    }
    // A whole unit serial names exactly one certificate: answer from the unique index alone.
    const [unit] = await byUnitSerial({ serial: search });
    if (unit) return items(offset === 0 ? [unit] : [], 1);
    // Otherwise a month's serials (prefix + YYMM), the article number (via the much smaller machine
    // table), or the checker's name.
    const base = db
      .selectFrom('certificates')
      .where((eb) =>
        eb.or([
          eb('certificates.serial_no_part1', '=', search),
          eb(
            'certificates.machine_id',
            'in',
            eb.selectFrom('machines').select('id').where(containsText('machines.name_key', search)),
          ),
          containsText('certificates.checked_by_key', search),
        ]),
      );
    const rows = await base
      .select(listColumns)
      .orderBy(column, direction)
      .orderBy('id', direction)
      .limit(perPage)
      .offset(offset)
      .execute();
    const { total } = await base
      .select((eb) => eb.fn.countAll<number>().as('total'))
      .executeTakeFirstOrThrow();
    return items(rows, Number(total));
  }

  return {
    /**
     * Takes the next `crowd` numbers of the counter and writes the certificate with its units, all in one
     * transaction whose first statement is the counter update: concurrent creates queue on that row, a
     * failure rolls the counter back (no gaps), and the UNIQUE serial column makes a duplicate impossible.
     */
    async create(
      input: CertificateCreateBody,
      snapshot: CertificateSnapshot,
      userId: number,
      now = new Date(),
    ): Promise<PrintData> {
      const part1 = serialNoPart1(snapshot.machine.serial_prefix, now);
      const crowd = input.crowd;
      return db.transaction().execute(async (trx) => {
        const { last } = await trx
          .insertInto('serial_counters')
          .values({ part1, last: crowd })
          .onConflict((oc) =>
            oc.column('part1').doUpdateSet({ last: sql<number>`serial_counters.last + ${crowd}` }),
          )
          .returning('last')
          .executeTakeFirstOrThrow();
        const recordsCount = Number(last) - crowd + 1;
        const checks = Object.fromEntries(CHECK_FIELDS.map((field) => [field, input[field]]));
        const row = await trx
          .insertInto('certificates')
          .values({
            brand_id: snapshot.brand.id,
            machine_id: snapshot.machine.id,
            created_by: userId,
            checked_by: input.checked_by,
            checked_by_key: searchKey(input.checked_by),
            search_key: searchKey(snapshot.machine.name),
            crowd,
            ...(checks as Record<(typeof CHECK_FIELDS)[number], string>),
            resistance_to_voltage: input.resistance_to_voltage,
            observation: input.observation,
            origin_germany: input.origin_germany,
            electronic_circuit_board: snapshot.machine.electronic_circuit_board,
            machine_type: snapshot.machine.name,
            machine_image: snapshot.machine.image,
            serial_prefix: snapshot.machine.serial_prefix,
            brand_name: snapshot.brand.name,
            brand_image: snapshot.brand.logo,
            brand_email: snapshot.brand.email,
            brand_website: snapshot.brand.website_link,
            ean_number: snapshot.machine.ean_number,
            serial_no_part1: part1,
            records_count: recordsCount,
            serial_no: unitSerial(part1, recordsCount, 0),
            end_serial_no: unitSerial(part1, recordsCount, crowd - 1),
            created_at: now.toISOString(),
          })
          .returningAll()
          .executeTakeFirstOrThrow();
        await trx
          .updateTable('totals')
          .set((eb) => ({ value: eb('value', '+', 1) }))
          .where('name', '=', 'certificates')
          .execute();
        await trx
          .insertInto('certificate_units')
          .values(
            Array.from({ length: crowd }, (_, k) => ({
              certificate_id: row.id,
              unit_index: k,
              serial: unitSerial(part1, recordsCount, k),
            })),
          )
          .execute();
        return toPrintData(row);
      });
    },

    async get(id: number) {
      const row = await db.selectFrom('certificates').selectAll().where('id', '=', id).executeTakeFirst();
      return row && toPrintData(row);
    },

    /** Newest first by default; a unit serial anywhere inside a certificate's range finds that certificate. */
    list(query: CertificateListQuery) {
      // Staff reopening the list see the same pages until a certificate is created.
      return cached(`certificates ${JSON.stringify(query)}`, () => readList(query));
    },
  };
}

const flip = (order: 'asc' | 'desc') => (order === 'asc' ? 'desc' : 'asc');
