import { activeLocale } from 'shared-ui';

/**
 * A moment as the day and the time of day in Europe/Berlin (the API stores UTC), written the active language's
 * way: 28.11.2026 09:15 in German (as contracts' `formatDateTime`) and Polish, 28/11/2026 09:15 in English.
 * Empty for a missing or unreadable moment.
 */
export function formatDateTime(value: string | null | undefined, locale = activeLocale()): string {
  const date = new Date(value ?? '');
  if (Number.isNaN(date.getTime())) return '';
  const day = new Intl.DateTimeFormat(locale, {
    timeZone: 'Europe/Berlin',
    day: '2-digit',
    month: '2-digit',
    year: 'numeric',
  });
  const time = new Intl.DateTimeFormat(locale, {
    timeZone: 'Europe/Berlin',
    hour: '2-digit',
    minute: '2-digit',
  });
  return `${day.format(date)} ${time.format(date)}`;
}

/** A count in the active language: 1.234 in German, 1234 in Polish, 1,234 in English. */
export function formatCount(value: number, locale = activeLocale()): string {
  return new Intl.NumberFormat(locale).format(value);
}
