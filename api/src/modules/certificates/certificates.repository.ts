import type { CertificateSort } from 'contracts';
import { sql, type Insertable, type Kysely, type Selectable } from 'kysely';
import type { Db } from '../../db/database';
import { orderBy } from '../../db/order';
import { auditQueries } from '../audit/audit.repository';
import type { CertificatesTable, Database, IdempotencyKeysTable } from '../../db/schema';
import { containsText } from '../../text';

export type CertificateRow = Selectable<CertificatesTable>;
export type NewCertificateRow = Insertable<CertificatesTable>;

/** The column each list order sorts by; `pos` counts from the newest certificate, so it sorts by id. */
const SORT_COLUMNS = {
  pos: 'id',
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
] as const;
export type CertificateListRow = Pick<CertificateRow, (typeof LIST_COLUMNS)[number]>;
const LIST_SELECTION = sql.join(LIST_COLUMNS.map((column) => sql.ref(column)));

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

    /** A month's serials (prefix + YYMM), the machine name (via the much smaller machine table), or the checker. */
    async search(text: string, page: ListPage) {
      const column = SORT_COLUMNS[page.sort];
      const matching = db
        .selectFrom('certificates')
        .where((eb) =>
          eb.or([
            eb('certificates.serial_base', '=', text),
            eb(
              'certificates.machine_id',
              'in',
              eb.selectFrom('machines').select('id').where(containsText('machines.name_key', text)),
            ),
            containsText('certificates.checked_by_key', text),
          ]),
        );
      const rows = await matching
        .select(LIST_COLUMNS)
        .orderBy(column, page.direction)
        .orderBy('id', page.direction)
        .limit(page.limit)
        .offset(page.offset)
        .execute();
      const { count } = await matching
        .select((eb) => eb.fn.countAll<number>().as('count'))
        .executeTakeFirstOrThrow();
      return { rows, total: Number(count) };
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
