import { staffUrls, type TypedAuditEvent } from 'contracts';
import { Link } from 'react-router-dom';
import { formatDayTime, useAuditText, useT } from 'shared-ui';
import { adminCatalogs } from '../catalogs';
import { SubjectLink } from './subject-link';

/** One page of audit events, newest first; failed and refused sign-ins stand out. */
export function AuditTable({ events, busy }: { events: TypedAuditEvent[]; busy: boolean }) {
  const t = useT(adminCatalogs);
  const audit = useAuditText();
  if (events.length === 0) return <p>{t('audit.none')}</p>;
  return (
    <table className="sh-table" aria-label={t('audit.heading')} aria-busy={busy}>
      <thead>
        <tr>
          <th scope="col">{t('audit.at')}</th>
          <th scope="col">{t('audit.account')}</th>
          <th scope="col">{t('audit.action')}</th>
          <th scope="col">{t('audit.subject')}</th>
          <th scope="col">{t('audit.details')}</th>
        </tr>
      </thead>
      <tbody>
        {events.map((event) => (
          <tr key={event.id}>
            <td>{formatDayTime(event.at)}</td>
            {/* By name as people read it; the e-mail tells two accounts of one name apart. */}
            <td title={event.account_email ?? undefined}>
              {event.account_name ?? event.account_email ?? t('audit.nobody')}
            </td>
            <td
              className={
                event.action === 'auth.sign_in_failed' || event.action === 'auth.locked_out'
                  ? 'sh-table__warn'
                  : undefined
              }
            >
              {audit.action(event.action)}
            </td>
            <td>
              <SubjectLink event={event} />
              {event.action === 'test_plan.changed' && (
                <Link
                  className="sh-subject-more"
                  to={staffUrls.machineTestPlan(Number(event.subject_id), event.details.version)}
                >
                  {t('audit.planVersion', { version: event.details.version })}
                </Link>
              )}
            </td>
            <td className="sh-details">{audit.details(event)}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
