import type { Worker } from 'node:worker_threads';
import { PDF_CHECK_LIMITS } from 'contracts';
import { messages } from '../../messages';
import { startWorker, workerFile } from '../../platform/worker-file';
import { BusyError, workQueue } from '../../plugins/busy';
import type { PdfVerdict } from './pdf-scan';

export type { PdfVerdict } from './pdf-scan';

/**
 * One check at a time, two more waiting briefly: a check takes at most PDF_CHECK_LIMITS.seconds, so an upload
 * is answered within seconds; beyond that a 429 at once.
 */
const queue = workQueue({
  running: 1,
  waiting: 2,
  maxWaitMs: 3000,
  busy: () => new BusyError(messages.documentCheckBusy, 5),
});

/**
 * Whether `bytes` are a PDF a customer may open safely (pdf-scan.ts), judged in a worker thread of its own
 * (docs/decisions/0025-pdf-check-in-a-worker.md): the event loop stays free while a large file is parsed, and
 * what a hostile file costs is bounded by the worker's heap and by a time limit. A worker that runs out of
 * either is ended and its file refused; the API lives on.
 */
export function checkPdf(bytes: Buffer): Promise<PdfVerdict> {
  return queue.run(() => inWorker(bytes));
}

/**
 * A worker that has loaded its code and waits for PDFs. Under tsx loading takes seconds, so it is kept for the
 * next file while it holds little; one that ran out of time or heap, or kept more than KEEP_HEAP_BYTES, is ended
 * and the next one started at once. A check's time limit counts the check only.
 */
let ready: Promise<Worker> | undefined;
const KEEP_HEAP_BYTES = 64 * 1024 * 1024;

const readyWorker = () =>
  new Promise<Worker>((resolve, reject) => {
    const worker = startWorker(workerFile('pdf-check-worker', import.meta.url), {
      resourceLimits: {
        maxOldGenerationSizeMb: PDF_CHECK_LIMITS.heapMb,
        maxYoungGenerationSizeMb: 16,
        stackSizeMb: 4,
      },
    });
    // A waiting worker does not keep the process alive (tests, scripts); a checking one does.
    worker.unref();
    worker.once('message', () => {
      worker.off('error', reject);
      resolve(worker);
    });
    worker.once('error', reject);
  });

async function inWorker(bytes: Buffer): Promise<PdfVerdict> {
  const worker = await (ready ?? readyWorker()).catch(readyWorker);
  ready = undefined;
  worker.ref();
  let keep = false;
  // Named, so that exactly these are removed again: Worker needs listeners of its own.
  let onMessage: (answer: { verdict: PdfVerdict; heapBytes: number }) => void = () => undefined;
  let onError: (error: Error & { code?: string }) => void = () => undefined;
  let onExit: (code: number) => void = () => undefined;
  try {
    return await new Promise<PdfVerdict>((resolve, reject) => {
      const timer = setTimeout(() => resolve('time'), PDF_CHECK_LIMITS.seconds * 1000);
      onMessage = ({ verdict, heapBytes }) => {
        clearTimeout(timer);
        keep = heapBytes < KEEP_HEAP_BYTES;
        resolve(verdict);
      };
      onError = (error) => {
        clearTimeout(timer);
        if (error.code === 'ERR_WORKER_OUT_OF_MEMORY') resolve('memory');
        else reject(error);
      };
      onExit = (code) => {
        clearTimeout(timer);
        reject(new Error(`PDF check ended without an answer (${code})`));
      };
      worker.once('message', onMessage).once('error', onError).once('exit', onExit);
      worker.postMessage(bytes);
    });
  } finally {
    worker.off('message', onMessage).off('error', onError).off('exit', onExit);
    if (keep) {
      worker.unref();
      ready = Promise.resolve(worker);
    } else {
      void worker.terminate();
      ready = readyWorker();
      // A worker that fails to start is replaced when it is needed.
      ready.catch(() => undefined);
    }
  }
}
