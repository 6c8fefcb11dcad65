import {
  berlinIsoDate,
  type CertificateExportQuery,
  type CertificateExportStatus,
  type CertificateSort,
} from 'contracts';
import { HttpError, notFound } from '../../errors';
import { currentLanguage } from '../../language';
import { messages } from '../../messages';
import { BusyError } from '../../plugins/busy';
import type { ChunkStore } from '../../platform/chunk-store';
import { jobsRepository } from '../../platform/jobs.repository';
import type { InTransaction } from '../../platform/transactions';
import type { AuditService } from '../audit/audit.service';
import type { CertificateFilters } from './certificate-filter';
import type { CertificateListRepository } from './certificate-list.repository';
import { flip } from './certificate-list';
import type { ExportJob } from './export-job';
import { certificateExportJob } from './export-work';
import { CONTENT_TYPES } from './export-writers';
import { exportsRepository, type ExportRow, type ExportsRepository } from './exports.repository';

/**
 * Exports not written yet (queued or running) at once, per account and in all: counted in the database, so they
 * hold across every API instance. Beyond, the next is refused with 429 and a Retry-After rather than waiting
 * behind the others (docs/decisions/0037-exports-as-files.md).
 */
export const EXPORT_LIMITS = { perAccount: 2, overall: 5, retryAfterSeconds: 60 };

/** How long a ready file is kept (README, „Filters, exports and charts“): downloaded again within a day, then removed. */
export const EXPORT_KEPT_HOURS = 24;
export const EXPORT_KEPT_MS = EXPORT_KEPT_HOURS * 3600_000;

/** An export request with the list's sort in the names the code uses. */
export type CertificateExportRequest = Omit<CertificateExportQuery, 'sort'> & { sort?: CertificateSort };

/** The filter, search and order of an export as its request named them; the order only with a sort. */
function asRequested(
  { format: _format, rows: _rows, sort, order: _order, ...filter }: CertificateExportQuery,
  order: 'asc' | 'desc',
) {
  return { ...filter, ...(sort && { sort, order }) };
}

/** Where an export stands, as the API tells it. */
function statusOf(row: ExportRow): CertificateExportStatus {
  const ready = row.ready_at !== null;
  return {
    id: row.id,
    // A job that is done without a file, or forgotten before one, wrote none: as failed as one that gave up.
    state: ready
      ? 'done'
      : row.job_state === 'queued' || row.job_state === 'running'
        ? row.job_state
        : 'failed',
    format: row.format,
    rows: row.rows,
    progress: ready ? (row.row_count ?? 0) : (row.progress ?? 0),
    total: ready ? row.row_count : (row.total ?? null),
    file_name: row.file_name,
    size: ready ? row.size : null,
    created_at: row.created_at,
    expires_at: row.expires_at,
  };
}

/**
 * The certificate list as a file (docs/architecture.md#reports-filters-exports-charts): asking for it checks the
 * filter, records it in the audit trail and queues the job that writes it, in one transaction; the worker writes
 * it (export-work.ts). Its status and file are the asking account's alone: anyone else is told it does not exist.
 */
export function certificateExport({
  list,
  filters,
  exports,
  chunks,
  inTransaction,
  audit,
}: {
  list: Pick<CertificateListRepository, 'unitMatching' | 'exportBatches'>;
  filters: CertificateFilters;
  exports: ExportsRepository;
  chunks: Pick<ChunkStore, 'range'>;
  inTransaction: InTransaction;
  audit: AuditService;
}) {
  /** The account's export, not cancelled nor past its time; else 404, as for an export of someone else. */
  async function own(id: number, accountId: number, now: Date) {
    const row = await exports.byId(id);
    if (!row || row.account_id !== accountId || row.expires_at <= now.toISOString())
      throw notFound(messages.exportNotFound);
    return row;
  }

  return {
    /**
     * Queues the export of what the list shows for `query`, in the list's order. A filter matching nothing is
     * refused with a message rather than answered with an empty file; beyond the limits, 429.
     */
    async askExport(
      query: CertificateExportRequest,
      accountId: number,
      requested: CertificateExportQuery,
      now = new Date(),
    ): Promise<CertificateExportStatus> {
      const { format, rows = 'certificates', sort = 'pos', order: direction = 'asc', ...rest } = query;
      const filter = await filters.of(rest);
      const unit = filter.search && (await list.unitMatching(filter.search, filter));
      const matching = unit ? { certificate_id: unit.id } : filter;
      // The newest certificate is position 1, so ascending positions mean descending ids (certificate-list.ts).
      const order = { sort, direction: sort === 'pos' ? flip(direction) : direction };
      // One row read here, so that a filter matching nothing is told as such rather than as an empty file.
      const first = await list.exportBatches(matching, order, 1).next();
      if (first.done) {
        await filters.assertKnown(filter);
        throw new HttpError(404, 'NOTHING_TO_EXPORT', messages.nothingToExport);
      }
      // The file is written in the asking account's language (the request's), kept with the job for the worker.
      const job: ExportJob = {
        format,
        rows,
        matching,
        order,
        machineId: filter.machine_id,
        language: currentLanguage(),
      };
      const day = berlinIsoDate(now);
      return inTransaction(async (trx) => {
        const asked = exportsRepository(trx);
        await asked.lockAsking();
        const id = await asked.add({
          account_id: accountId,
          format,
          rows,
          request: JSON.stringify(job),
          file_name: `pruefberichte-${rows === 'units' ? 'seriennummern-' : ''}${day}.${format}`,
          created_at: now.toISOString(),
          // Until the file is ready; then a day from then (export-work.ts).
          expires_at: new Date(now.getTime() + EXPORT_KEPT_MS).toISOString(),
        });
        // This export counts itself: it was written first, so SQLite's write lock is held before the count.
        const { all, own: mine } = await asked.unfinished(accountId, now);
        if (mine > EXPORT_LIMITS.perAccount)
          throw new BusyError(messages.exportsBusyForAccount(mine - 1), EXPORT_LIMITS.retryAfterSeconds);
        if (all > EXPORT_LIMITS.overall)
          throw new BusyError(messages.exportsBusy, EXPORT_LIMITS.retryAfterSeconds);
        await asked.setJob(id, await jobsRepository(trx).enqueue(certificateExportJob(id, accountId), now));
        await audit.within(trx).record(
          {
            accountId,
            action: 'certificates.exported',
            subject: { type: 'export', id: format },
            details: { format, rows, filter: asRequested(requested, direction) },
          },
          now,
        );
        return statusOf((await asked.byId(id))!);
      });
    },

    /** How far the account's export got. */
    async exportStatus(id: number, accountId: number, now = new Date()) {
      return statusOf(await own(id, accountId, now));
    },

    /** The file of the account's export once it is ready; 409 while it is written or when it failed. */
    async exportFile(id: number, accountId: number, now = new Date()) {
      const row = await own(id, accountId, now);
      const status = statusOf(row);
      if (status.state !== 'done')
        throw new HttpError(
          409,
          'EXPORT_NOT_READY',
          status.state === 'failed' ? messages.exportFailed : messages.exportNotReady,
        );
      return {
        content: { sha256: row.sha256!, size: row.size! },
        fileName: row.file_name,
        contentType: CONTENT_TYPES[row.format],
        read: chunks.range,
      };
    },

    /** Cancels the account's export, or removes its file: gone at once for the API, its bytes soon after. */
    async cancelExport(id: number, accountId: number, now = new Date()) {
      await own(id, accountId, now);
      if (!(await exports.cancel(id, now))) throw notFound(messages.exportNotFound);
    },
  };
}
