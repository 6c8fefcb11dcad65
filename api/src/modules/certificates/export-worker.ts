import os from 'node:os';
import { PassThrough } from 'node:stream';
import { parentPort, workerData } from 'node:worker_threads';
import { openDatabase, type DatabaseLocation } from '../../db/database';
import { testPlansRepository } from '../test-plans/test-plans.repository';
import { certificateListRepository } from './certificate-list.repository';
import { writeExportJob } from './export-job';
import type { ToExportThread } from './export-thread';
import { testAttemptsRepository } from './test-attempts.repository';
import { unitsRepository } from './units.repository';

/**
 * The export thread (export-thread.ts): reads the rows from a connection of its own and writes the file. A
 * million-row export makes gigabytes of short-lived strings; here their collections pause this thread only,
 * not the requests of the event loop (docs/decisions/0011-bounded-heavy-work.md).
 */
// An export may take its time; a request may not. On Linux a nice value belongs to a thread (render-worker.ts).
if (process.platform === 'linux') os.setPriority(10);

/** Bytes sent to the event loop at once: few messages, and a chunk the socket takes in one write. */
const CHUNK_BYTES = 64 * 1024;

const { db } = openDatabase((workerData as DatabaseLocation).database, {
  schema: (workerData as DatabaseLocation).schema,
});
const sources = {
  list: certificateListRepository(db),
  units: unitsRepository(db),
  attempts: testAttemptsRepository(db),
  plans: testPlansRepository(db),
};

/** An export under way: its file as written, and how many chunks the event loop still takes before asking. */
interface Running {
  output: PassThrough;
  credit: number;
  more: (() => void) | null;
}
const running = new Map<number, Running>();

/** Bytes that wait at most this long for a chunk to fill: the first byte of an XLSX export (compressed, so a chunk fills slowly) leaves at once. */
const FLUSH_AFTER_MS = 50;

/** Sends the file of export `id` in chunks, each waiting for the event loop's credit. */
async function send(id: number, export_: Running) {
  let pending: Buffer[] = [];
  let size = 0;
  let timer: NodeJS.Timeout | null = null;
  // Chunks leave in order: each send waits for the one before it and for the credit.
  let sent = Promise.resolve();
  const flush = () => {
    if (timer) clearTimeout(timer);
    timer = null;
    if (!size) return sent;
    // A buffer of its own, so that giving it away takes no other chunk's memory with it.
    const chunk = new Uint8Array(size);
    let at = 0;
    for (const part of pending) {
      chunk.set(part, at);
      at += part.length;
    }
    pending = [];
    size = 0;
    sent = sent.then(async () => {
      if (export_.credit === 0) await new Promise<void>((resolve) => (export_.more = resolve));
      export_.credit--;
      parentPort!.postMessage({ id, chunk }, [chunk.buffer]);
    });
    return sent;
  };
  try {
    for await (const part of export_.output as AsyncIterable<Buffer>) {
      pending.push(part);
      size += part.length;
      if (size >= CHUNK_BYTES) await flush();
      else timer ??= setTimeout(flush, FLUSH_AFTER_MS);
    }
    await flush();
  } finally {
    if (timer) clearTimeout(timer);
  }
}

parentPort!.on('message', (message: ToExportThread) => {
  const export_ = running.get(message.id);
  if (message.kind === 'start') {
    const output = new PassThrough();
    const started: Running = { output, credit: message.credit, more: null };
    running.set(message.id, started);
    writeExportJob(sources, message.job, output).catch((error: Error) => output.destroy(error));
    send(message.id, started)
      .then(
        () => parentPort!.postMessage({ id: message.id, end: true }),
        (error: Error) => parentPort!.postMessage({ id: message.id, error: error.message }),
      )
      .finally(() => running.delete(message.id));
  } else if (export_ && message.kind === 'more') {
    export_.credit++;
    export_.more?.();
    export_.more = null;
  } else if (export_ && message.kind === 'cancel') {
    export_.output.destroy();
    export_.more?.();
  }
});
