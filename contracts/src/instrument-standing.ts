import { DUE_SOON_DAYS, type Instrument } from './instruments';

/**
 * How an instrument stands on a day: fit, due within DUE_SOON_DAYS, overdue (due before that day, the API's rule
 * in api/src/modules/certificates/measuring-instruments.ts), blocked or retired. Only fit and due soon may take
 * a value (docs/decisions/0018-instruments.md).
 */
export type InstrumentStanding = 'fit' | 'due_soon' | 'overdue' | 'blocked' | 'retired';

/** The day `days` after `day` (both YYYY-MM-DD). */
const daysAfter = (day: string, days: number) =>
  new Date(Date.parse(`${day}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);

/** Where `instrument` stands on `today` (YYYY-MM-DD in Europe/Berlin, contracts' berlinIsoDate). */
export function instrumentStanding(
  { status, due }: Pick<Instrument, 'status' | 'due'>,
  today: string,
): InstrumentStanding {
  if (status !== 'in_use') return status;
  if (due < today) return 'overdue';
  return due <= daysAfter(today, DUE_SOON_DAYS) ? 'due_soon' : 'fit';
}
