import { PassThrough } from 'node:stream';
import {
  IMPACT_CLOSING_LABELS,
  berlinIsoDate,
  formatDate,
  type ImpactEntry,
  type ImpactExportQuery,
  type ImpactList,
  type ImpactQuery,
} from 'contracts';
import { HttpError } from '../../errors';
import { messages } from '../../messages';
import type { AuditService } from '../audit/audit.service';
import { CONTENT_TYPES, writeExport, type ExportColumn } from '../certificates/export-writers';

/** What a quality person hands on: the screen's columns, in German. */
const COLUMNS: ExportColumn<ImpactEntry>[] = [
  { header: 'Prüfmittel', width: 16, kind: 'text', value: (row) => row.inventory_number },
  { header: 'Verdächtig seit', width: 14, kind: 'text', value: (row) => formatDate(row.suspect_since) },
  { header: 'Prüfbericht Nr.', width: 14, kind: 'number', value: (row) => row.certificate_id },
  { header: 'Geprüft am', width: 17, kind: 'time', value: (row) => new Date(row.tested_at) },
  { header: 'Seriennummern', width: 40, kind: 'text', value: (row) => row.serials.join(', ') },
  {
    header: 'Abgeschlossen als',
    width: 18,
    kind: 'text',
    value: (row) => (row.closed_as ? IMPACT_CLOSING_LABELS[row.closed_as] : 'offen'),
  },
  { header: 'Notiz', width: 40, kind: 'text', value: (row) => row.note ?? '' },
  { header: 'Abgeschlossen von', width: 24, kind: 'text', value: (row) => row.closed_by_name ?? '' },
  {
    header: 'Abgeschlossen am',
    width: 17,
    kind: 'time',
    value: (row) => (row.closed_at ? new Date(row.closed_at) : ''),
  },
];

/**
 * The impact list as XLSX or CSV, open entries first, filtered as the screen filters it: what an auditor asks
 * for after an instrument was found out of tolerance (ISO 9001 7.1.5.2). The list is short (the certificates one
 * instrument measured), so it is written from one read; the export is itself an event of the trail.
 */
export function impactExport(
  impacts: (query: ImpactQuery) => Promise<ImpactList>,
  audit: Pick<AuditService, 'record'>,
) {
  return async ({ format, ...filter }: ImpactExportQuery, accountId: number) => {
    const { data } = await impacts(filter);
    if (!data.length) throw new HttpError(404, 'NOTHING_TO_EXPORT', messages.nothingToExportImpacts);
    await audit.record({
      accountId,
      action: 'impacts.exported',
      subject: { type: 'export', id: format },
      details: { format, filter },
    });
    const body = new PassThrough();
    async function* batches() {
      yield data;
    }
    writeExport(format, batches(), COLUMNS, body).catch((error: unknown) => body.destroy(error as Error));
    return {
      body,
      contentType: CONTENT_TYPES[format],
      filename: `pruefmittel-auswirkungen-${berlinIsoDate(new Date())}.${format}`,
    };
  };
}
