import { activeLocale } from './i18n';

// The API stores UTC; every day and time the staff screens show is the plant's, in Berlin (as
// contracts/src/format-date.ts), written the way the active language writes it.
const DAY = { timeZone: 'Europe/Berlin', day: '2-digit', month: '2-digit', year: 'numeric' } as const;
const TIME = { timeZone: 'Europe/Berlin', hour: '2-digit', minute: '2-digit' } as const;

type Moment = string | number | Date | null | undefined;

function dateOf(value: Moment): Date | null {
  if (value === null || value === undefined || value === '') return null;
  const date = value instanceof Date ? value : new Date(value);
  return Number.isNaN(date.getTime()) ? null : date;
}

/**
 * The day in the active language: 21.11.2026 in German (as contracts' formatDate, which the printed certificate
 * uses) and Polish, 21/11/2026 in English; empty for a missing or unreadable date.
 */
export function formatDay(value: Moment): string {
  return dateOf(value)?.toLocaleDateString(activeLocale(), DAY) ?? '';
}

/** The day and the time of day (21.11.2026 14:05, as contracts' formatDateTime in German); empty without one. */
export function formatDayTime(value: Moment): string {
  const date = dateOf(value);
  return date
    ? `${date.toLocaleDateString(activeLocale(), DAY)} ${date.toLocaleTimeString(activeLocale(), TIME)}`
    : '';
}

/** A number in the active language: 1.234,5 in German, 1,234.5 in English, 1234,5 in Polish. */
export const formatNumber = (value: number, options?: Intl.NumberFormatOptions) =>
  value.toLocaleString(activeLocale(), options);

/** The active language's decimal separator: a comma in German and Polish, a point in English. */
export function decimalSeparator(): string {
  return new Intl.NumberFormat(activeLocale()).formatToParts(0.5).find((part) => part.type === 'decimal')!
    .value;
}
