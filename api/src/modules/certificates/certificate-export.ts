import { berlinIsoDate, type CertificateExportQuery, type CertificateSort } from 'contracts';
import { HttpError } from '../../errors';
import { messages } from '../../messages';
import { BusyError } from '../../plugins/busy';
import type { AuditRecorder } from '../audit/audit.service';
import type { CertificateFilters } from './certificate-filter';
import type { CertificateListRepository } from './certificate-list.repository';
import { flip } from './certificate-list';
import type { ExportThread } from './export-thread';
import { CONTENT_TYPES } from './export-writers';

/**
 * Exports one instance streams at once, and one account at once (in this instance). Each holds a batch of rows
 * and a compressor; beyond these the next is refused with 429 and a Retry-After rather than slowing every
 * export and the rest of the API (docs/decisions/0013-exports-for-every-reader.md).
 */
export const EXPORT_LIMITS = { perInstance: 5, perAccount: 2, retryAfterSeconds: 60 };

/** An export request with the list's sort in the names the code uses. */
export type CertificateExportRequest = Omit<CertificateExportQuery, 'sort'> & { sort?: CertificateSort };

/** The filter, search and order of an export as its request named them; the order only with a sort. */
function asRequested(
  { format: _format, rows: _rows, sort, order: _order, ...filter }: CertificateExportQuery,
  order: 'asc' | 'desc',
) {
  return { ...filter, ...(sort && { sort, order }) };
}

/** The certificate list as a file: one row per certificate or per unit serial, streamed batch by batch. */
export function certificateExport({
  list,
  exports,
  filters,
  audit,
}: {
  list: Pick<CertificateListRepository, 'unitMatching' | 'exportBatches'>;
  /** Where the file is written (export-thread.ts). */
  exports: Pick<ExportThread, 'run'>;
  filters: CertificateFilters;
  audit: AuditRecorder;
}) {
  let running = 0;
  const runningFor = new Map<number, number>();
  /** Takes a place for an export of `accountId`, or refuses; the returned function gives it back once. */
  function takePlace(accountId: number): () => void {
    const own = runningFor.get(accountId) ?? 0;
    if (own >= EXPORT_LIMITS.perAccount)
      throw new BusyError(messages.exportsBusyForAccount(own), EXPORT_LIMITS.retryAfterSeconds);
    if (running >= EXPORT_LIMITS.perInstance)
      throw new BusyError(messages.exportsBusy, EXPORT_LIMITS.retryAfterSeconds);
    running++;
    runningFor.set(accountId, own + 1);
    let given = false;
    return () => {
      if (given) return;
      given = true;
      running--;
      const left = (runningFor.get(accountId) ?? 1) - 1;
      if (left) runningFor.set(accountId, left);
      else runningFor.delete(accountId);
    };
  }

  /** The export's file, once its place is taken. */
  async function start(
    query: CertificateExportRequest,
    accountId: number,
    requested: CertificateExportQuery,
  ) {
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
    await audit.record({
      accountId,
      action: 'certificates.exported',
      subject: { type: 'export', id: format },
      details: { format, rows, filter: asRequested(requested, direction) },
    });
    const body = await exports.run({ format, rows, matching, order, machineId: filter.machine_id });
    const day = berlinIsoDate(new Date());
    return {
      body,
      contentType: CONTENT_TYPES[format],
      filename: `pruefberichte-${rows === 'units' ? 'seriennummern-' : ''}${day}.${format}`,
    };
  }

  return {
    /**
     * What the list shows for `query`, as a file, in the list's order (docs/architecture.md#reports-filters-exports-charts).
     * Recorded in the audit trail with the filter as `requested` named it. A filter matching nothing is refused
     * with a message rather than answered with an empty file.
     */
    async export(query: CertificateExportRequest, accountId: number, requested: CertificateExportQuery) {
      const release = takePlace(accountId);
      try {
        const file = await start(query, accountId, requested);
        // Closed when the download ended, failed or was cancelled.
        file.body.once('close', release);
        return file;
      } catch (error) {
        release();
        throw error;
      }
    },
  };
}
