import { useInfiniteQuery } from '@tanstack/react-query';
import type { TypedAuditEvent } from 'contracts';
import { useId } from 'react';
import { eventsQuery } from './api/get-events';
import { auditCatalogs, auditText } from './audit/audit-text';
import { apiErrorMessage } from './http';
import { formatDayTime } from './i18n/format';
import { useT } from './i18n/use-t';
import { LoadError } from './load-error';
import type { EventListProps } from './event-list';
import { Spinner } from './spinner';
import './event-list.css';

/** A changed value as staff read it: empty text is a dash, anything else as it is. */
const shown = (value: unknown) =>
  value === '' || value === null || value === undefined ? '–' : String(value);

/** What an event's details say in a line or two: the reason, and each changed field from before to after. */
function Details({ event, fieldLabel }: { event: TypedAuditEvent; fieldLabel: (field: string) => string }) {
  const t = useT(auditCatalogs);
  const { details } = auditText();
  const revision = event.action === 'certificate.revised' ? event.details.revision : undefined;
  const reason = reasonOf(event);
  const { before, after } = changeOf(event) ?? {};
  const changed = after ? Object.keys(after) : [];
  return (
    <>
      {event.subject_type === 'unit' && <span className="sui-events__detail">{event.subject_id}</span>}
      {event.subject_name && (
        <span className="sui-events__detail">{t('events.instrument', { name: event.subject_name })}</span>
      )}
      {/* A calibration in a unit's trail: what the instrument was found to be, and since when it is suspect. */}
      {event.action === 'instrument.calibrated' && (
        <span className="sui-events__detail">{details(event)}</span>
      )}
      {revision !== undefined && (
        <span className="sui-events__detail">{t('events.revision', { revision })}</span>
      )}
      {reason && <span className="sui-events__detail">{t('events.reason', { reason })}</span>}
      {changed.length > 0 && (
        <ul className="sui-events__changes">
          {changed.map((field) => (
            <li key={field}>
              {fieldLabel(field)}: {shown(before?.[field])} → {shown(after?.[field])}
            </li>
          ))}
        </ul>
      )}
    </>
  );
}

function reasonOf(event: TypedAuditEvent): string | undefined {
  switch (event.action) {
    case 'certificate.revised':
    case 'certificate.voided':
    case 'unit.voided':
      return event.details.reason;
    default:
      return undefined;
  }
}

/** The fields an event changed, each side with only those fields. */
function changeOf(
  event: TypedAuditEvent,
): { before: Record<string, unknown>; after: Record<string, unknown> } | undefined {
  switch (event.action) {
    case 'certificate.revised':
    case 'brand.changed':
    case 'machine.changed':
    case 'settings.changed':
      return event.details;
    default:
      return undefined;
  }
}

/**
 * The events of one thing (a certificate, a unit, a machine), newest first, from `path` (an API path that
 * answers a page of events). Older ones load on demand: the trail of a certificate printed daily grows long.
 */
export default function EventList({ path, title, fieldLabel = (field) => field }: EventListProps) {
  const t = useT(auditCatalogs);
  const { action } = auditText();
  const headingId = useId();
  const events = useInfiniteQuery(eventsQuery(path));
  const rows = events.data?.pages.flatMap((page) => page.data) ?? [];
  return (
    <section className="sui-events" aria-labelledby={headingId}>
      <h2 id={headingId} className="sui-events__title">
        {title ?? t('events.title')}
      </h2>
      {events.isError ? (
        <LoadError
          message={apiErrorMessage(events.error) ?? t('events.failed')}
          onRetry={() => void events.refetch()}
        />
      ) : events.isPending ? (
        <Spinner />
      ) : rows.length === 0 ? (
        <p>{t('events.none')}</p>
      ) : (
        <ol className="sui-events__list">
          {rows.map((event) => (
            <li key={event.id} className="sui-events__item">
              <time dateTime={event.at}>{formatDayTime(event.at)}</time>
              <b>{action(event.action)}</b>
              <span className="sui-events__who">
                {event.account_name ?? event.account_email ?? t('events.nobody')}
              </span>
              <Details event={event} fieldLabel={fieldLabel} />
            </li>
          ))}
        </ol>
      )}
      {events.hasNextPage && (
        <button
          type="button"
          className="sui-button sui-button--secondary"
          disabled={events.isFetchingNextPage}
          onClick={() => void events.fetchNextPage()}
        >
          {t('events.more')}
        </button>
      )}
    </section>
  );
}
