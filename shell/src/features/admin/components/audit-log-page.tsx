import { useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { apiErrorMessage, LoadError, Spinner } from 'shared-ui';
import { useAudit } from '../api/get-audit';
import { toAuditQuery } from '../audit-query';
import { adminMessages } from '../messages';
import { AdminNav } from './admin-nav';
import { AuditExport } from './audit-export';
import { AuditFilters } from './audit-filters';
import { AuditTable } from './audit-table';
import '../../../components/page.css';
import './admin.css';

const text = adminMessages.audit;

/**
 * `/admin/audit`: the audit trail in German, newest first, filtered by account, action, serial, certificate,
 * machine, subject and days, 50 a page, and exported as the filters show it. Administrators and the audit role.
 */
export default function AuditLogPage() {
  const [params] = useSearchParams();
  // Keyset paging: the `before` of each page shown so far, to go back to newer ones.
  const [pages, setPages] = useState<number[]>([]);
  const events = useAudit(toAuditQuery(params, pages.at(-1)));
  const filter = toAuditQuery(params);
  const subjectType = params.get('subject_type');

  return (
    <div className="sh-page">
      <AdminNav />
      <h1>{text.heading}</h1>
      <AuditFilters onChange={() => setPages([])} />
      <AuditExport query={filter} />
      {subjectType && (
        <p className="sh-note">
          {text.subjectFilter(
            adminMessages.subjects[subjectType] ?? subjectType,
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
          <AuditTable events={events.data.data} busy={events.isFetching} />
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
