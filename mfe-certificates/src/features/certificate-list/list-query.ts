import {
  CERTIFICATE_SORTS,
  CERTIFICATE_STATUSES,
  CERTIFICATE_VERDICTS,
  type CertificateVerdict,
  DEFAULT_PAGE_SIZE,
  MAX_PAGE,
  MAX_PAGE_SIZE,
  berlinDayStart,
  berlinIsoDate,
  type CertificateStatus,
} from 'contracts';
import { sortFromWire, sortToWire, type CertificateQuery } from '../../api/wire';
import { translate } from '../../catalogs';

/** The list's state as it stands in the URL: the API's own parameter names, so a link says what it shows. */
const TEXT_PARAMS = ['search', 'from', 'to', 'checked_by'] as const;
const ID_PARAMS = ['brand_id', 'machine_id'] as const;
/** Every parameter the list owns; the others (the shell's `tab`) are left alone. */
export const LIST_PARAMS = [
  ...TEXT_PARAMS,
  ...ID_PARAMS,
  'status',
  'verdict',
  'page',
  'per_page',
  'sort',
  'order',
];

const whole = (value: string | null, max: number) => {
  const n = Number(value);
  return Number.isInteger(n) && n >= 1 && n <= max ? n : undefined;
};

/** The list's query from the URL; anything unreadable is left out rather than sent (a hand-edited link). */
export function queryFromParams(params: URLSearchParams): CertificateQuery {
  const query: CertificateQuery = {
    page: whole(params.get('page'), MAX_PAGE) ?? 1,
    per_page: whole(params.get('per_page'), MAX_PAGE_SIZE) ?? DEFAULT_PAGE_SIZE,
  };
  for (const name of TEXT_PARAMS) {
    const value = params.get(name)?.trim();
    if (value) query[name] = value;
  }
  for (const name of ID_PARAMS) {
    const id = whole(params.get(name), 2_147_483_647);
    if (id) query[name] = id;
  }
  const status = params.get('status');
  if ((CERTIFICATE_STATUSES as readonly string[]).includes(status ?? ''))
    query.status = status as CertificateStatus;
  const verdict = params.get('verdict');
  if ((CERTIFICATE_VERDICTS as readonly string[]).includes(verdict ?? ''))
    query.verdict = verdict as CertificateVerdict;
  const sort = params.get('sort');
  if ((CERTIFICATE_SORTS as readonly string[]).includes(sort ?? '')) {
    query.sort = sortFromWire(sort as (typeof CERTIFICATE_SORTS)[number]);
    query.order = params.get('order') === 'desc' ? 'desc' : 'asc';
  }
  return query;
}

/** `params` with the list's part replaced by `query` (defaults left out, so a plain list has a plain URL). */
export function paramsWithQuery(params: URLSearchParams, query: CertificateQuery): URLSearchParams {
  const next = new URLSearchParams(params);
  for (const name of LIST_PARAMS) next.delete(name);
  const { page, per_page, sort, order, ...filter } = query;
  for (const [name, value] of Object.entries(filter))
    if (value !== undefined && value !== '') next.set(name, String(value));
  if (page && page > 1) next.set('page', String(page));
  if (per_page && per_page !== DEFAULT_PAGE_SIZE) next.set('per_page', String(per_page));
  if (sort) {
    next.set('sort', sortToWire(sort));
    next.set('order', order ?? 'asc');
  }
  return next;
}

/** What the browser can tell before asking: a day that does not exist, or an end before the start. */
export function dateProblems(from?: string, to?: string): { from?: string; to?: string } {
  const start = from ? berlinDayStart(from) : undefined;
  const end = to ? berlinDayStart(to) : undefined;
  if (from && !start) return { from: translate('filter.invalidDate') };
  if (to && !end) return { to: translate('filter.invalidDate') };
  if (start && end && end < start) return { to: translate('filter.toBeforeFrom') };
  return {};
}

/** Whether any filter (not the search, paging or order) narrows the list. */
export const hasFilter = (query: CertificateQuery) =>
  ['from', 'to', 'brand_id', 'machine_id', 'checked_by', 'status', 'verdict'].some(
    (name) => query[name as keyof CertificateQuery] !== undefined,
  );

/** The periods one click sets: the calendar in Europe/Berlin, each ending today (last month: all of it). */
export const PERIOD_PRESETS = ['today', 'thisWeek', 'lastMonth', 'thisYear'] as const;
export type PeriodPreset = (typeof PERIOD_PRESETS)[number];

/** The day `days` after `day` (YYYY-MM-DD), counted at noon so summer time never skips one. */
const addDays = (day: string, days: number) =>
  new Date(Date.parse(`${day}T12:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);

/** VON and BIS of a preset on the Berlin day of `now`; a week starts on Monday (ISO 8601). */
export function presetRange(preset: PeriodPreset, now = new Date()): { from: string; to: string } {
  const today = berlinIsoDate(now);
  const [year, month] = today.split('-');
  switch (preset) {
    case 'today':
      return { from: today, to: today };
    case 'thisWeek': {
      const weekday = (new Date(`${today}T12:00:00Z`).getUTCDay() + 6) % 7;
      return { from: addDays(today, -weekday), to: today };
    }
    case 'lastMonth': {
      const firstOfThis = `${year}-${month}-01`;
      const lastOfPrevious = addDays(firstOfThis, -1);
      return { from: `${lastOfPrevious.slice(0, 7)}-01`, to: lastOfPrevious };
    }
    case 'thisYear':
      return { from: `${year}-01-01`, to: today };
  }
}
