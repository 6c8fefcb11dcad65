const monthName = new Intl.DateTimeFormat('de-DE', { month: 'short', year: 'numeric', timeZone: 'UTC' });

/** "Nov. 2026" for 2026-11. */
export const monthLabel = (month: string) => monthName.format(new Date(`${month}-01T00:00:00Z`));

export const number = (value: number) => value.toLocaleString('de-DE');

/** A share as German percent with one decimal, "–" when there is nothing to share. */
export const percent = (part: number, whole: number) =>
  whole ? `${((100 * part) / whole).toLocaleString('de-DE', { maximumFractionDigits: 1 })} %` : '–';

/** Distinct colours on the dark theme, one per brand or checker, repeating after ten. */
const PALETTE = [
  '#009ed7',
  '#f5a623',
  '#7ed321',
  '#e05297',
  '#b18cff',
  '#50e3c2',
  '#ff6b6b',
  '#f8e71c',
  '#9b9b9b',
  '#4a90e2',
];
export const colour = (index: number) => PALETTE[index % PALETTE.length];
