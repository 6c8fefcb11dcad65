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
}

/** Exports the filtered list as XLSX or CSV, one row per certificate or per unit serial; shows progress, can cancel. */
export function ExportPanel({ query, total }: ExportPanelProps) {
  const id = useId();
  const [format, setFormat] = useState<ExportFormat>('xlsx');
  const [rows, setRows] = useState<ExportRows>('certificates');
  const { received, start, cancel } = useExportCertificates();

  const nothing = total === 0;
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
          disabled={received !== null}
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
          disabled={received !== null}
          onChange={(event) => setRows(event.target.value as ExportRows)}
        >
          <option value="certificates">{t.perCertificate}</option>
          <option value="units">{t.perUnit}</option>
        </select>
      </div>
      {received === null ? (
        <div className="cert-export-action">
          <button
            type="button"
            className="sui-button"
            disabled={nothing}
            aria-describedby={`${id}-count`}
            onClick={() => void start({ query, format, rows })}
          >
            {t.start}
          </button>
          <p id={`${id}-count`} className="cert-export-count">
            {nothing ? t.nothing : total !== undefined ? t.count(total) : ''}
          </p>
        </div>
      ) : (
        <div className="cert-export-action" role="status">
          <progress aria-label={t.progressLabel} />
          <span>{t.running(megabytes(received))}</span>
          <button type="button" className="sui-button sui-button--secondary" onClick={cancel}>
            {t.cancel}
          </button>
        </div>
      )}
    </section>
  );
}
