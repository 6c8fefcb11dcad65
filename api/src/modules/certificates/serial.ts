const berlinMonth = new Intl.DateTimeFormat('de-DE', {
  timeZone: 'Europe/Berlin',
  year: '2-digit',
  month: '2-digit',
});

/** The machine's prefix + YYMM of the creation time in Europe/Berlin (docs/decisions/0004-serial-scheme.md). */
export function serialBase(prefix: string, createdAt: Date): string {
  const parts = Object.fromEntries(berlinMonth.formatToParts(createdAt).map((p) => [p.type, p.value]));
  return `${prefix}${parts.year}${parts.month}`;
}
