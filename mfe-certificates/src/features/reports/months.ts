import { translate } from '../../catalogs';

// The figures are made for the active language's `locale` (shared-ui's activeLocale()) and made again when it
// changes: their words come from the catalogs, their numbers and months from Intl in that locale.

/** "Nov. 2026" for 2026-11 in German, "Nov 2026" in English, "lis 2026" in Polish. */
export const monthLabel = (month: string, locale: string) =>
  new Date(`${month}-01T00:00:00Z`).toLocaleDateString(locale, {
    month: 'short',
    year: 'numeric',
    timeZone: 'UTC',
  });

export const number = (value: number, locale: string) => value.toLocaleString(locale);

/** A percentage as the language writes it: "0,25 %" in German, "0.25%" in English, "0,25%" in Polish. */
export const percentValue = (value: number | string, locale: string) =>
  translate('reports.percent', { value: Number(value).toLocaleString(locale, { maximumFractionDigits: 2 }) });

/** A share in percent with one decimal, "–" when there is nothing to share. */
export const percent = (part: number, whole: number, locale: string) =>
  whole
    ? translate('reports.percent', {
        value: ((100 * part) / whole).toLocaleString(locale, { maximumFractionDigits: 1 }),
      })
    : '–';

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

/** The first and the last day of a month (YYYY-MM), as the list's VON and BIS take them. */
export function monthDays(month: string): { from: string; to: string } {
  const [year, m] = month.split('-').map(Number);
  const last = new Date(Date.UTC(year, m, 0)).getUTCDate();
  return { from: `${month}-01`, to: `${month}-${String(last).padStart(2, '0')}` };
}

/** The periods the monthly charts offer, each as the API's months (YYYY-MM), ending with `month` (this one). */
export const CHART_PERIODS = ['last12', 'last24', 'thisYear', 'lastYear'] as const;
export type ChartPeriod = (typeof CHART_PERIODS)[number];

export function chartPeriod(period: ChartPeriod, month: string): { from: string; to: string } {
  const year = Number(month.slice(0, 4));
  switch (period) {
    case 'last12':
      return { from: shiftMonth(month, -11), to: month };
    case 'last24':
      return { from: shiftMonth(month, -23), to: month };
    case 'thisYear':
      return { from: `${year}-01`, to: month };
    case 'lastYear':
      return { from: `${year - 1}-01`, to: `${year - 1}-12` };
  }
}

function shiftMonth(month: string, by: number) {
  const [year, m] = month.split('-').map(Number);
  const date = new Date(Date.UTC(year, m - 1 + by, 1));
  return date.toISOString().slice(0, 7);
}
