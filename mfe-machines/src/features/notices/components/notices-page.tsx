import { useQuery } from '@tanstack/react-query';
import { allows, type Notice } from 'contracts';
import { lazy, Suspense, useState } from 'react';
import { formatDay, formatDayTime, LoadError, meQuery, Spinner, useT } from 'shared-ui';
import { machineCatalogs } from '../../../catalogs';
import { noticesQuery } from '../api/notices';
import AffectedPanel, { noticeTitle } from './affected-panel';
import '../../../styles/remote.css';
import '../../../styles/lists.css';
import '../notices.css';

// Publishing is rare and for the quality role only: out of the tab's first load.
const NoticeForm = lazy(() => import('./notice-form'));

/** What a notice covers, in words: its serial range and/or issue period. */
function Scope({ notice }: { notice: Notice }) {
  const t = useT(machineCatalogs);
  const { serial_from, serial_to, issued_from, issued_to } = notice;
  const period =
    issued_from && issued_to
      ? t('notices.periodBetween', { from: formatDay(issued_from), to: formatDay(issued_to) })
      : issued_from
        ? t('notices.periodFrom', { from: formatDay(issued_from) })
        : issued_to
          ? t('notices.periodTo', { to: formatDay(issued_to) })
          : null;
  return (
    <>
      {serial_from && serial_to && <div>{t('notices.range', { from: serial_from, to: serial_to })}</div>}
      {period && <div>{period}</div>}
      <strong>{t('notices.affected', { count: notice.affected })}</strong>
    </>
  );
}

/**
 * Tab „Sicherheitshinweise“ (docs/decisions/0045-safety-notices.md): every notice, open ones first, and the units
 * the chosen one covers. Every role reads; Freigabe (quality) and administrators publish and close, as the API
 * allows.
 */
export default function NoticesPage() {
  const t = useT(machineCatalogs);
  const notices = useQuery(noticesQuery);
  const mayPublish = allows(useQuery(meQuery).data?.roles ?? [], 'release');
  const [creating, setCreating] = useState(false);
  const [shown, setShown] = useState<number | null>(null);
  const selected = notices.data?.data.find((notice) => notice.id === shown);

  function list() {
    if (notices.isPending) return <Spinner />;
    if (notices.isError)
      return <LoadError message={t('notices.loadFailed')} onRetry={() => void notices.refetch()} />;
    if (notices.data.data.length === 0) return <p>{t('notices.empty')}</p>;
    return (
      <div className="mach-inst__scroll">
        <table className="mach-inst__table" aria-label={t('notices.table')} data-testid="notice-list">
          <thead>
            <tr>
              <th scope="col">{t('notices.columns.severity')}</th>
              <th scope="col">{t('notices.columns.notice')}</th>
              <th scope="col">{t('notices.columns.scope')}</th>
              <th scope="col">{t('notices.columns.state')}</th>
            </tr>
          </thead>
          <tbody>
            {notices.data.data.map((notice) => (
              <tr
                key={notice.id}
                data-testid="notice"
                className={
                  [
                    notice.closed_at && 'mach-inst__row--inactive',
                    notice.id === shown && 'mach-notice__selected',
                  ]
                    .filter(Boolean)
                    .join(' ') || undefined
                }
              >
                <td>
                  <span className={`mach-notice__severity mach-notice__severity--${notice.severity}`}>
                    {notice.severity !== 'information' && <span aria-hidden="true">⚠ </span>}
                    {t(`notices.severity.${notice.severity}`)}
                  </span>
                </td>
                <td>
                  <strong>{noticeTitle(notice)}</strong>
                  <div className="mach-inst__muted">{notice.machine_name}</div>
                </td>
                <td>
                  <Scope notice={notice} />
                </td>
                <td>
                  <div>
                    {t('notices.published', {
                      day: formatDayTime(notice.published_at),
                      by: notice.published_by_name,
                    })}
                  </div>
                  {notice.closed_at && (
                    <div>
                      <span aria-hidden="true">✓ </span>
                      {t('notices.closed', {
                        day: formatDayTime(notice.closed_at),
                        by: notice.closed_by_name ?? '',
                      })}
                      {notice.close_reason && <div className="mach-inst__note">{notice.close_reason}</div>}
                    </div>
                  )}
                  <button
                    type="button"
                    className="sui-button sui-button--secondary"
                    aria-pressed={notice.id === shown}
                    onClick={() => setShown(notice.id === shown ? null : notice.id)}
                  >
                    {t('notices.showUnits')}
                  </button>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    );
  }

  return (
    <div className="mach-screen" data-testid="notices">
      {/* No h1: the shell's dashboard names the tab „Sicherheitshinweise“ in its own (shell/src/features/dashboard). */}
      <section className="mach-inst__panel" aria-labelledby="notices-title">
        <h2 id="notices-title" className="mach-subtitle">
          {t('notices.title')}
        </h2>
        <p className="mach-inst__hint">{t('notices.intro')}</p>
        {notices.data?.mailing === false && (
          <p className="mach-inst__hint" data-testid="notices-no-mail">
            {t('notices.noMail')}
          </p>
        )}
        {mayPublish && !creating && (
          <div>
            <button type="button" className="sui-button" onClick={() => setCreating(true)}>
              {t('notices.new')}
            </button>
          </div>
        )}
        {creating && (
          <Suspense fallback={<Spinner />}>
            <NoticeForm onClose={() => setCreating(false)} />
          </Suspense>
        )}
        {list()}
      </section>
      {selected && (
        <AffectedPanel
          key={selected.id}
          notice={selected}
          mayClose={mayPublish}
          onHide={() => setShown(null)}
        />
      )}
    </div>
  );
}
