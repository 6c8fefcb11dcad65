import { activeLocale } from 'shared-ui';

/** Every date the staff screens show is the plant's calendar day and time, in Europe/Berlin. */
const PLANT_TIME_ZONE = 'Europe/Berlin';

const dateOf = (value: string | number | Date | null | undefined) => {
  if (value === null || value === undefined || value === '') return null;
  const date = value instanceof Date ? value : new Date(value);
  return Number.isNaN(date.getTime()) ? null : date;
};

/**
 * The day in the active language's form: 21.11.2026 in German and Polish, 21/11/2026 in English; empty for a
 * missing or unreadable date. German reads as contracts' formatDate, which the printed certificate uses.
 */
export function formatDay(value: string | number | Date | null | undefined): string {
  const date = dateOf(value);
  if (!date) return '';
  return date.toLocaleDateString(activeLocale(), {
    timeZone: PLANT_TIME_ZONE,
    day: '2-digit',
    month: '2-digit',
    year: 'numeric',
  });
}

/** The day and the time of day (21.11.2026 14:05), as contracts' formatDateTime in German. */
export function formatDayTime(value: string | Date | null | undefined): string {
  const date = dateOf(value);
  if (!date) return '';
  const time = date.toLocaleTimeString(activeLocale(), {
    timeZone: PLANT_TIME_ZONE,
    hour: '2-digit',
    minute: '2-digit',
  });
  return `${formatDay(date)} ${time}`;
}

/** A number in the active language's form: 1.234,5 in German, 1,234.5 in English, 1234,5 in Polish. */
export const formatNumber = (value: number, options?: Intl.NumberFormatOptions) =>
  value.toLocaleString(activeLocale(), options);
