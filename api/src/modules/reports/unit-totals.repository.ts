import { sql, type Kysely } from 'kysely';
import type { Database } from '../../db/schema';

/** What one write adds to the units per month: an issue adds a certificate and its units, a void voided units. */
export interface UnitTotals {
  /** The issue month, YYYY-MM in Europe/Berlin, as stored on the certificate (its `issue_month`). */
  month: string;
  brand_id: number;
  machine_id: number;
  /** The checker's name as on the certificate; counted under its lower-cased key. */
  checker: string;
  checker_key: string;
  certificates: number;
  units: number;
  voided_units: number;
}

type Counts = Pick<UnitTotals, 'certificates' | 'units' | 'voided_units'>;

/** `counts` under the month, brand, machine and checker of a certificate's row. */
export const totalsOf = (
  row: {
    issue_month: string;
    brand_id: number;
    machine_id: number;
    checked_by: string;
    checked_by_key: string;
  },
  counts: Counts,
): UnitTotals => ({
  month: row.issue_month,
  brand_id: row.brand_id,
  machine_id: row.machine_id,
  checker: row.checked_by,
  checker_key: row.checked_by_key,
  ...counts,
});
type Checker = Pick<UnitTotals, 'checker' | 'checker_key'>;
type UnitsTable = 'units_by_brand' | 'units_by_machine' | 'units_by_checker';

/** The stored counts plus the inserted ones, for an upsert into `table`. */
const added = (table: UnitsTable) => ({
  certificates: sql<number>`${sql.ref(`${table}.certificates`)} + excluded.certificates`,
  units: sql<number>`${sql.ref(`${table}.units`)} + excluded.units`,
  voided_units: sql<number>`${sql.ref(`${table}.voided_units`)} + excluded.voided_units`,
});
const countsOf = ({ certificates, units, voided_units }: Counts) => ({ certificates, units, voided_units });

async function addCheckerTotals(
  db: Kysely<Database>,
  month: string,
  { checker, checker_key }: Checker,
  counts: Counts,
) {
  await db
    .insertInto('units_by_checker')
    .values({ month, checker_key, checker, ...countsOf(counts) })
    .onConflict((oc) =>
      oc
        .columns(['month', 'checker_key'])
        .doUpdateSet({ ...added('units_by_checker'), checker: sql<string>`excluded.checker` }),
    )
    .execute();
}

/** The writes that keep the units per month, inside the transaction of a certificate (certificate-transaction.ts). */
export function unitTotalsRepository(db: Kysely<Database>) {
  return {
    /**
     * Adds `totals` to the units per month of its brand, machine and checker (migration 2026-11-23T11-00-reports).
     * Call it inside the transaction that issues (one certificate, its units) or voids (its newly voided units),
     * so the charts always agree with the certificates. The rows are always locked in the same order (brand,
     * machine, checker), so concurrent writers queue instead of deadlocking.
     */
    async add(totals: UnitTotals): Promise<void> {
      const counts = countsOf(totals);
      await db
        .insertInto('units_by_brand')
        .values({ month: totals.month, brand_id: totals.brand_id, ...counts })
        .onConflict((oc) => oc.columns(['month', 'brand_id']).doUpdateSet(added('units_by_brand')))
        .execute();
      for (const period of [totals.month, totals.month.slice(0, 4)])
        await db
          .insertInto('units_by_machine')
          .values({ period, machine_id: totals.machine_id, ...counts })
          .onConflict((oc) => oc.columns(['period', 'machine_id']).doUpdateSet(added('units_by_machine')))
          .execute();
      await addCheckerTotals(db, totals.month, totals, counts);
    },

    /** A revision that corrected the checker's name: the certificate's counts move from one name to the other. */
    async moveChecker(month: string, from: Checker, to: Checker, counts: Counts): Promise<void> {
      if (from.checker_key === to.checker_key && from.checker === to.checker) return;
      // The old name is only subtracted from: its stored spelling stays as it was.
      await db
        .updateTable('units_by_checker')
        .set({
          certificates: (eb) => eb('certificates', '-', counts.certificates),
          units: (eb) => eb('units', '-', counts.units),
          voided_units: (eb) => eb('voided_units', '-', counts.voided_units),
        })
        .where('month', '=', month)
        .where('checker_key', '=', from.checker_key)
        .execute();
      await addCheckerTotals(db, month, to, counts);
    },
  };
}
