import { useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { apiErrorMessage, LoadError, Spinner } from 'shared-ui';
import { useAudit } from '../api/get-audit';
import { toAuditQuery } from '../audit-query';
import { adminMessages } from '../messages';
import { AdminNav } from './admin-nav';
import { AuditFilters } from './audit-filters';
import { AuditTable } from './audit-table';
import '../../../components/page.css';
import './admin.css';

const text = adminMessages.audit;

/** `/admin/audit`: the audit trail, newest first, filtered by account, action, subject and days, 50 a page. */
export default function AuditLogPage() {
  const [params] = useSearchParams();
  // Keyset paging: the `before` of each page shown so far, to go back to newer ones.
  const [pages, setPages] = useState<number[]>([]);
  const events = useAudit(toAuditQuery(params, pages.at(-1)));
  const subjectType = params.get('subject_type');

  return (
    <div className="sh-page">
      <AdminNav />
      <h1>{text.heading}</h1>
      <AuditFilters onChange={() => setPages([])} />
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
