import { activeLocale } from 'shared-ui';

// The API stores UTC; days and times are the company's, in Berlin (as contracts/src/format-date.ts), written the
// way the active language writes them: 01.04.2026 in German and Polish, 01/04/2026 in English.
const DAY = { timeZone: 'Europe/Berlin', day: '2-digit', month: '2-digit', year: 'numeric' } as const;
const TIME = { timeZone: 'Europe/Berlin', hour: '2-digit', minute: '2-digit' } as const;

function dateOf(value: string | null | undefined): Date | null {
  if (!value) return null;
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? null : date;
}

/** The day in the active language; empty for a missing or unreadable date. */
export function formatDay(value: string | null | undefined): string {
  return dateOf(value)?.toLocaleDateString(activeLocale(), DAY) ?? '';
}

/** The day and the time of day in the active language (01.04.2026 14:05); empty for a missing or unreadable date. */
export function formatDayTime(value: string | null | undefined): string {
  const date = dateOf(value);
  return date
    ? `${date.toLocaleDateString(activeLocale(), DAY)} ${date.toLocaleTimeString(activeLocale(), TIME)}`
    : '';
}

/** The active language's decimal separator: a comma in German and Polish, a point in English. */
export function decimalSeparator(): string {
  return new Intl.NumberFormat(activeLocale()).formatToParts(0.5).find((part) => part.type === 'decimal')!
    .value;
}
