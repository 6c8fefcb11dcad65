import type { CertificateSort, CertificateStatus } from 'contracts';
import {
  sql,
  type Insertable,
  type Kysely,
  type RawBuilder,
  type SqlBool,
  type Selectable,
  type Updateable,
} from 'kysely';
import type { Db } from '../../db/database';
import { orderBy } from '../../db/order';
import { auditQueries } from '../audit/audit.repository';
import { unitTotalsQueries } from '../reports/reports.repository';
import type {
  CertificateRevisionsTable,
  CertificatesTable,
  Database,
  IdempotencyKeysTable,
} from '../../db/schema';
import { containsText } from '../../text';

export type CertificateRow = Selectable<CertificatesTable>;
export type NewCertificateRow = Insertable<CertificatesTable>;
export type CertificateChange = Updateable<CertificatesTable>;

/**
 * The column each list order sorts by. `pos` counts from the newest certificate, so it sorts by issue time (then
 * id, for issues in the same moment): every filter's index ends in created_at (migration
 * 2026-11-23T11-00-reports), so a filtered page is the first entries of that index, and the whole list reads
 * certificates_created (created_at, id). Ordered by id, PostgreSQL walked the primary key backwards looking for
 * a brand's week (955 ms at 1,000,000 certificates, 1 ms by issue time).
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
] as const;
export type CertificateListRow = Pick<CertificateRow, (typeof LIST_COLUMNS)[number]>;
const LIST_SELECTION = sql.join(LIST_COLUMNS.map((column) => sql.ref(column)));

/**
 * What the list and the export are narrowed to (all optional): issued at or after `createdFrom` and before
 * `createdBefore` (UTC ISO times), of a brand, a machine, a checker (lower-cased key), and matching `search`.
 */
export interface CertificateFilter {
  /** One certificate: the one a whole unit serial in the search found. */
  certificateId?: number;
  createdFrom?: string;
  createdBefore?: string;
  brandId?: number;
  machineId?: number;
  checkerKey?: string;
  status?: CertificateStatus;
  search?: string;
}

export const isFiltered = (filter: CertificateFilter) => Object.values(filter).some((v) => v !== undefined);

/**
 * The conditions of `filter` on the certificates table, as SQL (each backed by an index of migration
 * 2026-11-23T11-00-reports), for the statements written as SQL and the query builder alike.
 */
function matching(filter: CertificateFilter) {
  const conditions: RawBuilder<unknown>[] = [];
  if (filter.certificateId !== undefined) conditions.push(sql`certificates.id = ${filter.certificateId}`);
  if (filter.createdFrom) conditions.push(sql`certificates.created_at >= ${filter.createdFrom}`);
  if (filter.createdBefore) conditions.push(sql`certificates.created_at < ${filter.createdBefore}`);
  if (filter.brandId !== undefined) conditions.push(sql`certificates.brand_id = ${filter.brandId}`);
  if (filter.machineId !== undefined) conditions.push(sql`certificates.machine_id = ${filter.machineId}`);
  if (filter.status !== undefined) conditions.push(sql`certificates.status = ${filter.status}`);
  if (filter.checkerKey !== undefined)
    conditions.push(sql`certificates.checked_by_key = ${filter.checkerKey}`);
  if (filter.search)
    conditions.push(sql`(certificates.serial_base = ${filter.search}
      or certificates.machine_id in (select id from machines where ${containsText('machines.name_key', filter.search)})
      or ${containsText('certificates.checked_by_key', filter.search)})`);
  return conditions.length ? sql<SqlBool>`${sql.join(conditions, sql` and `)}` : sql<SqlBool>`1 = 1`;
}

const EXPORT_COLUMNS = [...LIST_COLUMNS, 'brand_name', 'machine_name_key'] as const;
export type CertificateExportRow = Pick<CertificateRow, (typeof EXPORT_COLUMNS)[number]>;
export interface UnitRow {
  certificate_id: number;
  unit_index: number;
  serial: string;
  voided_at: string | null;
}

export interface ListPage {
  sort: CertificateSort;
  direction: 'asc' | 'desc';
  limit: number;
  offset: number;
}

/** The queries of certificates, on the database or inside a transaction. */
function queries(db: Kysely<Database>) {
  const total = db.selectFrom('totals').select('value').where('name', '=', 'certificates');
  return {
    /** The audit trail in the same transaction: an issued certificate and its event are stored together. */
    audit: auditQueries(db),
    /** The units per month of the reports, counted in the issuing transaction. */
    unitTotals: unitTotalsQueries(db),

    /** Takes the next `quantity` numbers of the counter of `serialBase`; returns the last one taken. */
    async takeUnitNumbers(serialBase: string, quantity: number): Promise<number> {
      const { last } = await db
        .insertInto('serial_counters')
        .values({ serial_base: serialBase, last: quantity })
        .onConflict((oc) =>
          oc.column('serial_base').doUpdateSet({ last: sql<number>`serial_counters.last + ${quantity}` }),
        )
        .returning('last')
        .executeTakeFirstOrThrow();
      return Number(last);
    },

    insert(row: NewCertificateRow): Promise<CertificateRow> {
      return db.insertInto('certificates').values(row).returningAll().executeTakeFirstOrThrow();
    },

    async insertUnits(certificateId: number, serials: string[]) {
      await db
        .insertInto('certificate_units')
        .values(serials.map((serial, k) => ({ certificate_id: certificateId, unit_index: k, serial })))
        .execute();
    },

    /** The maintained count of certificates (migration 2026-11-21T01-00-totals), one more. */
    async countOneMore() {
      await db
        .updateTable('totals')
        .set((eb) => ({ value: eb('value', '+', 1) }))
        .where('name', '=', 'certificates')
        .execute();
    },

    /** The certificate issued earlier with `key` by this account, and the hash of the request that issued it. */
    findIssuedWithKey(accountId: number, key: string) {
      return db
        .selectFrom('idempotency_keys')
        .select(['request_hash', 'certificate_id'])
        .where('account_id', '=', accountId)
        .where('key', '=', key)
        .executeTakeFirst();
    },

    async rememberKey(row: Insertable<IdempotencyKeysTable>) {
      await db.insertInto('idempotency_keys').values(row).execute();
    },

    get(id: number): Promise<CertificateRow | undefined> {
      return db.selectFrom('certificates').selectAll().where('id', '=', id).executeTakeFirst();
    },

    /**
     * Writes `change` only if the certificate is still at `version`, and counts the version up: the check
     * and the write are one statement, so two changes made on the same version cannot both land.
     */
    async changeAt(id: number, version: number, change: CertificateChange): Promise<boolean> {
      const { numUpdatedRows } = await db
        .updateTable('certificates')
        .set({ ...change, version: version + 1 })
        .where('id', '=', id)
        .where('version', '=', version)
        .executeTakeFirst();
      return numUpdatedRows === 1n;
    },

    async insertRevision(row: Insertable<CertificateRevisionsTable>) {
      await db.insertInto('certificate_revisions').values(row).execute();
    },

    /** The revisions a newer one replaced, newest first, with who made each. */
    replacedRevisions(id: number) {
      return db
        .selectFrom('certificate_revisions')
        .leftJoin('users', 'users.id', 'certificate_revisions.issued_by')
        .select([
          'certificate_revisions.revision',
          'certificate_revisions.fields',
          'certificate_revisions.issued_at',
          'users.email as issued_by_email',
          'certificate_revisions.reason',
          'certificate_revisions.replaced_at',
        ])
        .where('certificate_id', '=', id)
        .orderBy('revision', 'desc')
        .execute();
    },

    replacedRevision(id: number, revision: number) {
      return db
        .selectFrom('certificate_revisions')
        .selectAll()
        .where('certificate_id', '=', id)
        .where('revision', '=', revision)
        .executeTakeFirst();
    },

    async emailOf(accountId: number | null) {
      if (accountId === null) return null;
      const user = await db
        .selectFrom('users')
        .select('email')
        .where('id', '=', accountId)
        .executeTakeFirst();
      return user?.email ?? null;
    },

    units(id: number) {
      return db
        .selectFrom('certificate_units')
        .select(['serial', 'unit_index', 'voided_at', 'void_reason'])
        .where('certificate_id', '=', id)
        .orderBy('unit_index')
        .execute();
    },

    async voidedSerials(id: number) {
      const rows = await db
        .selectFrom('certificate_units')
        .select('serial')
        .where('certificate_id', '=', id)
        .where('voided_at', 'is not', null)
        .orderBy('unit_index')
        .execute();
      return rows.map(({ serial }) => serial);
    },

    unitBySerial(serial: string) {
      return db
        .selectFrom('certificate_units')
        .select(['certificate_id', 'serial', 'unit_index', 'voided_at', 'void_reason'])
        .where('serial', '=', serial)
        .executeTakeFirst();
    },

    /** Voids the units of `serials` (all units when undefined) that are not voided yet; returns their serials. */
    async voidUnits(
      id: number,
      serials: string[] | undefined,
      void_: { voided_at: string; voided_by: number; void_reason: string },
    ) {
      const rows = await db
        .updateTable('certificate_units')
        .set(void_)
        .where('certificate_id', '=', id)
        .where('voided_at', 'is', null)
        .$if(serials !== undefined, (query) => query.where('serial', 'in', serials!))
        .returning('serial')
        .execute();
      return rows.map(({ serial }) => serial);
    },

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
      return Number((await total.executeTakeFirst())?.value ?? 0);
    },

    /** The certificate that holds unit `serial`, from the unique index of unit serials. */
    async findByUnitSerial(serial: string): Promise<CertificateListRow | undefined> {
      const { rows } = await sql<CertificateListRow>`
        select ${LIST_SELECTION} from certificates
        where id = (select certificate_id from certificate_units where serial = ${serial})`.execute(db);
      return rows[0];
    },

    /** The certificate that holds unit `serial` if it also matches `filter` (its search aside). */
    async findByUnitSerialMatching(serial: string, { search: _search, ...filter }: CertificateFilter) {
      return db
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

    /**
     * The certificates matching `filter` in list order, `size` at a time: each batch continues after the
     * last row of the one before (sort value, then id), so a million rows never sit in memory and a deep
     * batch costs what the first does.
     */
    async *exportBatches(
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
            const next = eb(
              eb.refTuple(column, 'id'),
              after,
              eb.tuple(from[column as keyof typeof from], from.id),
            );
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
    },

    /** The units of the given certificates, in certificate and unit order. */
    unitsOf(certificateIds: number[]): Promise<UnitRow[]> {
      return db
        .selectFrom('certificate_units')
        .select(['certificate_id', 'unit_index', 'serial', 'voided_at'])
        .where('certificate_id', 'in', certificateIds)
        .orderBy('certificate_id')
        .orderBy('unit_index')
        .execute();
    },
  };
}

export type CertificateQueries = ReturnType<typeof queries>;

export function certificatesRepository(db: Db) {
  return {
    ...queries(db),
    /** Runs `work` in one transaction with the same queries bound to it. */
    transaction<T>(work: (trx: CertificateQueries) => Promise<T>): Promise<T> {
      return db.transaction().execute((trx) => work(queries(trx)));
    },
  };
}
