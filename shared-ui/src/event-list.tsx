import { lazy, Suspense } from 'react';
import { Spinner } from './spinner';

export interface EventListProps {
  /** An API path that answers a page of events (`/certificates/7/events`). */
  path: string;
  title?: string;
  /** The German name of a changed field. */
  fieldLabel?: (field: string) => string;
}

/** TanStack Query loads with the first history shown, not with the login screen (docs/architecture.md#budgets). */
const EventListImpl = lazy(() => import('./event-list-impl'));

/** The events of one thing (a certificate, a unit, a machine), newest first. */
export function EventList(props: EventListProps) {
  return (
    <Suspense fallback={<Spinner />}>
      <EventListImpl {...props} />
    </Suspense>
  );
}
