import { PassThrough, Readable } from 'node:stream';
import { Worker } from 'node:worker_threads';
import type { DatabaseLocation } from '../../db/database';
import { workerCode } from '../../workers/worker-code';
import { writeExportJob, type ExportJob, type ExportSources } from './export-job';

/** What the event loop tells the export thread (export-worker.ts). */
export type ToExportThread =
  | { kind: 'start'; id: number; job: ExportJob; credit: number }
  | { kind: 'more'; id: number }
  | { kind: 'cancel'; id: number };

/** What the export thread answers: a chunk of a file, its end, or why it failed. */
type FromExportThread =
  | { id: number; chunk: Uint8Array; end?: undefined; error?: undefined }
  | { id: number; end: true; chunk?: undefined; error?: undefined }
  | { id: number; error: string; chunk?: undefined; end?: undefined };

/** Chunks (64 KiB each) the thread may send before the download took them: a few, so memory stays bounded. */
const CREDIT = 4;

/** The thread's code, bundled once per process; the database drivers and exceljs are required where installed. */
let bundled: Promise<string> | null = null;
const exportWorkerCode = () =>
  (bundled ??= workerCode(new URL('./export-worker.ts', import.meta.url), /^(better-sqlite3|pg|exceljs)$/));

/**
 * Exports written in a thread of their own with its own connection to the database, one thread per API
 * instance, kept for the next export (docs/decisions/0011-bounded-heavy-work.md). A download takes the file
 * chunk by chunk; the thread writes ahead only as far as the client reads. A database in memory cannot be opened
 * twice: its exports are written on the event loop, in slices (export-writers.ts).
 */
export function exportThread(location: DatabaseLocation | null, sources: ExportSources) {
  // Bundled ahead, not with the first export: bundling took 370 ms of an export's first byte (budget 1 s). A
  // failure is answered to the export that needs the code.
  if (location) exportWorkerCode().catch(() => {});
  let worker: Worker | null = null;
  /** The downloads under way by export id, each with the chunks it received since it last gave credit back. */
  const downloads = new Map<number, { body: Readable; received: number }>();
  let lastId = 0;

  const post = (message: ToExportThread) => worker?.postMessage(message);
  /** An idle thread does not keep the process alive (tests, scripts); one writing a file does. */
  const holdWhileBusy = () => (downloads.size ? worker?.ref() : worker?.unref());

  function answered({ id, chunk, end, error }: FromExportThread) {
    const download = downloads.get(id);
    if (!download) return;
    const { body } = download;
    if (chunk) {
      download.received++;
      body.push(Buffer.from(chunk.buffer, chunk.byteOffset, chunk.byteLength));
    } else {
      downloads.delete(id);
      holdWhileBusy();
      if (end) body.push(null);
      else body.destroy(new Error(error));
    }
  }

  async function theWorker(): Promise<Worker> {
    const code = await exportWorkerCode();
    if (worker) return worker;
    const started = new Worker(code, { eval: true, workerData: location });
    started.on('message', answered);
    // A thread that died takes its exports with it (their downloads end cut short); the next starts a new one.
    const fail = (error: Error) => {
      if (worker !== started) return;
      worker = null;
      for (const { body } of downloads.values()) body.destroy(error);
      downloads.clear();
    };
    started.on('error', fail);
    started.on('exit', (code) => fail(new Error(`Export-Thread beendet (${code})`)));
    worker = started;
    holdWhileBusy();
    return started;
  }

  return {
    /** The file of `job`, as a stream the download reads. */
    async run(job: ExportJob): Promise<Readable> {
      if (!location) {
        const body = new PassThrough();
        writeExportJob(sources, job, body).catch((error: Error) => body.destroy(error));
        return body;
      }
      await theWorker();
      const id = ++lastId;
      const body = new Readable({
        // Called when the download wants more: the chunks it received are given back to the thread as credit.
        read() {
          const download = downloads.get(id);
          for (; download && download.received > 0; download.received--) post({ kind: 'more', id });
        },
        destroy(error, callback) {
          // A download that ended early (the client went away) stops its export.
          if (downloads.delete(id)) {
            post({ kind: 'cancel', id });
            holdWhileBusy();
          }
          callback(error);
        },
      });
      downloads.set(id, { body, received: 0 });
      holdWhileBusy();
      post({ kind: 'start', id, job, credit: CREDIT });
      return body;
    },

    /** Ends the thread (the app closes): exports under way end cut short. */
    async stop() {
      const ending = worker;
      worker = null;
      for (const { body } of downloads.values()) body.destroy(new Error('Export beendet'));
      downloads.clear();
      await ending?.terminate();
    },
  };
}

export type ExportThread = ReturnType<typeof exportThread>;
