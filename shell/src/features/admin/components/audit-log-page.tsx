import { useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { apiErrorMessage, LoadError, Spinner, useT } from 'shared-ui';
import { appCatalogs } from '../../../app/catalogs';
import { useAudit } from '../api/get-audit';
import { toAuditQuery } from '../audit-query';
import { adminCatalogs, isAdminKey } from '../catalogs';
import { AdminNav } from './admin-nav';
import { AuditExport } from './audit-export';
import { AuditFilters } from './audit-filters';
import { AuditTable } from './audit-table';
import '../../../components/page.css';
import './admin.css';

/**
 * `/admin/audit`: the audit trail, newest first, filtered by account, action, serial, certificate,
 * machine, subject and days, 50 a page, and exported as the filters show it. Administrators and the audit role.
 */
export default function AuditLogPage() {
  const t = useT(adminCatalogs);
  const appT = useT(appCatalogs);
  const [params] = useSearchParams();
  // Keyset paging: the `before` of each page shown so far, to go back to newer ones.
  const [pages, setPages] = useState<number[]>([]);
  const events = useAudit(toAuditQuery(params, pages.at(-1)));
  const filter = toAuditQuery(params);
  const subjectType = params.get('subject_type');
  const subjectKey = `subject.${subjectType}`;

  return (
    <div className="sh-page">
      <AdminNav />
      <h1>{t('audit.heading')}</h1>
      <AuditFilters onChange={() => setPages([])} />
      <AuditExport query={filter} />
      {subjectType && (
        <p className="sh-note">
          {t('audit.subjectFilter', {
            subject: isAdminKey(subjectKey) ? t(subjectKey) : subjectType,
            id: params.get('subject_id') ?? '',
          })}
        </p>
      )}
      {events.isError && (
        <LoadError
          message={apiErrorMessage(events.error) ?? appT('failed')}
          onRetry={() => events.refetch()}
        />
      )}
      {events.isPending && <Spinner />}
      {events.data && (
        <div className="sh-card sh-card--table">
          <AuditTable events={events.data.data} busy={events.isFetching} />
          <div className="sh-pager">
            <span className="sh-muted">{t('audit.page', { page: pages.length + 1 })}</span>
            <button
              type="button"
              className="sui-button sui-button--secondary"
              disabled={pages.length === 0}
              onClick={() => setPages(pages.slice(0, -1))}
            >
              {t('audit.newer')}
            </button>
            <button
              type="button"
              className="sui-button sui-button--secondary"
              disabled={!events.data.next}
              onClick={() => setPages([...pages, events.data.next!])}
            >
              {t('audit.older')}
            </button>
          </div>
        </div>
      )}
    </div>
  );
}
