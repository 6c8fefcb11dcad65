import { apiErrorMessage, formatDayTime, formatNumber, LoadError, notify, Spinner, useT } from 'shared-ui';
import { appCatalogs } from '../../../app/catalogs';
import { useJobs, useRetryJob } from '../api/jobs';
import { adminCatalogs, isAdminKey } from '../catalogs';
import { AdminNav } from './admin-nav';
import { SubjectLink } from './subject-link';
import '../../../components/page.css';
import './admin.css';

/** A job's subject (`certificate:7`, `unit:…`) as the audit trail names its subjects, with the same links. */
function subjectOf(subject: string) {
  const colon = subject.indexOf(':');
  return { subject_type: subject.slice(0, colon), subject_id: subject.slice(colon + 1) };
}

/**
 * `/admin/jobs`: what the worker has to do (waiting, in work, failed) and the jobs that failed after all their
 * tries, with their error, each retried by an administrator (api/src/modules/jobs/jobs.routes.ts).
 */
export default function JobsPage() {
  const t = useT(adminCatalogs);
  const appT = useT(appCatalogs);
  const jobs = useJobs();
  const retry = useRetryJob();

  const jobKind = (kind: string) => {
    const key = `jobs.kind.${kind}`;
    return isAdminKey(key) ? t(key) : kind;
  };

  const retryJob = (id: number) =>
    retry.mutate(id, {
      onSuccess: () => notify.success(t('jobs.retried', { id })),
      onError: (error) => notify.error(apiErrorMessage(error) ?? appT('failed')),
    });

  return (
    <div className="sh-page">
      <AdminNav />
      <h1>{t('jobs.heading')}</h1>
      <p className="sh-note">{t('jobs.intro')}</p>
      {jobs.isError && (
        <LoadError message={apiErrorMessage(jobs.error) ?? appT('failed')} onRetry={() => jobs.refetch()} />
      )}
      {jobs.isPending && <Spinner />}
      {jobs.data && (
        <>
          <section className="sh-card" aria-labelledby="jobs-summary">
            <h2 id="jobs-summary">{t('jobs.summary')}</h2>
            <dl className="sh-jobs__summary">
              <div>
                <dt>{t('jobs.queued')}</dt>
                <dd>{formatNumber(jobs.data.queued)}</dd>
              </div>
              <div>
                <dt>{t('jobs.running')}</dt>
                <dd>{formatNumber(jobs.data.running)}</dd>
              </div>
              <div>
                <dt>{t('jobs.failed')}</dt>
                <dd>{formatNumber(jobs.data.failed)}</dd>
              </div>
              <div>
                <dt>{t('jobs.oldest')}</dt>
                <dd>{jobs.data.oldest_queued ? formatDayTime(jobs.data.oldest_queued) : t('jobs.none')}</dd>
              </div>
            </dl>
          </section>
          <section className="sh-card sh-card--table" aria-labelledby="jobs-failed">
            <h2 id="jobs-failed">{t('jobs.failedHeading')}</h2>
            {jobs.data.failed_jobs.length === 0 ? (
              <p>{t('jobs.noneFailed')}</p>
            ) : (
              <table className="sh-table" aria-labelledby="jobs-failed">
                <thead>
                  <tr>
                    <th scope="col">{t('jobs.column.kind')}</th>
                    <th scope="col">{t('jobs.column.subject')}</th>
                    <th scope="col">{t('jobs.column.error')}</th>
                    <th scope="col">{t('jobs.column.attempts')}</th>
                    <th scope="col">{t('jobs.column.at')}</th>
                    <th scope="col">{t('jobs.column.action')}</th>
                  </tr>
                </thead>
                <tbody>
                  {jobs.data.failed_jobs.map((job) => (
                    <tr key={job.id}>
                      <td>{jobKind(job.kind)}</td>
                      <td>
                        <SubjectLink event={subjectOf(job.subject)} />
                      </td>
                      <td className="sh-table__warn">{job.error}</td>
                      <td>{formatNumber(job.attempts)}</td>
                      <td>{formatDayTime(job.finished_at)}</td>
                      <td className="sh-table__actions">
                        <button
                          type="button"
                          className="sui-button sui-button--secondary"
                          aria-label={t('jobs.retryLabel', { id: job.id })}
                          disabled={retry.isPending}
                          onClick={() => retryJob(job.id)}
                        >
                          {t('jobs.retry')}
                        </button>
                      </td>
                    </tr>
                  ))}
                </tbody>
              </table>
            )}
          </section>
        </>
      )}
    </div>
  );
}
