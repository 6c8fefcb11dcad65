// The standalone page cannot take shared-ui's formatDate without shared-ui's staff styles and axios
// (DESIGN §11 budget), so the two date helpers it needs live here.
const berlinDate = new Intl.DateTimeFormat('de-DE', {
  timeZone: 'Europe/Berlin',
  day: '2-digit',
  month: '2-digit',
  year: 'numeric',
});

function berlinParts(date: Date): Record<string, string> {
  return Object.fromEntries(berlinDate.formatToParts(date).map((part) => [part.type, part.value]));
}

/** DD.MM.YYYY in Europe/Berlin (spec §9); empty for a missing or unreadable date. */
export function formatDate(value: string | null | undefined): string {
  const date = value ? new Date(value) : null;
  if (!date || Number.isNaN(date.getTime())) return '';
  const parts = berlinParts(date);
  return `${parts.day}.${parts.month}.${parts.year}`;
}

export function berlinYear(date: Date): number {
  return Number(berlinParts(date).year);
}
