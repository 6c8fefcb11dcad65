import { sql } from 'kysely';
import type { DatabaseHandle } from '../../db/database';

/** One month of a series as the database gathers it: [month, certificates, units, voided_units, name?]. */
export type MonthEntry = [
  month: string,
  certificates: number,
  units: number,
  voided_units: number,
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
