import { SERIAL_PAD } from 'contracts';

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

/**
 * Serial of unit k (0-based) of a certificate (docs/decisions/0004-serial-scheme.md). Computed once, when the
 * certificate is issued: every later read takes the stored unit rows.
 */
export function unitSerial(serialBase: string, firstUnitNumber: number, k: number): string {
  return serialBase + String(firstUnitNumber + k).padStart(SERIAL_PAD, '0');
}
