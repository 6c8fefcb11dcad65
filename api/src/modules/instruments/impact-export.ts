import { PassThrough } from 'node:stream';
import {
  berlinIsoDate,
  type ImpactEntry,
  type ImpactExportQuery,
  type ImpactList,
  type ImpactQuery,
} from 'contracts';
import { HttpError } from '../../errors';
import { exportWords, type ExportWords } from '../../export-words';
import { messages } from '../../messages';
import type { AuditService } from '../audit/audit.service';
import { CONTENT_TYPES, writeExport, type ExportColumn } from '../certificates/export-writers';

/** What a quality person hands on: the screen's columns, in `words`' language. */
const columns = ({ headers, closings, open, day }: ExportWords): ExportColumn<ImpactEntry>[] => [
  { header: headers.instrument, width: 16, kind: 'text', value: (row) => row.inventory_number },
  { header: headers.suspectSince, width: 14, kind: 'text', value: (row) => day(row.suspect_since) },
  { header: headers.number, width: 14, kind: 'number', value: (row) => row.certificate_id },
  { header: headers.testedAt, width: 17, kind: 'time', value: (row) => new Date(row.tested_at) },
  { header: headers.serials, width: 40, kind: 'text', value: (row) => row.serials.join(', ') },
  {
    header: headers.closedAs,
    width: 18,
    kind: 'text',
    value: (row) => (row.closed_as ? closings[row.closed_as] : open),
  },
  { header: headers.note, width: 40, kind: 'text', value: (row) => row.note ?? '' },
  { header: headers.closedBy, width: 24, kind: 'text', value: (row) => row.closed_by_name ?? '' },
  {
    header: headers.closedAt,
    width: 17,
    kind: 'time',
    value: (row) => (row.closed_at ? new Date(row.closed_at) : ''),
  },
];

/**
 * The impact list as XLSX or CSV, open entries first, filtered as the screen filters it: what an auditor asks
 * for after an instrument was found out of tolerance (ISO 9001 7.1.5.2). The list is short (the certificates one
 * instrument measured), so it is written from one read, in the language of the account that asks (the
 * request's); the export is itself an event of the trail.
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
    const words = exportWords();
    writeExport(batches(), columns(words), body, { format, what: 'impacts', words }).catch((error: unknown) =>
      body.destroy(error as Error),
    );
    return {
      body,
      contentType: CONTENT_TYPES[format],
      filename: `pruefmittel-auswirkungen-${berlinIsoDate(new Date())}.${format}`,
    };
  };
}
