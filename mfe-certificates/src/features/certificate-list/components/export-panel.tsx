import type { ExportFormat, ExportRows } from 'contracts';
import { useId, useState } from 'react';
import type { CertificateQuery } from '../../../api/wire';
import { useExportCertificates } from '../api/export-certificates';
import { listMessages } from '../list-messages';

const t = listMessages.export;

const megabytes = (bytes: number) =>
  `${(bytes / 1_000_000).toLocaleString('de-DE', { minimumFractionDigits: 1, maximumFractionDigits: 1 })} MB`;

interface ExportPanelProps {
  /** What the list shows: the export takes the same filter, search and order. */
  query: CertificateQuery;
  /** How many certificates the filter matches; none means there is nothing to export. */
  total: number | undefined;
  /** How many units they hold, when known (a filter or search is set). */
  units?: number;
}

/**
 * Exports the filtered list as XLSX or CSV, one row per certificate or per unit serial. While it runs the
 * button becomes ABBRECHEN in the same place and the line beside it counts the bytes really received; how it
 * ended stays on that line (no toast covers the toolbar, and a second export can start at once). Nothing in
 * the toolbar moves: the button and the line keep their width.
 */
export function ExportPanel({ query, total, units }: ExportPanelProps) {
  const id = useId();
  const [format, setFormat] = useState<ExportFormat>('xlsx');
  const [rows, setRows] = useState<ExportRows>('certificates');
  const { received, outcome, start, cancel } = useExportCertificates();
  const running = received !== null;

  const nothing = total === 0;
  const line = running
    ? t.running(megabytes(received))
    : (outcome?.message ?? (nothing ? t.nothing : total !== undefined ? t.count(total, units) : ''));
  return (
    <section className="cert-export" aria-labelledby={`${id}-legend`}>
      <h2 id={`${id}-legend`} className="cert-export-title">
        {t.legend}
      </h2>
      <div className="sui-field">
        <label htmlFor={`${id}-format`}>{t.format}</label>
        <select
          id={`${id}-format`}
          className="sui-input"
          value={format}
          disabled={running}
          onChange={(event) => setFormat(event.target.value as ExportFormat)}
        >
          <option value="xlsx">{t.xlsx}</option>
          <option value="csv">{t.csv}</option>
        </select>
      </div>
      <div className="sui-field">
        <label htmlFor={`${id}-rows`}>{t.rows}</label>
        <select
          id={`${id}-rows`}
          className="sui-input"
          value={rows}
          disabled={running}
          onChange={(event) => setRows(event.target.value as ExportRows)}
        >
          <option value="certificates">{t.perCertificate}</option>
          <option value="units">{t.perUnit}</option>
        </select>
      </div>
      <div className="cert-export-action">
        {running ? (
          <button
            type="button"
            className="sui-button sui-button--secondary cert-export-button"
            onClick={cancel}
          >
            {t.cancel}
          </button>
        ) : (
          <button
            type="button"
            className="sui-button cert-export-button"
            disabled={nothing}
            aria-describedby={`${id}-status`}
            onClick={() => void start({ query, format, rows })}
          >
            {t.start}
          </button>
        )}
        <p
          id={`${id}-status`}
          className={`cert-export-count${outcome?.kind === 'failed' && !running ? ' cert-export-count--failed' : ''}`}
          role="status"
        >
          {line}
        </p>
      </div>
    </section>
  );
}
