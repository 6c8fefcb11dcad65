import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { NOTICE_CLOSE_REASON_MAX, staffUrls, type Notice } from 'contracts';
import { useState } from 'react';
import { Link } from 'react-router-dom';
import {
  apiErrorMessage,
  apiFieldErrors,
  currentLanguage,
  formatDayTime,
  LoadError,
  notify,
  SHORT_TOAST_MS,
  Spinner,
  useT,
} from 'shared-ui';
import { machineCatalogs } from '../../../catalogs';
import { ExportButtons } from '../../../components/export-buttons';
import { ReasonForm } from '../../../components/reason-form';
import { affectedQuery, exportAffected, useCloseNotice } from '../api/notices';

const PER_PAGE = 50;

/** A notice's title in the staff's language: German for German, English otherwise (a notice has no Polish). */
export const noticeTitle = (notice: Pick<Notice, 'title_de' | 'title_en'>) =>
  currentLanguage() === 'de' ? notice.title_de : notice.title_en;

/** Closes an open notice with a reason; the customer pages stop showing it, the notice and its units stay. */
function CloseNotice({ notice }: { notice: Notice }) {
  const t = useT(machineCatalogs);
  const [opened, setOpened] = useState(false);
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | null>(null);
  const close = useCloseNotice();

  async function send() {
    setError(null);
    try {
      await close.mutateAsync({ id: notice.id, reason });
      notify.success(t('notices.close.done'), { autoClose: SHORT_TOAST_MS });
    } catch (failure) {
      setError(apiFieldErrors(failure).reason ?? apiErrorMessage(failure) ?? t('notices.close.failed'));
    }
  }

  if (!opened)
    return (
      <button type="button" className="sui-button sui-button--secondary" onClick={() => setOpened(true)}>
        {t('notices.close.open')}
      </button>
    );
  return (
    <ReasonForm
      id={`notice-close-${notice.id}`}
      label={t('notices.close.reason')}
      value={reason}
      maxLength={NOTICE_CLOSE_REASON_MAX}
      error={error}
      pending={close.isPending}
      confirm={t('notices.close.confirm')}
      cancel={t('notices.close.cancel')}
      onChange={(value) => {
        setReason(value);
        setError(null);
      }}
      onSubmit={send}
      onCancel={() => setOpened(false)}
    />
  );
}

/**
 * The issued units one notice covers, page by page, as the instrument impact list shows certificates: each with
 * its certificate, test day, release, and whether an owner registered it and was mailed the notice
 * (api/src/modules/notices/notice-mails.ts); exportable, and closable by the quality role.
 */
export default function AffectedPanel({
  notice,
  mayClose,
  onHide,
}: {
  notice: Notice;
  mayClose: boolean;
  onHide: () => void;
}) {
  const t = useT(machineCatalogs);
  const [page, setPage] = useState(1);
  const units = useQuery({ ...affectedQuery(notice.id, page, PER_PAGE), placeholderData: keepPreviousData });
  const pages = Math.max(1, Math.ceil((units.data?.total ?? 0) / PER_PAGE));

  function list() {
    if (units.isPending) return <Spinner />;
    if (units.isError)
      return <LoadError message={t('notices.units.loadFailed')} onRetry={() => void units.refetch()} />;
    const { registered, mailed, total } = units.data;
    if (total === 0) return <p>{t('notices.units.none')}</p>;
    return (
      <>
        {/* Whether, never who: owners' names and addresses are the registrations list's (release role). */}
        <p data-testid="affected-owners">{t('notices.units.owners', { registered, total, mailed })}</p>
        <div className="mach-inst__scroll">
          <table
            className="mach-inst__table"
            aria-label={t('notices.units.table')}
            data-testid="affected-units"
          >
            <thead>
              <tr>
                <th scope="col">{t('notices.units.columns.serial')}</th>
                <th scope="col">{t('notices.units.columns.certificate')}</th>
                <th scope="col">{t('notices.units.columns.testedAt')}</th>
                <th scope="col">{t('notices.units.columns.release')}</th>
                <th scope="col">{t('notices.units.columns.registered')}</th>
                <th scope="col">{t('notices.units.columns.mailed')}</th>
              </tr>
            </thead>
            <tbody>
              {units.data.data.map((unit) => (
                <tr key={unit.serial} data-testid="affected-unit">
                  <td>
                    <Link to={staffUrls.unit(unit.serial)}>{unit.serial}</Link>
                  </td>
                  <td>
                    <Link to={staffUrls.certificateDetail(unit.certificate_id)}>
                      {t('notices.units.certificate', { id: unit.certificate_id })}
                    </Link>
                  </td>
                  <td>{formatDayTime(unit.tested_at)}</td>
                  <td>
                    {t(`notices.release.${unit.release}`)}
                    {unit.voided && <span className="mach-inst__muted"> · {t('notices.units.voided')}</span>}
                  </td>
                  <td>{t(unit.registered ? 'notices.units.yes' : 'notices.units.no')}</td>
                  <td>{t(unit.mailed ? 'notices.units.yes' : 'notices.units.no')}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
        {pages > 1 && (
          <div className="mach-toolbar">
            <button
              type="button"
              className="sui-button sui-button--secondary"
              disabled={page <= 1}
              onClick={() => setPage(page - 1)}
            >
              {t('notices.units.previous')}
            </button>
            <span>{t('notices.units.page', { page, pages })}</span>
            <button
              type="button"
              className="sui-button sui-button--secondary"
              disabled={page >= pages}
              onClick={() => setPage(page + 1)}
            >
              {t('notices.units.next')}
            </button>
          </div>
        )}
      </>
    );
  }

  return (
    <section className="mach-inst__panel" aria-labelledby="affected-title" data-testid="affected">
      <h2 id="affected-title" className="mach-subtitle">
        {t('notices.units.title', { title: noticeTitle(notice) })}
      </h2>
      <p>{t('notices.affected', { count: notice.affected })}</p>
      <div className="mach-toolbar">
        {notice.affected > 0 && (
          <ExportButtons
            label={t('notices.export')}
            formatLabel={(format) => t(`notices.formats.${format}`)}
            failed={t('notices.exportFailed')}
            save={(format) => exportAffected(notice.id, format)}
          />
        )}
        {mayClose && !notice.closed_at && <CloseNotice key={notice.id} notice={notice} />}
        <button type="button" className="sui-button sui-button--secondary" onClick={onHide}>
          {t('notices.units.hide')}
        </button>
      </div>
      {list()}
    </section>
  );
}
