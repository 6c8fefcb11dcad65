import { EXPORT_FORMATS, type ExportFormat } from 'contracts';
import { useState } from 'react';
import { apiErrorMessage, notify } from 'shared-ui';

/**
 * „Exportieren: Excel (XLSX) · CSV“ over a list (the instrument impacts, a notice's units): one download at a time,
 * a refusal said in the API's words, else `failed`.
 */
export function ExportButtons({
  label,
  formatLabel,
  failed,
  save,
}: {
  label: string;
  formatLabel: (format: ExportFormat) => string;
  failed: string;
  save: (format: ExportFormat) => Promise<void>;
}) {
  const [exporting, setExporting] = useState(false);

  async function download(format: ExportFormat) {
    setExporting(true);
    try {
      await save(format);
    } catch (error) {
      notify.error(apiErrorMessage(error) ?? failed);
    } finally {
      setExporting(false);
    }
  }

  return (
    <div className="mach-toolbar" role="group" aria-label={label}>
      <span>{label}:</span>
      {EXPORT_FORMATS.map((format) => (
        <button
          key={format}
          type="button"
          className="sui-button sui-button--secondary"
          disabled={exporting}
          onClick={() => void download(format)}
        >
          {formatLabel(format)}
        </button>
      ))}
    </div>
  );
}
