import { useQuery } from '@tanstack/react-query';
import {
  SERVICE_REQUEST_MAX,
  SERVICE_REQUEST_STATUSES,
  type ServiceRequest,
  type ServiceRequestDetail,
  type ServiceRequestStatus,
} from 'contracts';
import { useEffect, useMemo, useState, type FormEvent } from 'react';
import { apiErrorMessage, formatDayTime, LoadError, Spinner, useT } from 'shared-ui';
import { certificateCatalogs } from '../../../catalogs';
import { UnitRecord } from '../../../components/unit-record/unit-record';
import {
  servicePhotoQuery,
  useAddNote,
  useDeleteRequest,
  useServiceRequest,
  useServiceRequests,
  useSetStatus,
} from '../api/service-requests';
import '../../../styles/remote.css';
import '../service-requests.css';

/** One photo of a request, read with the staff session and shown from memory. */
function Photo({ id, photo, label }: { id: number; photo: number; label: string }) {
  const blob = useQuery(servicePhotoQuery(id, photo)).data;
  const url = useMemo(() => (blob ? URL.createObjectURL(blob) : null), [blob]);
  useEffect(() => () => void (url && URL.revokeObjectURL(url)), [url]);
  if (!url) return <Spinner />;
  return (
    <a href={url} target="_blank" rel="noopener noreferrer">
      <img src={url} alt={label} className="srq-photo" />
    </a>
  );
}

/** A small form of one text field and its button; `onSend` answers the error to show, if any. */
function TextForm({
  id,
  label,
  button,
  maxLength,
  multiline,
  onSend,
}: {
  id: string;
  label: string;
  button: string;
  maxLength: number;
  multiline?: boolean;
  onSend: (text: string) => Promise<string | null>;
}) {
  const [text, setText] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setBusy(true);
    const refused = await onSend(text.trim());
    setBusy(false);
    setError(refused);
    if (!refused) setText('');
  };
  const field = {
    id,
    className: 'sui-input',
    value: text,
    maxLength,
    required: true,
    onChange: (event: { target: { value: string } }) => setText(event.target.value),
  };
  return (
    <form className="srq-form" onSubmit={(event) => void submit(event)}>
      <label htmlFor={id}>{label}</label>
      {multiline ? <textarea rows={3} {...field} /> : <input {...field} />}
      <button type="submit" className="sui-button" disabled={busy || !text.trim()}>
        {button}
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
 * The selected request: what happened, photos, contact, status, notes, deletion (then `onDeleted`); the unit's record
 * beside it.
 */
function RequestDetail({ request, onDeleted }: { request: ServiceRequestDetail; onDeleted: () => void }) {
  const t = useT(certificateCatalogs);
  const setStatus = useSetStatus();
  const addNote = useAddNote();
  const remove = useDeleteRequest();
  const refusal = (error: unknown) => apiErrorMessage(error) ?? t('service.failed');
  const send =
    <V,>(mutation: { mutateAsync: (change: { id: number; value: V }) => Promise<unknown> }) =>
    (value: V) =>
      mutation.mutateAsync({ id: request.id, value }).then(
        () => null,
        (error: unknown) => refusal(error),
      );
  return (
    <div className="srq-detail">
      <section
        className="cert-panel"
        aria-labelledby="srq-request-title"
        data-testid="service-request-detail"
      >
        <h2 id="srq-request-title" className="cert-panel__title">
          {t('service.requestTitle', { serial: request.serial, at: formatDayTime(request.created_at) })}
        </h2>
        <p className="srq-text">{request.text}</p>
        {request.photos > 0 && (
          <div className="srq-photos">
            {Array.from({ length: request.photos }, (_, index) => (
              <Photo
                key={index}
                id={request.id}
                photo={index + 1}
                label={t('service.photo', { number: index + 1, serial: request.serial })}
              />
            ))}
          </div>
        )}
        <h3>{t('service.contact')}</h3>
        <p className="srq-contact">
          {request.name}
          <br />
          <a href={`mailto:${request.email}`}>{request.email}</a>
          {request.phone && (
            <>
              <br />
              <a href={`tel:${request.phone.replace(/[^+0-9]/g, '')}`}>{request.phone}</a>
            </>
          )}
          <br />
          {t('service.language', { language: request.language })}
        </p>
        <label htmlFor="srq-status">{t('service.status')}</label>
        <select
          id="srq-status"
          className="sui-input srq-status"
          value={request.status}
          disabled={setStatus.isPending}
          onChange={(event) =>
            void send<ServiceRequestStatus>(setStatus)(event.target.value as ServiceRequestStatus)
          }
        >
          {SERVICE_REQUEST_STATUSES.map((status) => (
            <option key={status} value={status}>
              {t(`service.statuses.${status}`)}
            </option>
          ))}
        </select>
        <h3>{t('service.notes')}</h3>
        {request.notes.length === 0 ? (
          <p className="cert-note">{t('service.noNotes')}</p>
        ) : (
          <ul className="srq-notes">
            {request.notes.map((note) => (
              <li key={note.id}>
                <span className="srq-note-by">
                  {t('service.noteBy', { author: note.author, at: formatDayTime(note.at) })}
                </span>
                <p className="srq-text">{note.text}</p>
              </li>
            ))}
          </ul>
        )}
        <TextForm
          key={`note-${request.id}`}
          id="srq-note"
          label={t('service.newNote')}
          button={t('service.addNote')}
          maxLength={SERVICE_REQUEST_MAX.note}
          multiline
          onSend={send<string>(addNote)}
        />
        <TextForm
          key={`delete-${request.id}`}
          id="srq-delete"
          label={t('service.deleteReason')}
          button={t('service.delete')}
          maxLength={500}
          onSend={async (reason) => {
            const refused = await send<string>(remove)(reason);
            if (!refused) onDeleted();
            return refused;
          }}
        />
      </section>
      <section className="srq-unit" aria-label={t('service.unitRecord', { serial: request.serial })}>
        <UnitRecord serial={request.serial} heading="h3" />
      </section>
    </div>
  );
}

/** The start of what happened, for the list: its first line, cut in words rather than hidden by the layout. */
const PREVIEW_LENGTH = 80;
function preview(text: string) {
  const line = text.split('\n')[0];
  return line.length > PREVIEW_LENGTH ? `${line.slice(0, PREVIEW_LENGTH).trimEnd()} …` : line;
}

/** One line of the inbox: serial, when, status, and the start of what happened. */
function RequestButton({
  request,
  selected,
  onSelect,
}: {
  request: ServiceRequest;
  selected: boolean;
  onSelect: () => void;
}) {
  const t = useT(certificateCatalogs);
  return (
    <button
      type="button"
      className={`srq-item${selected ? ' srq-item--selected' : ''}`}
      aria-pressed={selected}
      onClick={onSelect}
    >
      <span className="srq-item__head">
        <b>{request.serial}</b>
        <span className={`srq-badge srq-badge--${request.status}`}>
          {t(`service.statuses.${request.status}`)}
        </span>
      </span>
      <span className="srq-item__meta">
        {formatDayTime(request.created_at)} · {request.name}
      </span>
      <span className="srq-item__text">{preview(request.text)}</span>
    </button>
  );
}

/**
 * Tab „Serviceanfragen“ (docs/decisions/0045-service-requests.md): customers' requests from the unit's page,
 * newest first, filtered by status; the selected one with its photos, contact, notes and status, and the unit's
 * full test record beside it. Only the roles that see owners' data have the tab (shell/src/tabs.ts).
 */
export default function ServiceRequestsPage() {
  const t = useT(certificateCatalogs);
  const [status, setStatus] = useState<ServiceRequestStatus | ''>('');
  const [selected, setSelected] = useState<number | null>(null);
  const list = useServiceRequests(status || undefined);
  const detail = useServiceRequest(selected);

  if (list.isPending) return <Spinner />;
  if (list.isError)
    return (
      <LoadError
        message={apiErrorMessage(list.error) ?? t('service.loadFailed')}
        onRetry={() => void list.refetch()}
      />
    );
  const { data: requests, new_count } = list.data;
  return (
    <div className="cert-screen srq" data-testid="service-requests">
      <div className="srq-inbox">
        <div className="srq-toolbar">
          <p className="srq-count" role="status">
            {t('service.newCount', { count: new_count })}
          </p>
          <label htmlFor="srq-filter">{t('service.filter')}</label>
          <select
            id="srq-filter"
            className="sui-input"
            value={status}
            onChange={(event) => setStatus(event.target.value as ServiceRequestStatus | '')}
          >
            <option value="">{t('service.all')}</option>
            {SERVICE_REQUEST_STATUSES.map((value) => (
              <option key={value} value={value}>
                {t(`service.statuses.${value}`)}
              </option>
            ))}
          </select>
        </div>
        {requests.length === 0 ? (
          <p className="cert-note">{t('service.empty')}</p>
        ) : (
          <ul className="srq-list" aria-label={t('service.listLabel')}>
            {requests.map((request) => (
              <li key={request.id}>
                <RequestButton
                  request={request}
                  selected={request.id === selected}
                  onSelect={() => setSelected(request.id)}
                />
              </li>
            ))}
          </ul>
        )}
      </div>
      {selected === null ? (
        <p className="cert-note srq-hint">{t('service.choose')}</p>
      ) : detail.isError ? (
        <LoadError
          message={apiErrorMessage(detail.error) ?? t('service.loadFailed')}
          onRetry={() => void detail.refetch()}
        />
      ) : detail.data ? (
        <RequestDetail request={detail.data} onDeleted={() => setSelected(null)} />
      ) : (
        <Spinner />
      )}
    </div>
  );
}
