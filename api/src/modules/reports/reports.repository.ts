import { sql, type Kysely } from 'kysely';
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

/**
 * Adds `totals` to the units per month of its brand, machine and checker (migration 2026-11-23T11-00-reports).
 * Call it inside the transaction that issues (one certificate, its units) or voids (its newly voided units),
 * so the charts always agree with the certificates. The rows are always locked in the same order (brand,
 * machine, checker), so concurrent writers queue instead of deadlocking.
 */
export async function addUnitTotals(db: Kysely<Database>, totals: UnitTotals): Promise<void> {
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
}

/** A revision that corrected the checker's name: the certificate's counts move from one name to the other. */
export async function moveCheckerTotals(
  db: Kysely<Database>,
  month: string,
  from: Pick<UnitTotals, 'checker' | 'checkerKey'>,
  to: Pick<UnitTotals, 'checker' | 'checkerKey'>,
  counts: Counts,
): Promise<void> {
  if (from.checkerKey === to.checkerKey && from.checker === to.checker) return;
  const negative = {
    certificates: -counts.certificates,
    units: -counts.units,
    voidedUnits: -counts.voidedUnits,
  };
  // The old name is only subtracted from: its stored spelling stays as it was.
  await db
    .updateTable('units_by_checker')
    .set({
      certificates: (eb) => eb('certificates', '+', negative.certificates),
      units: (eb) => eb('units', '+', negative.units),
      voided_units: (eb) => eb('voided_units', '+', negative.voidedUnits),
    })
    .where('month', '=', month)
    .where('checker_key', '=', from.checkerKey)
    .execute();
  await addCheckerTotals(db, { month, ...to }, counts);
}

/** The reports' queries: each reads the small tables of units per month, never the certificates. */
export function reportQueries(db: Kysely<Database>) {
  return {
    addUnitTotals: (totals: UnitTotals) => addUnitTotals(db, totals),
    moveCheckerTotals: (
      ...args: Parameters<typeof moveCheckerTotals> extends [unknown, ...infer R] ? R : never
    ) => moveCheckerTotals(db, ...args),

    unitsByBrand(from: string, to: string) {
      return db
        .selectFrom('units_by_brand as u')
        .innerJoin('brands as b', 'b.id', 'u.brand_id')
        .select([
          'u.month',
          'u.brand_id',
          'b.name as brand_name',
          'u.certificates',
          'u.units',
          'u.voided_units',
        ])
        .where('u.month', '>=', from)
        .where('u.month', '<=', to)
        .orderBy('u.month')
        .orderBy('u.brand_id')
        .execute();
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

    unitsByChecker(from: string, to: string) {
      return (
        db
          .selectFrom('units_by_checker')
          .select(['month', 'checker', 'certificates', 'units', 'voided_units'])
          // A name a revision corrected away keeps its row, with nothing left in it.
          .where('certificates', '>', 0)
          .where('month', '>=', from)
          .where('month', '<=', to)
          .orderBy('month')
          .orderBy('checker_key')
          .execute()
      );
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

export type ReportQueries = ReturnType<typeof reportQueries>;
