import { berlinIsoDate, type PaperRequest } from 'contracts';
import { useState } from 'react';
import { apiErrorMessage, formatDate, httpStatus, LoadError, Spinner } from 'shared-ui';
import { usePaperRequests } from '../api/get-paper-requests';
import { useMarkPaperRequestSent } from '../api/mark-paper-request-sent';
import { documentMessages } from '../../../document-messages';
import '../../../styles/documents.css';

const text = documentMessages.requests;

/** Marks one request sent on a day (today unless changed). */
function SentForm({ request }: { request: PaperRequest }) {
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
          { onError: (failure) => setError(apiErrorMessage(failure) ?? text.failed) },
        );
      }}
    >
      <label htmlFor={id}>{text.sentDay}</label>
      <input
        id={id}
        className="sui-input"
        type="date"
        value={day}
        onChange={(event) => setDay(event.target.value)}
      />
      <button type="submit" className="sui-button" disabled={mark.isPending}>
        {text.markSent}
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
  const requests = usePaperRequests();
  const today = berlinIsoDate(new Date());
  if (requests.isPending) return <Spinner />;
  // Personal data: only the need `catalogue` reads it (docs/decisions/0012-documents.md); others are told so.
  if (httpStatus(requests.error) === 403) return <p role="status">{text.forbidden}</p>;
  if (requests.isError)
    return <LoadError message={text.loadFailed} onRetry={() => void requests.refetch()} />;
  return (
    <section className="mach-docs" aria-labelledby="paper-requests-title" data-testid="paper-requests">
      <h2 id="paper-requests-title" className="mach-subtitle">
        {text.title}
      </h2>
      <p>{text.intro}</p>
      {requests.data.data.length === 0 ? (
        <p>{text.empty}</p>
      ) : (
        <div className="mach-docs__scroll">
          <table className="mach-docs__table" aria-label={text.table}>
            <thead>
              <tr>
                <th scope="col">{text.columns.created}</th>
                <th scope="col">{text.columns.due}</th>
                <th scope="col">{text.columns.machine}</th>
                <th scope="col">{text.columns.document}</th>
                <th scope="col">{text.columns.recipient}</th>
                <th scope="col">{text.columns.status}</th>
              </tr>
            </thead>
            <tbody>
              {requests.data.data.map((request) => {
                const overdue = !request.sent_on && request.due < today;
                return (
                  <tr key={request.id} data-testid="paper-request-row">
                    <td>{formatDate(request.created_at)}</td>
                    <td>
                      {formatDate(request.due)}
                      {overdue && <strong className="mach-docs__overdue"> {text.overdue}</strong>}
                    </td>
                    <td>
                      {request.machine_name}
                      {request.serial && <div>{request.serial}</div>}
                    </td>
                    <td>
                      {documentMessages.kinds[request.kind]} ({request.language.toUpperCase()})
                    </td>
                    <td className="mach-docs__recipient">
                      {request.erased ? (
                        <em>{text.erased}</em>
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
                        text.sentOn(formatDate(request.sent_on))
                      ) : (
                        <>
                          {text.open}
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
