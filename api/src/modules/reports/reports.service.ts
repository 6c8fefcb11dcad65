import { addMonths, berlinMonth, type ReportPeriodQuery, type TopMachinesQuery } from 'contracts';
import { badRequest } from '../../errors';
import { messages } from '../../messages';
import type { ReportQueries } from './reports.repository';

/** The charts' default period: the last 24 months, this one included. */
export const DEFAULT_MONTHS = 24;
/** The longest period one call may ask for: ten years of months. */
export const MAX_MONTHS = 120;

/** The period asked for, with the defaults filled in; an inverted or overlong one is refused. */
function periodOf({ from, to }: ReportPeriodQuery, now: Date) {
  const end = to ?? berlinMonth(now);
  const start = from ?? addMonths(end, -(DEFAULT_MONTHS - 1));
  if (start > end) throw badRequest(messages.periodInverted, { to: messages.periodInverted });
  if (start < addMonths(end, -(MAX_MONTHS - 1)))
    throw badRequest(messages.periodTooLong(MAX_MONTHS), { from: messages.periodTooLong(MAX_MONTHS) });
  return { from: start, to: end };
}

export function reportsService(reports: ReportQueries, clock = () => new Date()) {
  return {
    async unitsByBrand(query: ReportPeriodQuery) {
      const period = periodOf(query, clock());
      return { ...period, data: await reports.unitsByBrand(period.from, period.to) };
    },
    async topMachines({ limit = 10, period = berlinMonth(clock()).slice(0, 4) }: TopMachinesQuery) {
      return { period, data: await reports.topMachines(period, limit) };
    },
    async unitsByChecker(query: ReportPeriodQuery) {
      const period = periodOf(query, clock());
      return { ...period, data: await reports.unitsByChecker(period.from, period.to) };
    },
    checkers: reports.checkers,
  };
}
