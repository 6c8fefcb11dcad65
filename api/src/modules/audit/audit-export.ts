import { PassThrough } from 'node:stream';
import {
  AUDIT_ACTION_LABELS,
  berlinIsoDate,
  describeAuditDetails,
  describeAuditSubject,
  type AuditExportQuery,
  type TypedAuditEvent,
} from 'contracts';
import { HttpError } from '../../errors';
import { messages } from '../../messages';
import { CONTENT_TYPES, writeExport, type ExportColumn } from '../certificates/export-writers';
import type { AuditService } from './audit.service';

/** Events read at a time: the trail can be long, and one batch at a time is all an export holds. */
const BATCH = 500;

/** What an auditor reads in the trail's export: the screen's columns, in German, never keys or JSON. */
const COLUMNS: ExportColumn<TypedAuditEvent>[] = [
  { header: 'Zeitpunkt', width: 17, kind: 'time', value: (event) => new Date(event.at) },
  { header: 'Konto', width: 28, kind: 'text', value: (event) => event.account_email ?? 'ohne Anmeldung' },
  { header: 'Aktion', width: 30, kind: 'text', value: (event) => AUDIT_ACTION_LABELS[event.action] },
  { header: 'Gegenstand', width: 24, kind: 'text', value: describeAuditSubject },
  { header: 'Details', width: 80, kind: 'text', value: describeAuditDetails },
];

/**
 * The audit trail as XLSX or CSV, newest first, filtered as the screen filters it
 * (docs/architecture.md#audit-trail); streamed batch by batch and itself recorded in the trail.
 */
export function auditExport(audit: Pick<AuditService, 'list' | 'record'>) {
  return async ({ format, ...filter }: AuditExportQuery, accountId: number) => {
    const first = await audit.list({ ...filter, limit: BATCH });
    if (!first.data.length) throw new HttpError(404, 'NOTHING_TO_EXPORT', messages.nothingToExportAudit);
    await audit.record({
      accountId,
      action: 'audit.exported',
      subject: { type: 'audit', id: format },
      details: { format, filter },
    });
    async function* batches(): AsyncGenerator<TypedAuditEvent[]> {
      let page = first;
      yield page.data;
      while (page.next !== null) {
        page = await audit.list({ ...filter, before: page.next, limit: BATCH });
        yield page.data;
      }
    }
    const body = new PassThrough();
    writeExport(format, batches(), COLUMNS, body).catch((error: unknown) => body.destroy(error as Error));
    return {
      body,
      contentType: CONTENT_TYPES[format],
      filename: `protokoll-${berlinIsoDate(new Date())}.${format}`,
    };
  };
}
