import { AUDIT_ACTIONS, berlinDayStart, type AuditAction, type AuditQuery } from 'contracts';

const nextDay = (day: string) =>
  new Date(Date.parse(`${day}T12:00:00Z`) + 86_400_000).toISOString().slice(0, 10);

/** A positive whole number from the address, or nothing. */
function idOf(value: string | null): number | undefined {
  const id = Number(value);
  return value && Number.isInteger(id) && id > 0 ? id : undefined;
}

/** The API's query from the address's filters: days become Berlin times, `to` includes its day. */
export function toAuditQuery(params: URLSearchParams, before?: number): AuditQuery {
  const query: AuditQuery = { limit: 50 };
  for (const key of ['account_id', 'certificate_id', 'machine_id'] as const) {
    const id = idOf(params.get(key));
    if (id) query[key] = id;
  }
  const action = params.get('action');
  if (isAuditAction(action)) query.action = action;
  for (const key of ['subject_type', 'subject_id', 'serial', 'account_email'] as const) {
    const value = params.get(key)?.trim();
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
