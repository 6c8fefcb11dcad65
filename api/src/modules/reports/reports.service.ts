import {
  addMonths,
  berlinMonth,
  monthsBetween,
  type ReportPeriodQuery,
  type TopMachinesQuery,
  type UnitsByBrandReport,
  type UnitsByCheckerReport,
} from 'contracts';
import { badRequest } from '../../errors';
import { messages } from '../../messages';
import type { MonthEntry, ReportsRepository } from './reports.repository';

/** The charts' default period: the last 24 months, this one included. */
export const DEFAULT_MONTHS = 24;
/** The longest period one call may ask for: ten years of months. */
export const MAX_MONTHS = 120;

/** The period asked for, with the defaults filled in; an inverted or overlong one is refused. */
export function periodOf({ from, to }: ReportPeriodQuery, now: Date) {
  const end = to ?? berlinMonth(now);
  const start = from ?? addMonths(end, -(DEFAULT_MONTHS - 1));
  if (start > end) throw badRequest(messages.periodInverted, { to: messages.periodInverted });
  if (start < addMonths(end, -(MAX_MONTHS - 1)))
    throw badRequest(messages.periodTooLong(MAX_MONTHS), { from: messages.periodTooLong(MAX_MONTHS) });
  return { from: start, to: end, months: monthsBetween(start, end) };
}

/** A series' counts, one per month of `months` (zero where the database had no entry). */
function series(months: string[], entries: MonthEntry[]) {
  const counts = {
    certificates: new Array<number>(months.length).fill(0),
    units: new Array<number>(months.length).fill(0),
    voided_units: new Array<number>(months.length).fill(0),
  };
  for (const [month, certificates, units, voided_units] of entries) {
    const m = months.indexOf(month);
    counts.certificates[m] = certificates;
    counts.units[m] = units;
    counts.voided_units[m] = voided_units;
  }
  return counts;
}

export function reportsService(reports: ReportsRepository, clock = () => new Date()) {
  return {
    async unitsByBrand(query: ReportPeriodQuery): Promise<UnitsByBrandReport> {
      const period = periodOf(query, clock());
      const brands = await reports.unitsByBrand(period.from, period.to);
      return {
        ...period,
        data: brands.map((brand) => ({
          brand_id: brand.brand_id,
          brand_name: brand.brand_name,
          ...series(period.months, brand.months),
        })),
      };
    },
    async topMachines({ limit = 10, period = berlinMonth(clock()).slice(0, 4) }: TopMachinesQuery) {
      return { period, data: await reports.topMachines(period, limit) };
    },
    async unitsByChecker(query: ReportPeriodQuery): Promise<UnitsByCheckerReport> {
      const period = periodOf(query, clock());
      const checkers = await reports.unitsByChecker(period.from, period.to);
      return {
        ...period,
        data: checkers.map((months) => {
          // Named as typed in the latest of its months.
          const latest = months.reduce((a, b) => (b[0] > a[0] ? b : a));
          return { checker: latest[4]!, ...series(period.months, months) };
        }),
      };
    },
    checkers: reports.checkers,
  };
}
