import type { ExportFormat, ExportRows } from 'contracts';
import { useEffect, useId, useRef, useState } from 'react';
import { formatNumber, useT } from 'shared-ui';
import type { CertificateQuery } from '../../../api/wire';
import { certificateCatalogs, type Translate } from '../../../catalogs';
import {
  useExportCertificates,
  withoutPage,
  type ExportOutcome,
  type ExportPhase,
} from '../api/export-certificates';

const megabytes = (bytes: number) =>
  `${formatNumber(bytes / 1_000_000, { minimumFractionDigits: 1, maximumFractionDigits: 1 })} MB`;

interface ExportPanelProps {
  /** What the list shows: the export takes the same filter, search and order. */
  query: CertificateQuery;
  /** How many certificates the filter matches; none means there is nothing to export. */
  total: number | undefined;
  /** How many units they hold, when known (a filter or search is set). */
  units?: number;
}

/** The line beside the button: where the export stands, else how the last one ended, else what the filter holds. */
function lineOf(t: Translate, phase: ExportPhase, outcome: ExportOutcome | null, filter: () => string) {
  if (phase.kind === 'preparing')
    return phase.percent === null
      ? t('export.preparing')
      : t('export.preparingPercent', { percent: phase.percent });
  if (phase.kind === 'ready')
    return t('export.ready', { fileName: phase.fileName, size: megabytes(phase.size) });
  if (phase.kind === 'downloading') return t('export.downloading', { fileName: phase.fileName });
  if (outcome?.kind === 'done') return t('export.done', { fileName: outcome.fileName });
  if (outcome?.kind === 'cancelled') return t('export.cancelled');
  if (outcome?.kind === 'failed') return outcome.message ?? t('export.failed');
  return filter();
}

/**
 * Exports the filtered list as XLSX or CSV, one row per certificate or per unit serial. The server's worker
 * writes the file (docs/decisions/0037-exports-as-files.md): meanwhile the button becomes ABBRECHEN in the same
 * place and the line beside it says how far it got; then HERUNTERLADEN saves it. One button whose words change,
 * so the keyboard's focus stays on it. How it ended stays on that line (no toast covers the toolbar, and a
 * second export can start at once). Nothing in the toolbar moves: the button and the line keep their width.
 */
export function ExportPanel({ query, total, units }: ExportPanelProps) {
  const t = useT(certificateCatalogs);
  const id = useId();
  const [format, setFormat] = useState<ExportFormat>('xlsx');
  const [rows, setRows] = useState<ExportRows>('certificates');
  const { phase, outcome, start, cancel, download, discard } = useExportCertificates();
  const preparing = phase.kind === 'preparing';

  // A file made for another filter, search or order than the list shows now is not offered (paging is not).
  const asked = JSON.stringify(withoutPage(query));
  const shown = useRef(asked);
  useEffect(() => {
    if (shown.current !== asked) discard();
    shown.current = asked;
  }, [asked, discard]);

  const nothing = total === 0;
  const line = lineOf(t, phase, outcome, () =>
    nothing
      ? t('export.nothing')
      : total === undefined
        ? ''
        : units === undefined
          ? t('export.count', { total })
          : t('export.countWithUnits', { total, units }),
  );
  return (
    <section className="cert-export" aria-labelledby={`${id}-legend`}>
      <h2 id={`${id}-legend`} className="cert-export-title">
        {t('export.legend')}
      </h2>
      <div className="sui-field">
        <label htmlFor={`${id}-format`}>{t('export.format')}</label>
        <select
          id={`${id}-format`}
          className="sui-input"
          value={format}
          disabled={preparing}
          onChange={(event) => {
            discard();
            setFormat(event.target.value as ExportFormat);
          }}
        >
          <option value="xlsx">{t('export.xlsx')}</option>
          <option value="csv">{t('export.csv')}</option>
        </select>
      </div>
      <div className="sui-field">
        <label htmlFor={`${id}-rows`}>{t('export.rows')}</label>
        <select
          id={`${id}-rows`}
          className="sui-input"
          value={rows}
          disabled={preparing}
          onChange={(event) => {
            discard();
            setRows(event.target.value as ExportRows);
          }}
        >
          <option value="certificates">{t('export.perCertificate')}</option>
          <option value="units">{t('export.perUnit')}</option>
        </select>
      </div>
      <div className="cert-export-action">
        <button
          type="button"
          className={`sui-button cert-export-button${preparing ? ' sui-button--secondary' : ''}`}
          disabled={phase.kind === 'idle' ? nothing : phase.kind === 'downloading'}
          aria-describedby={`${id}-status`}
          onClick={
            preparing
              ? cancel
              : phase.kind === 'ready'
                ? () => void download()
                : () => void start({ query, format, rows })
          }
        >
          {preparing ? t('export.cancel') : phase.kind === 'idle' ? t('export.start') : t('export.download')}
        </button>
        <p
          id={`${id}-status`}
          className={`cert-export-count${outcome?.kind === 'failed' && phase.kind === 'idle' ? ' cert-export-count--failed' : ''}`}
          role="status"
        >
          {line}
        </p>
      </div>
    </section>
  );
}
