import { sql, type Kysely } from 'kysely';
import type { DatabaseHandle } from '../../db/database';
import type { Database } from '../../db/schema';

/** What one write adds to the units per month: an issue adds a certificate and its units, a void voided units. */
export interface UnitTotals {
  /** The issue month, YYYY-MM in Europe/Berlin (issueMonth of the certificate's serial base). */
  month: string;
  brandId: number;
  machineId: number;
  /** The checker's name as on the certificate; counted under its lower-cased key. */
  checker: string;
  checkerKey: string;
  certificates: number;
  units: number;
  voidedUnits: number;
}

/** The issue month (YYYY-MM, Europe/Berlin) of a certificate: its serial base ends in YYMM of that month. */
export const issueMonth = (serialBase: string) => `20${serialBase.slice(-4, -2)}-${serialBase.slice(-2)}`;

type Counts = Pick<UnitTotals, 'certificates' | 'units' | 'voidedUnits'>;
type UnitsTable = 'units_by_brand' | 'units_by_machine' | 'units_by_checker';

/** The stored counts plus the inserted ones, for an upsert into `table`. */
const added = (table: UnitsTable) => ({
  certificates: sql<number>`${sql.ref(`${table}.certificates`)} + excluded.certificates`,
  units: sql<number>`${sql.ref(`${table}.units`)} + excluded.units`,
  voided_units: sql<number>`${sql.ref(`${table}.voided_units`)} + excluded.voided_units`,
});
const columnsOf = (counts: Counts) => ({
  certificates: counts.certificates,
  units: counts.units,
  voided_units: counts.voidedUnits,
});

async function addCheckerTotals(
  db: Kysely<Database>,
  { month, checker, checkerKey }: Pick<UnitTotals, 'month' | 'checker' | 'checkerKey'>,
  counts: Counts,
) {
  await db
    .insertInto('units_by_checker')
    .values({ month, checker_key: checkerKey, checker, ...columnsOf(counts) })
    .onConflict((oc) =>
      oc
        .columns(['month', 'checker_key'])
        .doUpdateSet({ ...added('units_by_checker'), checker: sql<string>`excluded.checker` }),
    )
    .execute();
}

/** The writes that keep the units per month, on the database or inside the transaction of a certificate. */
export function unitTotalsQueries(db: Kysely<Database>) {
  return {
    /**
     * Adds `totals` to the units per month of its brand, machine and checker (migration 2026-11-23T11-00-reports).
     * Call it inside the transaction that issues (one certificate, its units) or voids (its newly voided units),
     * so the charts always agree with the certificates. The rows are always locked in the same order (brand,
     * machine, checker), so concurrent writers queue instead of deadlocking.
     */
    async add(totals: UnitTotals): Promise<void> {
      const counts = columnsOf(totals);
      await db
        .insertInto('units_by_brand')
        .values({ month: totals.month, brand_id: totals.brandId, ...counts })
        .onConflict((oc) => oc.columns(['month', 'brand_id']).doUpdateSet(added('units_by_brand')))
        .execute();
      for (const period of [totals.month, totals.month.slice(0, 4)])
        await db
          .insertInto('units_by_machine')
          .values({ period, machine_id: totals.machineId, ...counts })
          .onConflict((oc) => oc.columns(['period', 'machine_id']).doUpdateSet(added('units_by_machine')))
          .execute();
      await addCheckerTotals(db, totals, totals);
    },

    /** A revision that corrected the checker's name: the certificate's counts move from one name to the other. */
    async moveChecker(
      month: string,
      from: Pick<UnitTotals, 'checker' | 'checkerKey'>,
      to: Pick<UnitTotals, 'checker' | 'checkerKey'>,
      counts: Counts,
    ): Promise<void> {
      if (from.checkerKey === to.checkerKey && from.checker === to.checker) return;
      // The old name is only subtracted from: its stored spelling stays as it was.
      await db
        .updateTable('units_by_checker')
        .set({
          certificates: (eb) => eb('certificates', '-', counts.certificates),
          units: (eb) => eb('units', '-', counts.units),
          voided_units: (eb) => eb('voided_units', '-', counts.voidedUnits),
        })
        .where('month', '=', month)
        .where('checker_key', '=', from.checkerKey)
        .execute();
      await addCheckerTotals(db, { month, ...to }, counts);
    },
  };
}

/** One month of a series as the database gathers it: [month, certificates, units, voided_units, name?]. */
export type MonthEntry = [
  month: string,
  certificates: number,
  units: number,
  voidedUnits: number,
  name?: string,
];

/**
 * The rows of a group gathered into one JSON array of month entries by the database: a chart's 24 months of 50
 * brands are then 50 rows to read, not 1,200 (reading the rows, not finding them, was the cost:
 * docs/architecture.md#reports-filters-exports-charts). Always text, so both databases are parsed alike.
 */
function monthEntries(kind: DatabaseHandle['kind'], columns: string[]) {
  const entry = sql.join(columns.map((column) => sql.ref(column)));
  return kind === 'postgres'
    ? sql`json_agg(json_build_array(${entry}))::text`
    : sql`json_group_array(json_array(${entry}))`;
}

/**
 * The reports' reads: each reads the small tables of units per month, never the certificates. The monthly ones
 * are written as SQL, as the other calls staff make often: building them per request cost more than running.
 */
export function reportsRepository({ db, kind }: DatabaseHandle) {
  const brandMonths = monthEntries(kind, ['u.month', 'u.certificates', 'u.units', 'u.voided_units']);
  const checkerMonths = monthEntries(kind, ['month', 'certificates', 'units', 'voided_units', 'checker']);
  return {
    /** Each brand with units in the period, with its months' counts. */
    async unitsByBrand(from: string, to: string) {
      const { rows } = await sql<{ brand_id: number; brand_name: string; months: string }>`
        select b.id as brand_id, b.name as brand_name, ${brandMonths} as months
        from units_by_brand u join brands b on b.id = u.brand_id
        where u.month >= ${from} and u.month <= ${to}
        group by b.id, b.name
        order by b.id`.execute(db);
      return rows.map(({ months, ...brand }) => ({ ...brand, months: JSON.parse(months) as MonthEntry[] }));
    },

    /** The `limit` machines with the most units issued in `period` (a month or a year), most first. */
    topMachines(period: string, limit: number) {
      return db
        .selectFrom('units_by_machine as u')
        .innerJoin('machines as m', 'm.id', 'u.machine_id')
        .innerJoin('brands as b', 'b.id', 'm.brand_id')
        .select([
          'u.machine_id',
          'm.name as machine_name',
          'b.name as brand_name',
          'u.certificates',
          'u.units',
          'u.voided_units',
        ])
        .where('u.period', '=', period)
        .orderBy('u.units', 'desc')
        .orderBy('u.machine_id', 'desc')
        .limit(limit)
        .execute();
    },

    /** Each checker (by key) with units in the period, with its months' counts and the name typed in each. */
    async unitsByChecker(from: string, to: string) {
      // A name a revision corrected away keeps its row, with nothing left in it.
      const { rows } = await sql<{ months: string }>`
        select ${checkerMonths} as months
        from units_by_checker
        where certificates > 0 and month >= ${from} and month <= ${to}
        group by checker_key
        order by checker_key`.execute(db);
      return rows.map(({ months }) => JSON.parse(months) as MonthEntry[]);
    },

    /** Every checker once (by key), with the name as last typed in the latest month. */
    async checkers(): Promise<string[]> {
      const rows = await db
        .selectFrom('units_by_checker as u')
        .select('u.checker')
        .where('u.certificates', '>', 0)
        .where(({ eb, selectFrom }) =>
          eb(
            'u.month',
            '=',
            selectFrom('units_by_checker as l')
              .select((e) => e.fn.max('l.month').as('m'))
              .whereRef('l.checker_key', '=', 'u.checker_key'),
          ),
        )
        .orderBy('u.checker_key')
        .execute();
      return rows.map((row) => row.checker);
    },
  };
}

export type ReportsRepository = ReturnType<typeof reportsRepository>;
