import { useQuery } from '@tanstack/react-query';
import {
  allows,
  EXPORT_FORMATS,
  formatDateTime,
  IMPACT_CLOSING_LABELS,
  staffUrls,
  type ExportFormat,
  type ImpactClosing,
  type ImpactEntry,
} from 'contracts';
import { useState, type FormEvent } from 'react';
import { Link } from 'react-router-dom';
import {
  apiErrorMessage,
  apiFieldErrors,
  formatDate,
  LoadError,
  meQuery,
  notify,
  SHORT_TOAST_MS,
  Spinner,
  useSubmitGuard,
} from 'shared-ui';
import { exportImpacts, impactsQuery, useCloseImpact } from '../api/instruments';
import { instrumentMessages } from '../instrument-messages';

const t = instrumentMessages.impacts;
const EXPORT_LABELS: Record<ExportFormat, string> = { csv: t.exportCsv, xlsx: t.exportXlsx };

/**
 * Closes one open entry: „ohne Auswirkung“ with a reason, or as revised or voided once the certificate was
 * (the API checks that it was, after the instrument was found out of tolerance, and says so in German).
 */
function CloseEntry({ entry }: { entry: ImpactEntry }) {
  const [how, setHow] = useState<ImpactClosing | null>(null);
  const [note, setNote] = useState('');
  const [error, setError] = useState<string | null>(null);
  const close = useCloseImpact();
  const guard = useSubmitGuard();
  const noteId = `impact-note-${entry.id}`;

  async function send() {
    setError(null);
    try {
      await close.mutateAsync({ id: entry.id, closed_as: how!, note });
      notify.success(t.closedToast, { autoClose: SHORT_TOAST_MS });
    } catch (failure) {
      setError(apiFieldErrors(failure).note ?? apiErrorMessage(failure) ?? t.failed);
    }
  }

  if (!how)
    return (
      <div className="mach-inst__actions">
        {(['no_effect', 'revised', 'voided'] as const).map((option) => (
          <button
            key={option}
            type="button"
            className="sui-button sui-button--secondary"
            onClick={() => setHow(option)}
          >
            {t[option === 'no_effect' ? 'noEffect' : option]}
          </button>
        ))}
      </div>
    );
  return (
    <form
      className="mach-inst__close"
      noValidate
      onSubmit={(event: FormEvent) => {
        event.preventDefault();
        void guard(send);
      }}
    >
      <p className="mach-inst__close-how">{IMPACT_CLOSING_LABELS[how]}</p>
      <div className="sui-field">
        <label htmlFor={noteId}>{how === 'no_effect' ? t.note : t.noteOptional}</label>
        <textarea
          id={noteId}
          className="sui-input"
          rows={2}
          maxLength={500}
          value={note}
          onChange={(event) => {
            setNote(event.target.value);
            setError(null);
          }}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${noteId}-error` : undefined}
        />
        {error && (
          <p id={`${noteId}-error`} className="sui-field-error" role="alert">
            {error}
          </p>
        )}
      </div>
      <div className="mach-actions">
        <button type="submit" className="sui-button" disabled={close.isPending}>
          {t.confirm}
        </button>
        <button type="button" className="sui-button sui-button--secondary" onClick={() => setHow(null)}>
          {t.cancel}
        </button>
      </div>
    </form>
  );
}

/**
 * The impacts of instruments found out of tolerance (docs/decisions/0018-instruments.md): every certificate one
 * measured while suspect, open entries first until a quality person closes each; exportable for the auditor.
 */
export default function ImpactsPanel() {
  const impacts = useQuery(impactsQuery);
  const mayClose = allows(useQuery(meQuery).data?.roles ?? [], 'release');
  const [exporting, setExporting] = useState(false);

  async function download(format: ExportFormat) {
    setExporting(true);
    try {
      await exportImpacts(format);
    } catch (error) {
      notify.error(apiErrorMessage(error) ?? t.exportFailed);
    } finally {
      setExporting(false);
    }
  }

  function list() {
    if (impacts.isPending) return <Spinner />;
    if (impacts.isError) return <LoadError message={t.loadFailed} onRetry={() => void impacts.refetch()} />;
    if (impacts.data.length === 0) return <p>{t.empty}</p>;
    return (
      <div className="mach-inst__scroll">
        <table className="mach-inst__table" aria-label={t.table} data-testid="impact-list">
          <thead>
            <tr>
              <th scope="col">{t.columns.instrument}</th>
              <th scope="col">{t.columns.certificate}</th>
              <th scope="col">{t.columns.serials}</th>
              <th scope="col">{t.columns.state}</th>
            </tr>
          </thead>
          <tbody>
            {impacts.data.map((entry) => (
              <tr
                key={entry.id}
                data-testid="impact-entry"
                className={entry.closed_at ? 'mach-inst__row--inactive' : undefined}
              >
                <td>
                  <strong>{entry.inventory_number}</strong>
                  <div className="mach-inst__muted">{t.suspectSince(formatDate(entry.suspect_since))}</div>
                </td>
                <td>
                  <Link to={staffUrls.certificateDetail(entry.certificate_id)}>
                    {t.certificate(entry.certificate_id)}
                  </Link>
                  <div className="mach-inst__muted">{t.testedAt(formatDateTime(entry.tested_at))}</div>
                </td>
                <td className="mach-inst__serials">{entry.serials.join(', ')}</td>
                <td>
                  {entry.closed_as ? (
                    <>
                      <span aria-hidden="true">✓ </span>
                      {t.closed(
                        IMPACT_CLOSING_LABELS[entry.closed_as],
                        entry.closed_by_name ?? '',
                        formatDateTime(entry.closed_at),
                      )}
                      {entry.note && <div className="mach-inst__note">{entry.note}</div>}
                    </>
                  ) : (
                    <>
                      <strong className="mach-inst__due--overdue">
                        <span aria-hidden="true">⚠ </span>
                        {t.open}
                      </strong>
                      {mayClose && (
                        <>
                          <div className="mach-inst__muted">{t.reviseHint}</div>
                          <CloseEntry entry={entry} />
                        </>
                      )}
                    </>
                  )}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    );
  }

  return (
    <section className="mach-inst__panel" aria-labelledby="impacts-title" data-testid="impacts">
      <h2 id="impacts-title" className="mach-subtitle">
        {t.title}
      </h2>
      <p className="mach-inst__hint">{t.intro}</p>
      {impacts.data && impacts.data.length > 0 && (
        <div className="mach-toolbar" role="group" aria-label={t.export}>
          <span>{t.export}:</span>
          {EXPORT_FORMATS.map((format) => (
            <button
              key={format}
              type="button"
              className="sui-button sui-button--secondary"
              disabled={exporting}
              onClick={() => void download(format)}
            >
              {EXPORT_LABELS[format]}
            </button>
          ))}
        </div>
      )}
      {list()}
    </section>
  );
}
