const berlinMonth = new Intl.DateTimeFormat('de-DE', {
  timeZone: 'Europe/Berlin',
  year: '2-digit',
  month: '2-digit',
});

/** `serialNoPart1` = the machine's prefix + YYMM of the creation time in Europe/Berlin (DESIGN §5). */
export function serialNoPart1(prefix: string, createdAt: Date): string {
  const parts = Object.fromEntries(berlinMonth.formatToParts(createdAt).map((p) => [p.type, p.value]));
  return `${prefix}${parts.year}${parts.month}`;
}
