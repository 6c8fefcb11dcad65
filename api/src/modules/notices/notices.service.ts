import { PassThrough } from 'node:stream';
import {
  berlinDayStart,
  berlinIsoDate,
  NOTICE_SEVERITIES,
  type AffectedExportQuery,
  type AffectedList,
  type AffectedQuery,
  type AffectedUnit,
  type Notice,
  type NoticeBody,
  type NoticeCloseBody,
  type NoticeList,
  type PublicNotice,
} from 'contracts';
import { HttpError, badRequest, conflict, notFound } from '../../errors';
import { exportWords, type ExportWords } from '../../export-words';
import { messages } from '../../messages';
import type { InTransaction } from '../../platform/transactions';
import type { AuditService } from '../audit/audit.service';
import { CONTENT_TYPES, writeExport, type ExportColumn } from '../certificates/export-writers';
import type { MachinesRepository } from '../machines/machines.repository';
import type { NoticeMails } from './notice-mails';
import {
  covers,
  noticesRepository,
  type MailedNotice,
  type NoticeRow,
  type NoticesRepository,
} from './notices.repository';

/** Units read per statement when a notice's units are written to a file. */
const EXPORT_BATCH = 1000;

/** The affected list's columns in a file, in `words`' language: what the screen shows. */
const columns = ({ headers, release, yes, no }: ExportWords): ExportColumn<AffectedUnit>[] => [
  { header: headers.serial, width: 20, kind: 'text', value: (row) => row.serial },
  { header: headers.number, width: 14, kind: 'number', value: (row) => row.certificate_id },
  { header: headers.testedAt, width: 17, kind: 'time', value: (row) => new Date(row.tested_at) },
  { header: headers.status, width: 22, kind: 'text', value: (row) => release[row.release] },
  { header: headers.unitVoided, width: 16, kind: 'text', value: (row) => (row.voided ? yes : no) },
  // Whether, never who: the owners' data is the registrations list's, for the roles that may see it.
  { header: headers.registered, width: 14, kind: 'text', value: (row) => (row.registered ? yes : no) },
  { header: headers.mailed, width: 16, kind: 'text', value: (row) => (row.mailed ? yes : no) },
];

const affectedUnit = (row: Awaited<ReturnType<NoticesRepository['covered']>>[number]): AffectedUnit => ({
  serial: row.serial,
  certificate_id: row.certificate_id,
  tested_at: row.tested_at,
  release: row.release,
  voided: row.voided_at !== null,
  registered: row.registration_id !== null,
  // SQLite answers EXISTS with 0 or 1, PostgreSQL with a boolean.
  mailed: Boolean(row.mailed),
});

/** The gravest first, then the newest (the repository reads the newest first). */
const bySeverity = (a: Pick<PublicNotice, 'severity'>, b: Pick<PublicNotice, 'severity'>) =>
  NOTICE_SEVERITIES.indexOf(b.severity) - NOTICE_SEVERITIES.indexOf(a.severity);

/**
 * Safety notices and recalls (docs/decisions/0045-safety-notices.md): the quality department publishes and
 * closes them, staff read the units each covers, the customer page shows the open ones on the units they cover.
 */
export function noticesService(
  deps: {
    notices: NoticesRepository;
    machines: Pick<MachinesRepository, 'get'>;
    inTransaction: InTransaction;
    /** The owners' mails (notice-mails.ts), and whether mail is configured at all (SMTP_URL). */
    mails: Pick<NoticeMails, 'queuePublished'>;
    mailing: boolean;
  },
  audit: Pick<AuditService, 'record' | 'within'>,
) {
  const { notices, machines, inTransaction, mails } = deps;

  const withCount = async (row: NoticeRow): Promise<Notice> => ({
    ...row,
    affected: await notices.countCovered(row),
  });

  const one = async (id: number) => {
    const [row] = await notices.list({ id });
    if (!row) throw notFound(messages.noticeNotFound);
    return row;
  };

  /** The body's mistakes by field; the trimmed texts and the coverage when there are none. */
  const check = async (body: NoticeBody) => {
    const errors: Record<string, string> = {};
    const text = {
      title_de: body.title_de.trim(),
      title_en: body.title_en.trim(),
      text_de: body.text_de.trim(),
      text_en: body.text_en.trim(),
    };
    for (const [field, value] of Object.entries(text)) if (!value) errors[field] = messages.fields.required;
    const serial_from = body.serial_from?.trim() || null;
    const serial_to = body.serial_to?.trim() || null;
    if ((serial_from === null) !== (serial_to === null))
      errors[serial_from === null ? 'serial_from' : 'serial_to'] = messages.noticeRangeBoth;
    else if (serial_from !== null && serial_to !== null) {
      if (serial_from.length !== serial_to.length) errors.serial_to = messages.noticeRangeLength;
      else if (serial_to < serial_from) errors.serial_to = messages.noticeRangeReversed;
    }
    const issued_from = body.issued_from ?? null;
    const issued_to = body.issued_to ?? null;
    if (issued_from !== null && !berlinDayStart(issued_from)) errors.issued_from = messages.dayInvalid;
    if (issued_to !== null && !berlinDayStart(issued_to)) errors.issued_to = messages.dayInvalid;
    else if (issued_from !== null && issued_to !== null && issued_to < issued_from)
      errors.issued_to = messages.noticePeriodReversed;
    if (serial_from === null && serial_to === null && issued_from === null && issued_to === null)
      errors.serial_from = messages.noticeScope;
    if (!(await machines.get(body.machine_id))) errors.machine_id = messages.fields.machineMissing;
    if (Object.keys(errors).length) throw badRequest(messages.checkFields, errors);
    return {
      text,
      coverage: { machine_id: body.machine_id, serial_from, serial_to, issued_from, issued_to },
    };
  };

  /** Every unit a notice covers, batch by batch: what the export writes. */
  async function* affectedSerials(notice: MailedNotice): AsyncGenerator<AffectedUnit[]> {
    for (let offset = 0; ; offset += EXPORT_BATCH) {
      const rows = await notices.covered(notice, { limit: EXPORT_BATCH, offset });
      if (rows.length) yield rows.map(affectedUnit);
      if (rows.length < EXPORT_BATCH) return;
    }
  }

  return {
    async list(): Promise<NoticeList> {
      return { data: await Promise.all((await notices.list()).map(withCount)), mailing: deps.mailing };
    },

    get: async (id: number) => withCount(await one(id)),

    /**
     * Publishes a notice: from now on the customer page of every unit it covers shows it, and the owners who
     * registered those units are mailed (notice-mails.ts), in the same transaction.
     */
    async publish(body: NoticeBody, accountId: number, now = new Date()): Promise<Notice> {
      const { text, coverage } = await check(body);
      const id = await inTransaction(async (trx) => {
        const repository = noticesRepository(trx);
        const { id } = await repository.insert({
          ...coverage,
          ...text,
          severity: body.severity,
          published_at: now.toISOString(),
          published_by: accountId,
        });
        await audit.within(trx).record(
          {
            accountId,
            action: 'notice.published',
            subject: { type: 'machine', id: coverage.machine_id },
            details: {
              notice_id: id,
              severity: body.severity,
              title_de: text.title_de,
              serial_from: coverage.serial_from,
              serial_to: coverage.serial_to,
              issued_from: coverage.issued_from,
              issued_to: coverage.issued_to,
              affected: await repository.countCovered(coverage),
            },
          },
          now,
        );
        await mails.queuePublished(trx, { ...coverage, id });
        return id;
      });
      return withCount(await one(id));
    },

    /** Closes a notice: it stays, with who closed it and why; the customer page no longer shows it. */
    async close(id: number, { reason }: NoticeCloseBody, accountId: number, now = new Date()) {
      const notice = await one(id);
      const text = reason.trim();
      if (!text) throw badRequest(messages.checkFields, { reason: messages.noticeCloseReason });
      await inTransaction(async (trx) => {
        const closed = await noticesRepository(trx).close(id, {
          closed_at: now.toISOString(),
          closed_by: accountId,
          close_reason: text,
        });
        if (!closed) throw conflict(messages.noticeClosed);
        await audit.within(trx).record(
          {
            accountId,
            action: 'notice.closed',
            subject: { type: 'machine', id: notice.machine_id },
            details: { notice_id: id, reason: text },
          },
          now,
        );
      });
      return withCount(await one(id));
    },

    /** One page of the issued units a notice covers, by serial. */
    async affected(id: number, { page = 1, per_page = 50 }: AffectedQuery): Promise<AffectedList> {
      const notice = await one(id);
      const [rows, total, owners] = await Promise.all([
        notices.covered(notice, { limit: per_page, offset: (page - 1) * per_page }),
        notices.countCovered(notice),
        notices.countRegistered(notice),
      ]);
      return { data: rows.map(affectedUnit), total, ...owners };
    },

    /** The affected units as XLSX or CSV, in the language of the account that asks; an event of the trail. */
    async exportAffected(id: number, { format }: AffectedExportQuery, accountId: number) {
      const notice = await one(id);
      if ((await notices.countCovered(notice)) === 0)
        throw new HttpError(404, 'NOTHING_TO_EXPORT', messages.nothingToExportNotice);
      await audit.record({
        accountId,
        action: 'notice.exported',
        subject: { type: 'machine', id: notice.machine_id },
        details: { notice_id: id, format },
      });
      const body = new PassThrough();
      const words = exportWords();
      writeExport(affectedSerials(notice), columns(words), body, { format, what: 'notices', words }).catch(
        (error: unknown) => body.destroy(error as Error),
      );
      return {
        body,
        contentType: CONTENT_TYPES[format],
        filename: `sicherheitshinweis-${id}-einheiten-${berlinIsoDate(new Date())}.${format}`,
      };
    },

    /**
     * The open notices that cover the unit `serial`, issued at `testedAt` for machine `machineId`, as a customer
     * may read them: no ids, no names.
     */
    async forUnit(machineId: number, serial: string, testedAt: string): Promise<PublicNotice[]> {
      const open = await notices.openFor(machineId);
      return open
        .filter((notice) => covers(notice, serial, testedAt))
        .map((notice) => ({
          severity: notice.severity,
          title: { en: notice.title_en, de: notice.title_de },
          text: { en: notice.text_en, de: notice.text_de },
          published_on: berlinIsoDate(new Date(notice.published_at)),
        }))
        .sort(bySeverity);
    },
  };
}

export type NoticesService = ReturnType<typeof noticesService>;
