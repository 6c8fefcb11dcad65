import { PassThrough } from 'node:stream';
import {
  berlinIsoDate,
  describeAuditDetails,
  describeAuditSubject,
  type AuditExportQuery,
  type TypedAuditEvent,
} from 'contracts';
import { HttpError } from '../../errors';
import { exportWords, type ExportWords } from '../../export-words';
import { messages } from '../../messages';
import { CONTENT_TYPES, writeExport, type ExportColumn } from '../certificates/export-writers';
import type { AuditService } from './audit.service';

/** Events read at a time: the trail can be long, and one batch at a time is all an export holds. */
const BATCH = 500;

/**
 * What an auditor reads in the trail's export: the screen's columns, in `words`' language, never keys or
 * JSON.
 */
const columns = (words: ExportWords): ExportColumn<TypedAuditEvent>[] => [
  { header: words.headers.at, width: 17, kind: 'time', value: (event) => new Date(event.at) },
  {
    header: words.headers.account,
    width: 28,
    kind: 'text',
    value: (event) => event.account_email ?? words.nobody,
  },
  { header: words.headers.action, width: 30, kind: 'text', value: (event) => words.actions[event.action] },
  {
    header: words.headers.subject,
    width: 24,
    kind: 'text',
    value: (event) => describeAuditSubject(event, words.subjects, words.audit),
  },
  {
    header: words.headers.details,
    width: 80,
    kind: 'text',
    value: (event) => describeAuditDetails(event, words.audit),
  },
];

/**
 * The audit trail as XLSX or CSV, newest first, filtered as the screen filters it
 * (docs/architecture.md#audit-trail), in the language of the account that asks (the request's); streamed
 * batch by batch and itself recorded in the trail.
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
    const words = exportWords();
    writeExport(batches(), columns(words), body, { format, what: 'audit', words }).catch((error: unknown) =>
      body.destroy(error as Error),
    );
    return {
      body,
      contentType: CONTENT_TYPES[format],
      filename: `protokoll-${berlinIsoDate(new Date())}.${format}`,
    };
  };
}
