import { keepPreviousData, useQuery } from '@tanstack/react-query';
import {
  AUDIT_ACTIONS,
  berlinDayStart,
  formatDateTime,
  staffUrls,
  type AuditEvent,
  type AuditQuery,
} from 'contracts';
import { useState, type FormEvent, type ReactNode } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import { apiErrorMessage, imageUrl, LoadError, messages, Spinner } from 'shared-ui';
import { accountsQuery } from '../api/get-accounts';
import { auditQuery } from '../api/get-audit';
import { adminMessages } from '../messages';
import { AdminNav } from './admin-nav';
import '../../../components/page.css';
import './admin.css';

const text = adminMessages.audit;
const FILTERS = ['account_id', 'action', 'subject_type', 'subject_id', 'from', 'to'] as const;

const nextDay = (day: string) =>
  new Date(Date.parse(`${day}T12:00:00Z`) + 86_400_000).toISOString().slice(0, 10);

/** The API's query from the address's filters: days become Berlin times, `to` includes its day. */
export function toAuditQuery(params: URLSearchParams, before?: number): AuditQuery {
  const query: AuditQuery = { limit: 50 };
  const account = Number(params.get('account_id'));
  if (Number.isInteger(account) && account > 0) query.account_id = account;
  const action = params.get('action');
  if (action && (AUDIT_ACTIONS as readonly string[]).includes(action))
    query.action = action as AuditQuery['action'];
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

/** Where a subject can be seen: its screen, the image, or the account's own history. */
function SubjectLink({ event }: { event: AuditEvent }) {
  const type = adminMessages.subjects[event.subject_type] ?? event.subject_type;
  const label = `${type} ${event.subject_id}`;
  const id = Number(event.subject_id);
  switch (event.subject_type) {
    case 'certificate':
      return <Link to={staffUrls.certificateDetail(id)}>{label}</Link>;
    case 'unit':
      return <Link to={staffUrls.unit(event.subject_id)}>{label}</Link>;
    case 'machine':
      return <Link to={staffUrls.machineEdit(id)}>{label}</Link>;
    case 'brand':
      return <Link to={staffUrls.tab('machine_list')}>{label}</Link>;
    case 'image':
      return (
        <a href={imageUrl(event.subject_id)} target="_blank" rel="noopener noreferrer">
          {type}
        </a>
      );
    case 'account':
      return (
        <Link to={`?subject_type=account&subject_id=${encodeURIComponent(event.subject_id)}`}>{label}</Link>
      );
    default:
      return <>{label}</>;
  }
}

const show = (value: unknown) => (typeof value === 'string' ? value : JSON.stringify(value));

/** A line for the details: a change as `field: before → after`, otherwise `key: value`. */
export function describeDetails(details: Record<string, unknown>): string {
  const { before, after, ...rest } = details as {
    before?: Record<string, unknown>;
    after?: Record<string, unknown>;
  };
  const parts: string[] = [];
  if (Array.isArray(before) || Array.isArray(after)) parts.push(`${show(before)} → ${show(after)}`);
  else if (before && after)
    for (const key of Object.keys(after)) parts.push(`${key}: ${show(before[key])} → ${show(after[key])}`);
  for (const [key, value] of Object.entries(rest)) parts.push(`${key}: ${show(value)}`);
  return parts.join(' · ');
}

function Labeled({ id, label, children }: { id: string; label: string; children: ReactNode }) {
  return (
    <div className="sui-field">
      <label htmlFor={id}>{label}</label>
      {children}
    </div>
  );
}

/** `/admin/audit`: the audit trail, newest first, filtered by account, action, subject and days, 50 a page. */
export default function AuditLogPage() {
  const [params, setParams] = useSearchParams();
  // Keyset paging: the `before` of each page shown so far, to go back to newer ones.
  const [pages, setPages] = useState<number[]>([]);
  const query = toAuditQuery(params, pages.at(-1));
  const events = useQuery({ ...auditQuery(query), placeholderData: keepPreviousData });
  const accounts = useQuery(accountsQuery);
  const value = (key: (typeof FILTERS)[number]) => params.get(key) ?? '';

  const onFilter = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const next = new URLSearchParams();
    for (const key of FILTERS) {
      const value = String(form.get(key) ?? params.get(key) ?? '');
      if (value) next.set(key, value);
    }
    setPages([]);
    setParams(next);
  };

  return (
    <div className="sh-page">
      <AdminNav />
      <h1>{text.heading}</h1>
      <form
        className="sh-card sh-filters"
        onSubmit={onFilter}
        aria-label={text.filters}
        key={params.toString()}
      >
        <Labeled id="audit-account" label={text.account}>
          <select
            id="audit-account"
            name="account_id"
            className="sui-input"
            defaultValue={value('account_id')}
          >
            <option value="">{text.anyAccount}</option>
            {accounts.data?.map((account) => (
              <option key={account.id} value={account.id}>
                {account.email}
              </option>
            ))}
          </select>
        </Labeled>
        <Labeled id="audit-action" label={text.action}>
          <select id="audit-action" name="action" className="sui-input" defaultValue={value('action')}>
            <option value="">{text.anyAction}</option>
            {AUDIT_ACTIONS.map((action) => (
              <option key={action} value={action}>
                {messages.events.actions[action]}
              </option>
            ))}
          </select>
        </Labeled>
        {(['from', 'to'] as const).map((day) => (
          <Labeled key={day} id={`audit-${day}`} label={text[day]}>
            <input
              id={`audit-${day}`}
              name={day}
              type="date"
              className="sui-input"
              defaultValue={value(day)}
            />
          </Labeled>
        ))}
        <div className="sh-actions">
          <button type="submit" className="sui-button">
            {text.apply}
          </button>
          {params.size > 0 && (
            <Link to="?" onClick={() => setPages([])}>
              {text.reset}
            </Link>
          )}
        </div>
      </form>
      {params.get('subject_type') && (
        <p className="sh-note">
          {text.subjectFilter(
            adminMessages.subjects[params.get('subject_type')!] ?? params.get('subject_type')!,
            params.get('subject_id') ?? '',
          )}
        </p>
      )}
      {events.isError && (
        <LoadError
          message={apiErrorMessage(events.error) ?? adminMessages.failed}
          onRetry={() => events.refetch()}
        />
      )}
      {events.isPending && <Spinner />}
      {events.data && (
        <div className="sh-card sh-card--table">
          {events.data.data.length === 0 ? (
            <p>{text.none}</p>
          ) : (
            <table className="sh-table" aria-label={text.heading} aria-busy={events.isFetching}>
              <thead>
                <tr>
                  <th scope="col">{text.at}</th>
                  <th scope="col">{text.account}</th>
                  <th scope="col">{text.action}</th>
                  <th scope="col">{text.subject}</th>
                  <th scope="col">{text.details}</th>
                </tr>
              </thead>
              <tbody>
                {events.data.data.map((event) => (
                  <tr key={event.id}>
                    <td>{formatDateTime(event.at)}</td>
                    <td>{event.account_email ?? text.nobody}</td>
                    <td
                      className={
                        event.action === 'auth.sign_in_failed' || event.action === 'auth.locked_out'
                          ? 'sh-table__warn'
                          : undefined
                      }
                    >
                      {messages.events.actions[event.action]}
                    </td>
                    <td>
                      <SubjectLink event={event} />
                    </td>
                    <td className="sh-details">{describeDetails(event.details)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          )}
          <div className="sh-pager">
            <span className="sh-muted">{text.page(pages.length + 1)}</span>
            <button
              type="button"
              className="sui-button sui-button--secondary"
              disabled={pages.length === 0}
              onClick={() => setPages(pages.slice(0, -1))}
            >
              {text.newer}
            </button>
            <button
              type="button"
              className="sui-button sui-button--secondary"
              disabled={!events.data.next}
              onClick={() => setPages([...pages, events.data.next!])}
            >
              {text.older}
            </button>
          </div>
        </div>
      )}
    </div>
  );
}
