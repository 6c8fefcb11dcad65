import { describeAuditDetails, formatDateTime, type TypedAuditEvent } from 'contracts';
import { messages } from 'shared-ui';
import { adminMessages } from '../messages';
import { SubjectLink } from './subject-link';

const text = adminMessages.audit;

/** One page of audit events, newest first; failed and refused sign-ins stand out. */
export function AuditTable({ events, busy }: { events: TypedAuditEvent[]; busy: boolean }) {
  if (events.length === 0) return <p>{text.none}</p>;
  return (
    <table className="sh-table" aria-label={text.heading} aria-busy={busy}>
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
        {events.map((event) => (
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
            <td className="sh-details">{describeAuditDetails(event)}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
