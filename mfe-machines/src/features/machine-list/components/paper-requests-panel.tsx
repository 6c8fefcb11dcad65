import {
  berlinIsoDate,
  PAPER_REQUEST_DEADLINE_DAYS,
  PAPER_REQUEST_ERASE_AFTER_DAYS,
  type PaperRequest,
} from 'contracts';
import { useState } from 'react';
import { apiErrorMessage, formatDay, httpStatus, LoadError, Spinner, useT } from 'shared-ui';
import { usePaperRequests } from '../api/get-paper-requests';
import { useMarkPaperRequestSent } from '../api/mark-paper-request-sent';
import { machineCatalogs } from '../../../catalogs';
import '../../../styles/documents.css';

/** Marks one request sent on a day (today unless changed). */
function SentForm({ request }: { request: PaperRequest }) {
  const t = useT(machineCatalogs);
  const [day, setDay] = useState(() => berlinIsoDate(new Date()));
  const [error, setError] = useState<string | null>(null);
  const mark = useMarkPaperRequestSent();
  const id = `paper-sent-${request.id}`;
  return (
    <form
      className="mach-docs__sent"
      onSubmit={(event) => {
        event.preventDefault();
        setError(null);
        mark.mutate(
          { id: request.id, sentOn: day },
          { onError: (failure) => setError(apiErrorMessage(failure) ?? t('documents.requests.failed')) },
        );
      }}
    >
      <label htmlFor={id}>{t('documents.requests.sentDay')}</label>
      <input
        id={id}
        className="sui-input"
        type="date"
        value={day}
        onChange={(event) => setDay(event.target.value)}
      />
      <button type="submit" className="sui-button" disabled={mark.isPending}>
        {t('documents.requests.markSent')}
      </button>
      {error && (
        <p className="sui-field-error" role="alert">
          {error}
        </p>
      )}
    </form>
  );
}

/**
 * Customers' requests for a paper copy (docs/decisions/0012-documents.md): open ones first by deadline,
 * overdue ones marked in words and colour; each done with the day it was sent.
 */
export default function PaperRequestsPanel() {
  const t = useT(machineCatalogs);
  const requests = usePaperRequests();
  const today = berlinIsoDate(new Date());
  if (requests.isPending) return <Spinner />;
  // Personal data: only the need `catalogue` reads it (docs/decisions/0012-documents.md); others are told so.
  if (httpStatus(requests.error) === 403) return <p role="status">{t('documents.requests.forbidden')}</p>;
  if (requests.isError)
    return <LoadError message={t('documents.requests.loadFailed')} onRetry={() => void requests.refetch()} />;
  return (
    <section className="mach-docs" aria-labelledby="paper-requests-title" data-testid="paper-requests">
      <h2 id="paper-requests-title" className="mach-subtitle">
        {t('documents.requests.title')}
      </h2>
      <p>
        {t('documents.requests.intro', {
          deadline: PAPER_REQUEST_DEADLINE_DAYS,
          erase: PAPER_REQUEST_ERASE_AFTER_DAYS,
        })}
      </p>
      {requests.data.data.length === 0 ? (
        <p>{t('documents.requests.empty')}</p>
      ) : (
        <div className="mach-docs__scroll">
          <table className="mach-docs__table" aria-label={t('documents.requests.table')}>
            <thead>
              <tr>
                <th scope="col">{t('documents.requests.columns.created')}</th>
                <th scope="col">{t('documents.requests.columns.due')}</th>
                <th scope="col">{t('documents.requests.columns.machine')}</th>
                <th scope="col">{t('documents.requests.columns.document')}</th>
                <th scope="col">{t('documents.requests.columns.recipient')}</th>
                <th scope="col">{t('documents.requests.columns.status')}</th>
              </tr>
            </thead>
            <tbody>
              {requests.data.data.map((request) => {
                const overdue = !request.sent_on && request.due < today;
                return (
                  <tr key={request.id} data-testid="paper-request-row">
                    <td>{formatDay(request.created_at)}</td>
                    <td>
                      {formatDay(request.due)}
                      {overdue && (
                        <strong className="mach-docs__overdue"> {t('documents.requests.overdue')}</strong>
                      )}
                    </td>
                    <td>
                      {request.machine_name}
                      {request.serial && <div>{request.serial}</div>}
                    </td>
                    <td>
                      {t(`documents.kinds.${request.kind}`)} ({request.language.toUpperCase()})
                    </td>
                    <td className="mach-docs__recipient">
                      {request.erased ? (
                        <em>{t('documents.requests.erased')}</em>
                      ) : (
                        <>
                          {request.name}
                          <div>{request.address}</div>
                          <div>{request.email}</div>
                        </>
                      )}
                    </td>
                    <td>
                      {request.sent_on ? (
                        t('documents.requests.sentOn', { day: formatDay(request.sent_on) })
                      ) : (
                        <>
                          {t('documents.requests.open')}
                          <SentForm request={request} />
                        </>
                      )}
                    </td>
                  </tr>
                );
              })}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}
