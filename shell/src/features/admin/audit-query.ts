import { AUDIT_ACTIONS, berlinDayStart, type AuditAction, type AuditQuery } from 'contracts';

const nextDay = (day: string) =>
  new Date(Date.parse(`${day}T12:00:00Z`) + 86_400_000).toISOString().slice(0, 10);

/** The API's query from the address's filters: days become Berlin times, `to` includes its day. */
export function toAuditQuery(params: URLSearchParams, before?: number): AuditQuery {
  const query: AuditQuery = { limit: 50 };
  const account = Number(params.get('account_id'));
  if (Number.isInteger(account) && account > 0) query.account_id = account;
  const action = params.get('action');
  if (isAuditAction(action)) query.action = action;
  for (const key of ['subject_type', 'subject_id'] as const) {
    const value = params.get(key);
    if (value) query[key] = value;
  }
  const from = params.get('from');
  const to = params.get('to');
  // A day that is no calendar day filters nothing, as before; `to` includes its whole day.
  const start = from ? berlinDayStart(from) : undefined;
  const end = to && berlinDayStart(to) ? berlinDayStart(nextDay(to)) : undefined;
  if (start) query.from = start.toISOString();
  if (end) query.to = end.toISOString();
  if (before) query.before = before;
  return query;
}

function isAuditAction(value: string | null): value is AuditAction {
  return (AUDIT_ACTIONS as readonly (string | null)[]).includes(value);
}
