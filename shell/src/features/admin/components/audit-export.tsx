import { EXPORT_FORMATS, type AuditQuery, type ExportFormat } from 'contracts';
import { useState } from 'react';
import { apiErrorMessage, useT } from 'shared-ui';
import { appCatalogs } from '../../../app/catalogs';
import { useExportAudit } from '../api/export-audit';
import { adminCatalogs } from '../catalogs';

/**
 * The trail as the filters show it, as XLSX or CSV. What happened stays beside the button (a status line,
 * announced), never in a toast over the page's actions.
 */
export function AuditExport({ query }: { query: AuditQuery }) {
  const t = useT(adminCatalogs);
  const appT = useT(appCatalogs);
  const [format, setFormat] = useState<ExportFormat>('xlsx');
  const exporting = useExportAudit();
  const status = exporting.isPending
    ? t('audit.exporting')
    : exporting.isError
      ? (apiErrorMessage(exporting.error) ?? appT('failed'))
      : exporting.data
        ? t('audit.exported', { file: exporting.data })
        : '';
  return (
    <fieldset className="sh-card sh-export">
      <legend>{t('audit.exportLegend')}</legend>
      <div className="sui-field">
        <label htmlFor="audit-export-format">{t('audit.format')}</label>
        <select
          id="audit-export-format"
          className="sui-input"
          value={format}
          onChange={(event) => setFormat(event.target.value as ExportFormat)}
        >
          {EXPORT_FORMATS.map((value) => (
            <option key={value} value={value}>
              {t(`audit.format.${value}`)}
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
        {t('audit.export')}
      </button>
      <p className="sh-export__status" role="status">
        {status}
      </p>
    </fieldset>
  );
}
