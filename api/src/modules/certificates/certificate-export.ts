import { PassThrough } from 'node:stream';
import {
  DEFAULT_PLAN_STEPS,
  LEGACY_CHECK_KEYS,
  berlinIsoDate,
  passFailOf,
  type CertificateExportQuery,
  type CertificateSort,
} from 'contracts';
import { HttpError } from '../../errors';
import { messages } from '../../messages';
import { BusyError } from '../../plugins/busy';
import type { AuditRecorder } from '../audit/audit.service';
import type { CertificateFilters } from './certificate-filter';
import type { CertificateExportRow, CertificateListRepository } from './certificate-list.repository';
import { flip } from './certificate-list';
import {
  CERTIFICATE_COLUMNS,
  stepsOfPlans,
  testRecordColumns,
  UNIT_COLUMNS,
  type UnitExportRow,
} from './export-columns';
import { CONTENT_TYPES, writeExport } from './export-writers';
import type { TestPlansRepository } from '../test-plans/test-plans.repository';
import type { TestAttemptsRepository } from './test-attempts.repository';
import type { UnitsRepository } from './units.repository';

/** The values of a certificate issued before attempts were stored: its check columns (certificate-view.ts). */
const legacyValues = (row: CertificateExportRow) =>
  Object.fromEntries(
    LEGACY_CHECK_KEYS.flatMap((key) => {
      const column = (row as unknown as Record<string, string>)[key];
      return column ? [[key, passFailOf(column)]] : [];
    }),
  );

/** Rows an export reads from the database at a time. */
const EXPORT_BATCH = 100;

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
  units,
  attempts,
  plans,
  filters,
  audit,
}: {
  list: Pick<CertificateListRepository, 'unitMatching' | 'exportBatches'>;
  units: Pick<UnitsRepository, 'ofCertificates'>;
  attempts: Pick<TestAttemptsRepository, 'lastValues'>;
  plans: Pick<TestPlansRepository, 'everySteps'>;
  filters: CertificateFilters;
  audit: AuditRecorder;
}) {
  /** The units of each batch of certificates, in the batch's order. */
  async function* unitBatches(
    batches: AsyncIterable<CertificateExportRow[]>,
  ): AsyncGenerator<UnitExportRow[]> {
    for await (const batch of batches) {
      const byId = new Map(batch.map((row) => [row.id, row]));
      const stored = await units.ofCertificates([...byId.keys()]);
      const values = await attempts.lastValues([...byId.keys()]);
      // Units come in id order; the batch may be in another, so they are put in the batch's order.
      const unitsOf = new Map<number, typeof stored>();
      for (const u of stored) {
        const own = unitsOf.get(u.certificate_id);
        if (own) own.push(u);
        else unitsOf.set(u.certificate_id, [u]);
      }
      yield batch.flatMap((row) => {
        // Read once per certificate, and only when a unit has no stored attempt.
        let legacy: Record<string, string> | undefined;
        return (unitsOf.get(row.id) ?? []).map((u) => ({
          certificate: row,
          serial: u.serial,
          unit: u.unit_index + 1,
          unit_voided: u.voided_at !== null,
          unit_void_reason: u.void_reason,
          release: u.release,
          values: values.get(`${row.id}:${u.unit_index}`) ?? (legacy ??= legacyValues(row)),
        }));
      });
    }
  }

  /** The columns by unit: the unit's, then one per step of every plan the exported machines had. */
  async function unitColumns(machineId: number | undefined) {
    const steps = stepsOfPlans([DEFAULT_PLAN_STEPS, ...(await plans.everySteps(machineId))]);
    return [...UNIT_COLUMNS, ...testRecordColumns(steps)];
  }

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
    const { format, rows = 'certificates', sort = 'pos', order = 'asc', ...rest } = query;
    const filter = await filters.of(rest);
    const unit = filter.search && (await list.unitMatching(filter.search, filter));
    const matching = unit ? { certificate_id: unit.id } : filter;
    const batches = list.exportBatches(
      matching,
      { sort, direction: sort === 'pos' ? flip(order) : order },
      EXPORT_BATCH,
    );
    const first = await batches.next();
    if (first.done) {
      await filters.assertKnown(filter);
      throw new HttpError(404, 'NOTHING_TO_EXPORT', messages.nothingToExport);
    }
    await audit.record({
      accountId,
      action: 'certificates.exported',
      subject: { type: 'export', id: format },
      details: { format, rows, filter: asRequested(requested, order) },
    });
    const firstBatch = first.value;
    async function* certificateBatches(): AsyncGenerator<CertificateExportRow[]> {
      yield firstBatch;
      yield* batches;
    }
    const body = new PassThrough();
    const written =
      rows === 'units'
        ? writeExport(format, unitBatches(certificateBatches()), await unitColumns(filter.machine_id), body)
        : writeExport(format, certificateBatches(), CERTIFICATE_COLUMNS, body);
    // Headers are sent by then; a failure midway can only cut the download short, which the browser sees.
    written.catch((error: unknown) => body.destroy(error as Error));
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
