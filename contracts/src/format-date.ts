const berlinDate = new Intl.DateTimeFormat('de-DE', {
  timeZone: 'Europe/Berlin',
  day: '2-digit',
  month: '2-digit',
  year: 'numeric',
});

function berlinParts(date: Date): Record<string, string> {
  return Object.fromEntries(berlinDate.formatToParts(date).map((part) => [part.type, part.value]));
}

/**
 * DD.MM.YYYY in Europe/Berlin; the API stores UTC. Empty for a missing or unreadable date. Here rather than in
 * shared-ui so the customer page can format its dates without shared-ui's styles and HTTP client.
 */
export function formatDate(value: string | number | Date | null | undefined): string {
  if (value === null || value === undefined || value === '') return '';
  const date = value instanceof Date ? value : new Date(value);
  if (Number.isNaN(date.getTime())) return '';
  const parts = berlinParts(date);
  return `${parts.day}.${parts.month}.${parts.year}`;
}

const berlinTime = new Intl.DateTimeFormat('de-DE', {
  timeZone: 'Europe/Berlin',
  hour: '2-digit',
  minute: '2-digit',
});

/** DD.MM.YYYY HH:MM in Europe/Berlin; empty for a missing or unreadable date. */
export function formatDateTime(value: string | Date | null | undefined): string {
  const day = formatDate(value);
  return day && `${day} ${berlinTime.format(new Date(value!))}`;
}

/** YYYY-MM-DD in Europe/Berlin: a day without the time of day. */
export function berlinIsoDate(date: Date): string {
  const parts = berlinParts(date);
  return `${parts.year}-${parts.month}-${parts.day}`;
}

/** The year in Europe/Berlin: on New Year's Eve in the evening UTC is a year behind. */
export function berlinYear(date: Date): number {
  return Number(berlinParts(date).year);
}
