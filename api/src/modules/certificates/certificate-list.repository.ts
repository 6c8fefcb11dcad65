import {
  CHECK_FIELDS,
  type CertificateSort,
  type CertificateStatus,
  type CertificateVerdict,
} from 'contracts';
import { sql, type Kysely, type RawBuilder, type SqlBool } from 'kysely';
import { orderBy } from '../../db/order';
import type { CertificatesTable, Database } from '../../db/schema';
import { containsText } from '../../text';
import type { CertificateRow } from './certificates.repository';

/**
 * The column each list order sorts by. `pos` counts from the newest certificate, so it sorts by issue time (then
 * id, for issues in the same moment): every filter's index ends in created_at (migration
 * 2026-11-23T11-00-reports), so a filtered page is the first entries of that index, and the whole list reads
 * certificates_created (created_at, id). Ordered by id, PostgreSQL walked the primary key backwards looking for
 * a brand's week (docs/architecture.md#budgets).
 */
const SORT_COLUMNS = {
  pos: 'created_at',
  machine_name: 'machine_name_key',
  first_serial: 'first_serial',
  last_serial: 'last_serial',
  checked_by: 'checked_by',
  quantity: 'quantity',
  created_at: 'created_at',
} as const satisfies Record<CertificateSort, keyof CertificatesTable>;

const LIST_COLUMNS = [
  'id',
  'machine_id',
  'machine_name',
  'first_serial',
  'last_serial',
  'checked_by',
  'quantity',
  'created_at',
  'status',
  'revision',
  'version',
  'voided_units',
  'verdict',
  'failed_units',
] as const;
export type CertificateListRow = Pick<CertificateRow, (typeof LIST_COLUMNS)[number]>;
const LIST_SELECTION = sql.join(LIST_COLUMNS.map((column) => sql.ref(column)));

// The earlier app's check columns too: the values of a certificate issued before attempts were stored. Its plan
// version and tester for the export by unit (export-columns.ts).
const EXPORT_COLUMNS = [
  ...LIST_COLUMNS,
  'brand_name',
  'machine_name_key',
  'void_reason',
  'plan_version',
  'tested_by_name',
  ...CHECK_FIELDS,
  'resistance_to_voltage',
] as const;
export type CertificateExportRow = Pick<CertificateRow, (typeof EXPORT_COLUMNS)[number]>;

/**
 * What the list and the export are narrowed to (all optional): issued at or after `created_from` and before
 * `created_before` (UTC ISO times), of a brand, a machine, a checker (lower-cased key), and matching `search`.
 */
export interface CertificateFilter {
  /** One certificate: the one a whole unit serial in the search found. */
  certificate_id?: number;
  created_from?: string;
  created_before?: string;
  brand_id?: number;
  machine_id?: number;
  checker_key?: string;
  status?: CertificateStatus;
  verdict?: CertificateVerdict;
  search?: string;
  /** The certificate number (Prüfbericht Nr.) the search names, found beside what else it matches. */
  search_number?: number;
}

export const isFiltered = (filter: CertificateFilter) => Object.values(filter).some((v) => v !== undefined);

/**
 * The conditions of `filter` on the certificates table, as SQL (each backed by an index of migration
 * 2026-11-23T11-00-reports), for the statements written as SQL and the query builder alike.
 */
function matching(filter: CertificateFilter) {
  const conditions: RawBuilder<unknown>[] = [];
  if (filter.certificate_id !== undefined) conditions.push(sql`certificates.id = ${filter.certificate_id}`);
  if (filter.created_from) conditions.push(sql`certificates.created_at >= ${filter.created_from}`);
  if (filter.created_before) conditions.push(sql`certificates.created_at < ${filter.created_before}`);
  if (filter.brand_id !== undefined) conditions.push(sql`certificates.brand_id = ${filter.brand_id}`);
  if (filter.machine_id !== undefined) conditions.push(sql`certificates.machine_id = ${filter.machine_id}`);
  if (filter.status !== undefined) conditions.push(sql`certificates.status = ${filter.status}`);
  if (filter.verdict !== undefined) conditions.push(sql`certificates.verdict = ${filter.verdict}`);
  if (filter.checker_key !== undefined)
    conditions.push(sql`certificates.checked_by_key = ${filter.checker_key}`);
  if (filter.search)
    conditions.push(sql`(certificates.serial_base = ${filter.search}
      ${filter.search_number === undefined ? sql`` : sql`or certificates.id = ${filter.search_number}`}
      or certificates.machine_id in (select id from machines where ${containsText('machines.name_key', filter.search)})
      or ${containsText('certificates.checked_by_key', filter.search)})`);
  return conditions.length ? sql<SqlBool>`${sql.join(conditions, sql` and `)}` : sql<SqlBool>`1 = 1`;
}

export interface ListPage {
  sort: CertificateSort;
  direction: 'asc' | 'desc';
  limit: number;
  offset: number;
}

/**
 * The certificates matching `filter` in list order, `size` at a time: each batch continues after the
 * last row of the one before (sort value, then id), so a million rows never sit in memory and a deep
 * batch costs what the first does.
 */
async function* exportBatches(
  db: Kysely<Database>,
  filter: CertificateFilter,
  { sort, direction }: Pick<ListPage, 'sort' | 'direction'>,
  size: number,
): AsyncGenerator<CertificateExportRow[]> {
  const column = SORT_COLUMNS[sort];
  const after = direction === 'asc' ? '>' : '<';
  let last: CertificateExportRow | undefined;
  for (;;) {
    const from: CertificateExportRow | undefined = last;
    const batch: CertificateExportRow[] = await db
      .selectFrom('certificates')
      .select(EXPORT_COLUMNS)
      .where((eb) => {
        if (!from) return matching(filter);
        const next = eb(eb.refTuple(column, 'id'), after, eb.tuple(from[column], from.id));
        return eb.and([matching(filter), next]);
      })
      .orderBy(column, direction)
      .orderBy('id', direction)
      .limit(size)
      .execute();
    if (batch.length) yield batch;
    if (batch.length < size) return;
    last = batch[batch.length - 1];
  }
}

/** The certificate list's and the export's reads: the calls staff make most, written as SQL where they are. */
export function certificateListRepository(db: Kysely<Database>) {
  return {
    /**
     * A page of the whole list with the maintained total on each row, in one statement. The page's ids are
     * found in the narrow index of the sort column and id (migration 2026-11-21T04-00-list-order), then
     * only those rows are read: a deep page counts past index entries, not whole rows. Written as SQL, as
     * the other calls staff make most (docs/architecture.md#budgets).
     */
    async listPage({ sort, direction, limit, offset }: ListPage) {
      const order = orderBy(SORT_COLUMNS[sort], 'id', direction);
      const { rows } = await sql<CertificateListRow & { total: number }>`
        select ${LIST_SELECTION}, (select value from totals where name = 'certificates') as total
        from certificates
        where id in (select id from certificates ${order} limit ${limit} offset ${offset})
        ${order}`.execute(db);
      return rows;
    },

    async total(): Promise<number> {
      const row = await db
        .selectFrom('totals')
        .select('value')
        .where('name', '=', 'certificates')
        .executeTakeFirst();
      return Number(row?.value ?? 0);
    },

    /**
     * The certificate that holds unit `serial` if it also matches `filter` (its search aside), with that
     * serial as `unit_serial` (the unique index compares it exactly, so it is spelt as issued).
     */
    async unitMatching(serial: string, { search: _search, ...filter }: CertificateFilter) {
      const row = await db
        .selectFrom('certificates')
        .select(LIST_COLUMNS)
        .where((eb) =>
          eb.and([
            eb(
              'id',
              '=',
              eb.selectFrom('certificate_units').select('certificate_id').where('serial', '=', serial),
            ),
            matching(filter),
          ]),
        )
        .executeTakeFirst();
      return row && { ...row, unit_serial: serial };
    },

    /**
     * A page of the certificates matching `filter`, each row with their count, in one statement written as SQL
     * like listPage's: the page's ids come from the filter's index alone (each ends in created_at, the list's
     * default order), then only those rows are read. The search finds a month's serials (prefix + YYMM), the
     * machine name (via the much smaller machine table), or the checker.
     */
    async filteredPage(filter: CertificateFilter, { sort, direction, limit, offset }: ListPage) {
      const where = matching(filter);
      const order = orderBy(SORT_COLUMNS[sort], 'id', direction);
      const { rows } = await sql<CertificateListRow & { total: number }>`
        select ${LIST_SELECTION}, (select count(*) from certificates where ${where}) as total
        from certificates
        where id in (select id from certificates where ${where} ${order} limit ${limit} offset ${offset})
        ${order}`.execute(db);
      return rows;
    },

    /** How many certificates match `filter`. */
    async count(filter: CertificateFilter): Promise<number> {
      const { rows } = await sql<{ count: number }>`
        select count(*) as count from certificates where ${matching(filter)}`.execute(db);
      return Number(rows[0].count);
    },

    /** How many certificates match `filter`, and how many units they hold. */
    async totals(filter: CertificateFilter): Promise<{ certificates: number; units: number }> {
      const { rows } = await sql<{ certificates: number; units: number }>`
        select count(*) as certificates, coalesce(sum(quantity), 0) as units
        from certificates where ${matching(filter)}`.execute(db);
      return { certificates: Number(rows[0].certificates), units: Number(rows[0].units) };
    },

    /** The certificates matching `filter` in list order, `size` at a time (exportBatches). */
    exportBatches: (filter: CertificateFilter, order: Pick<ListPage, 'sort' | 'direction'>, size: number) =>
      exportBatches(db, filter, order, size),
  };
}

export type CertificateListRepository = ReturnType<typeof certificateListRepository>;
