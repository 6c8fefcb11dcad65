import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { PassThrough } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { Kysely } from 'kysely';
import { DEFAULT_STAFF_LANGUAGE } from 'contracts';
import type { Database } from '../../db/schema';
import { inLanguageContext } from '../../language';
import { chunkStore, type ChunkStore } from '../../platform/chunk-store';
import type { JobHandler } from '../../platform/job-runner';
import type { NewJob } from '../../platform/jobs.repository';
import type { InTransaction } from '../../platform/transactions';
import type { CertificateListRepository } from './certificate-list.repository';
import { writeExportJob, type ExportJob, type ExportSources } from './export-job';
import { exportsRepository, type ExportsRepository } from './exports.repository';

/** The job that writes an export's file (docs/decisions/0037-exports-as-files.md), run by the worker. */
export const CERTIFICATE_EXPORT = 'certificate-export';

export const certificateExportJob = (exportId: number, accountId: number): NewJob => ({
  kind: CERTIFICATE_EXPORT,
  subject: `certificate-export:${exportId}`,
  payload: { export_id: exportId },
  account_id: accountId,
});

/** How often a running export tells how far it got (which keeps its lease) and looks whether it was cancelled. */
const PROGRESS_EVERY_MS = 1000;

/** Exports past their time removed per look of the idle worker. */
const REMOVED_AT_ONCE = 50;

/** The export was cancelled while it was written. */
class Cancelled extends Error {}

/** What the database says when bytes something refers to would be deleted (2026-11-28T16-00-exports). */
const isRefusal = (error: unknown) => /append-only/.test(String((error as Error)?.message));

/**
 * Runs `work` and, in the same transaction, deletes the bytes `sha256` unless an export still refers to them.
 * Bytes the archive or a document keeps too (the same content) are refused by the database: then `work` alone.
 */
async function lettingGo(
  inTransaction: InTransaction,
  sha256: string | null,
  work: (trx: Kysely<Database>) => Promise<unknown>,
) {
  try {
    await inTransaction(async (trx) => {
      await work(trx);
      if (sha256 && !(await exportsRepository(trx).refers(sha256))) await chunkStore(trx).remove(sha256);
    });
  } catch (error) {
    if (!isRefusal(error)) throw error;
    await inTransaction(work);
  }
}

export interface ExportWork {
  sources: ExportSources & { list: Pick<CertificateListRepository, 'exportBatches' | 'totals'> };
  exports: ExportsRepository;
  chunks: Pick<ChunkStore, 'storeFile'>;
  inTransaction: InTransaction;
  /** How long a file is kept once it is ready. */
  keptMs: number;
}

/**
 * The worker's half of an export: the file written with writeExportJob into a file of its own in the
 * temporary folder (so neither the file nor its rows are held in memory), then stored in the chunk store, the
 * rows written so far told as the job's progress. Idempotent: an export removed, cancelled or stored before is
 * left as it is; one redone after a crash mid-store stores the chunks that are missing, and bytes of an
 * attempt cut short that differ from the new file's (an XLSX carries the time it was written) are removed.
 */
export function certificateExportWork({
  sources,
  exports,
  chunks,
  inTransaction,
  keptMs,
}: ExportWork): Record<string, JobHandler> {
  return {
    [CERTIFICATE_EXPORT]: async (job, context) => {
      const { export_id: id } = JSON.parse(job.payload) as { export_id: number };
      const row = await exports.byId(id);
      if (!row || row.ready_at || !(await exports.wanted(id, new Date()))) return;
      const request = JSON.parse(row.request) as ExportJob;
      const totals = await sources.list.totals(request.matching);
      const total = request.rows === 'units' ? totals.units : totals.certificates;
      await context.progress(0, total);

      const folder = await fs.promises.mkdtemp(path.join(os.tmpdir(), 'pb-export-'));
      try {
        const file = path.join(folder, `export.${request.format}`);
        const output = new PassThrough();
        const written = pipeline(output, fs.createWriteStream(file));
        // Awaited below; a disk that fails meanwhile must not end the worker as an unheard rejection.
        written.catch(() => undefined);
        let rows = 0;
        // After the first batch, then once a second; while the file is stored too, which keeps the lease.
        let told = 0;
        const tell = async () => {
          if (Date.now() - told < PROGRESS_EVERY_MS) return;
          told = Date.now();
          if (!(await exports.wanted(id, new Date()))) throw new Cancelled();
          await context.progress(rows, total);
        };
        try {
          // In the language the account had when it asked (certificate-export.ts), whatever it has now.
          await inLanguageContext({ language: request.language ?? DEFAULT_STAFF_LANGUAGE }, () =>
            writeExportJob(sources, request, output, async (done) => {
              rows = done;
              await tell();
            }),
          );
          await written;
        } catch (error) {
          output.destroy();
          if (error instanceof Cancelled) return;
          throw error;
        }
        let content;
        try {
          content = await chunks.storeFile(file, {
            // The export names its new bytes; those of an attempt cut short, when they differ, are let go of.
            before: async ({ sha256 }) => {
              await exports.storing(id, sha256);
              if (row.sha256 && row.sha256 !== sha256)
                await lettingGo(inTransaction, row.sha256, async () => undefined);
            },
            stored: tell,
          });
        } catch (error) {
          // Cancelled meanwhile: the chunks stored so far are the export's, removed with it (removeExpiredExports).
          if (error instanceof Cancelled) return;
          throw error;
        }
        const now = new Date();
        await exports.stored(id, { ...content, rows }, now, new Date(now.getTime() + keptMs));
      } finally {
        await fs.promises.rm(folder, { recursive: true, force: true });
      }
    },
  };
}

/**
 * Removes the exports past their time (kept a day, or cancelled) and their files' bytes, unless a worker is
 * still writing one (it stops at its next look). Called by the idle worker (api/src/platform/housekeeping.ts).
 */
export async function removeExpiredExports(
  { exports, inTransaction }: Pick<ExportWork, 'exports' | 'inTransaction'>,
  now: Date,
) {
  for (;;) {
    const expired = await exports.expired(now, REMOVED_AT_ONCE);
    for (const { id, sha256 } of expired)
      await lettingGo(inTransaction, sha256, (trx) => exportsRepository(trx).remove(id));
    if (expired.length < REMOVED_AT_ONCE) return;
  }
}
