import { berlinIsoDate } from './format-date';

// Times and months in Europe/Berlin for filters, exports and reports; a module of their own so the screens
// that only format dates do not carry them (docs/architecture.md#budgets).

const berlinClock = new Intl.DateTimeFormat('en-GB', {
  timeZone: 'Europe/Berlin',
  hourCycle: 'h23',
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
  second: '2-digit',
});

/**
 * The wall-clock time in Europe/Berlin of `date`, as a Date whose UTC fields carry it: what a spreadsheet
 * cell holds (spreadsheets know no time zones).
 */
export function berlinWallClock(date: Date): Date {
  const p = Object.fromEntries(
    berlinClock.formatToParts(date).map((part) => [part.type, Number(part.value)]),
  );
  return new Date(
    Date.UTC(p.year, p.month - 1, p.day, p.hour, p.minute, p.second, date.getUTCMilliseconds()),
  );
}

/**
 * The instant a day (YYYY-MM-DD) begins in Europe/Berlin; undefined for text that is no calendar day. Midnight
 * never falls into a clock change there (they happen at 01:00 UTC), so the offset at 00:00 UTC of that day
 * is the offset at its local midnight.
 */
export function berlinDayStart(day: string): Date | undefined {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(day);
  if (!match) return undefined;
  const [year, month, date] = match.slice(1).map(Number);
  const utc = Date.UTC(year, month - 1, date);
  const check = new Date(utc);
  if (check.getUTCFullYear() !== year || check.getUTCMonth() !== month - 1 || check.getUTCDate() !== date)
    return undefined;
  return new Date(utc - (berlinWallClock(check).getTime() - utc));
}

/** YYYY-MM of `date` in Europe/Berlin: the month a certificate counts in for the reports. */
export function berlinMonth(date: Date): string {
  return berlinIsoDate(date).slice(0, 7);
}

/** The month `count` months after `month` (YYYY-MM; negative counts go back). */
export function addMonths(month: string, count: number): string {
  const [year, m] = month.split('-').map(Number);
  const total = year * 12 + (m - 1) + count;
  return `${String(Math.floor(total / 12)).padStart(4, '0')}-${String((total % 12) + 1).padStart(2, '0')}`;
}

/** Every month from `from` to `to` (YYYY-MM), both included. */
export function monthsBetween(from: string, to: string): string[] {
  const months: string[] = [];
  for (let month = from; month <= to; month = addMonths(month, 1)) months.push(month);
  return months;
}
