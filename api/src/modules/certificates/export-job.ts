import type { PassThrough } from 'node:stream';
import {
  DEFAULT_PLAN_STEPS,
  LEGACY_CHECK_KEYS,
  keyedMap,
  passFailOf,
  type CertificateSort,
  type ExportFormat,
  type StaffLanguage,
} from 'contracts';
import { exportWords } from '../../export-words';
import type { TestPlansRepository } from '../test-plans/test-plans.repository';
import type {
  CertificateExportRow,
  CertificateFilter,
  CertificateListRepository,
} from './certificate-list.repository';
import {
  certificateColumns,
  releaseColumns,
  stepsOfPlans,
  testRecordColumns,
  unitColumns,
  type UnitExportRow,
} from './export-columns';
import { writeExport } from './export-writers';
import type { TestAttemptsRepository } from './test-attempts.repository';
import type { UnitsRepository } from './units.repository';

/** Rows an export reads from the database at a time. */
const EXPORT_BATCH = 100;

/**
 * What an export writes, once the request was checked and recorded (certificate-export.ts): plain data, kept
 * as JSON with the export until the worker writes it (export-work.ts).
 */
export interface ExportJob {
  format: ExportFormat;
  rows: 'certificates' | 'units';
  matching: CertificateFilter;
  order: { sort: CertificateSort; direction: 'asc' | 'desc' };
  /** The machine the filter names: the columns by unit are the steps of its plans only. */
  machineId?: number;
  /**
   * The language of the account when it asked, which the file is written in (export-work.ts): not the one it
   * has when the worker comes to it. None in an export asked for before exports had languages: German.
   */
  language?: StaffLanguage;
}

/** The reads an export makes. */
export interface ExportSources {
  list: Pick<CertificateListRepository, 'exportBatches'>;
  units: Pick<UnitsRepository, 'ofCertificates'>;
  attempts: Pick<TestAttemptsRepository, 'ofCertificates'>;
  plans: Pick<TestPlansRepository, 'everySteps'>;
}

/** The values of a certificate issued before attempts were stored: its check columns (certificate-view.ts). */
const legacyValues = (row: CertificateExportRow) =>
  keyedMap(
    LEGACY_CHECK_KEYS.flatMap((key) => {
      const column = (row as unknown as Record<string, string>)[key];
      return column ? [[key, passFailOf(column)] as const] : [];
    }),
  );

/**
 * Passes `batches` on, telling `report` the rows passed so far once each batch was taken (written): those that
 * `counts`, so the progress is of what the filter holds (export-work.ts), units and not their earlier attempts.
 */
async function* reported<R>(
  batches: AsyncIterable<R[]>,
  report: (rows: number) => Promise<void>,
  counts: (row: R) => boolean = () => true,
) {
  let rows = 0;
  for await (const batch of batches) {
    yield batch;
    for (const row of batch) if (counts(row)) rows++;
    await report(rows);
  }
}

/**
 * Writes the file of `job` into `output`, batch by batch, and ends it, in the current language (export-work.ts
 * runs it in the job's). `report` hears the rows written so far after each batch; what it throws ends the export.
 */
export async function writeExportJob(
  { list, units, attempts, plans }: ExportSources,
  job: ExportJob,
  output: PassThrough,
  report: (rows: number) => Promise<void> = async () => undefined,
): Promise<void> {
  const words = exportWords();
  const batches = list.exportBatches(job.matching, job.order, EXPORT_BATCH);
  if (job.rows === 'certificates')
    return writeExport(reported(batches, report), certificateColumns(words), output, {
      format: job.format,
      what: 'certificates',
      words,
    });

  /** The units of each batch of certificates, in the batch's order, a row per attempt. */
  async function* unitBatches(): AsyncGenerator<UnitExportRow[]> {
    for await (const batch of batches) {
      const byId = new Map(batch.map((row) => [row.id, row]));
      const stored = await units.ofCertificates([...byId.keys()]);
      const attemptsOf = await attempts.ofCertificates([...byId.keys()]);
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
        return (unitsOf.get(row.id) ?? []).flatMap((u): UnitExportRow[] => {
          const unit = {
            certificate: row,
            serial: u.serial,
            unit: u.unit_index + 1,
            unit_voided: u.voided_at !== null,
            unit_void_reason: u.void_reason,
            release: u.release,
            released_by_name: u.released_by_name,
            released_at: u.released_at,
            deviation_reason: u.deviation_reason,
          };
          const tried = attemptsOf.get(`${row.id}:${u.unit_index}`);
          if (!tried)
            return [{ ...unit, attempt: undefined, replaced: false, values: (legacy ??= legacyValues(row)) }];
          return tried.map((attempt, k) => ({
            ...unit,
            attempt,
            replaced: k < tried.length - 1,
            values: attempt.values,
          }));
        });
      });
    }
  }

  // The columns by unit: the unit's, then one per step of every plan the exported machines had.
  const steps = stepsOfPlans([DEFAULT_PLAN_STEPS, ...(await plans.everySteps(job.machineId))]);
  return writeExport(
    reported(unitBatches(), report, (row) => !row.replaced),
    [...unitColumns(words), ...testRecordColumns(words, steps), ...releaseColumns(words)],
    output,
    { format: job.format, what: 'certificates', words },
  );
}
