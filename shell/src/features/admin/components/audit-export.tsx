import { EXPORT_FORMATS, type AuditQuery, type ExportFormat } from 'contracts';
import { useState } from 'react';
import { apiErrorMessage } from 'shared-ui';
import { useExportAudit } from '../api/export-audit';
import { adminMessages } from '../messages';

const text = adminMessages.audit;
const FORMAT_LABELS: Record<ExportFormat, string> = { xlsx: 'Excel (XLSX)', csv: 'CSV (Semikolon, UTF-8)' };

/**
 * The trail as the filters show it, as XLSX or CSV. What happened stays beside the button (a status line,
 * announced), never in a toast over the page's actions.
 */
export function AuditExport({ query }: { query: AuditQuery }) {
  const [format, setFormat] = useState<ExportFormat>('xlsx');
  const exporting = useExportAudit();
  const status = exporting.isPending
    ? text.exporting
    : exporting.isError
      ? (apiErrorMessage(exporting.error) ?? adminMessages.failed)
      : exporting.data
        ? text.exported(exporting.data)
        : '';
  return (
    <fieldset className="sh-card sh-export">
      <legend>{text.exportLegend}</legend>
      <div className="sui-field">
        <label htmlFor="audit-export-format">{text.format}</label>
        <select
          id="audit-export-format"
          className="sui-input"
          value={format}
          onChange={(event) => setFormat(event.target.value as ExportFormat)}
        >
          {EXPORT_FORMATS.map((value) => (
            <option key={value} value={value}>
              {FORMAT_LABELS[value]}
            </option>
          ))}
        </select>
      </div>
      <button
        type="button"
        className="sui-button"
        disabled={exporting.isPending}
        onClick={() => exporting.mutate({ query, format })}
      >
        {text.export}
      </button>
      <p className="sh-export__status" role="status">
        {status}
      </p>
    </fieldset>
  );
}
