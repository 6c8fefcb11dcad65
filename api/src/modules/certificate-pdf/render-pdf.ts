import { Worker } from 'node:worker_threads';
import { BusyError, workQueue } from '../../plugins/busy';
import { workerCode } from '../../workers/worker-code';
import type { PdfInput } from './pdf-input';
import { pdfMessages } from './pdf-messages';
import type { Seal } from './seal-keys';

/**
 * Renders certificate documents in one worker thread, kept for the next one: the event loop stays free for
 * other requests while 200 pages are laid out (docs/decisions/0011-bounded-heavy-work.md). One at a time, a few
 * more waiting; beyond that a 429 at once, as the other heavy work of the API (api/src/plugins/busy.ts).
 */

/** A 200-page certificate takes about 2 s (api/bench/pdf-render-bench.ts): three in line wait about 6 s. */
const queue = workQueue({
  running: 1,
  waiting: 3,
  maxWaitMs: 15_000,
  busy: () => new BusyError(pdfMessages.busy, 10),
});

/** How the worker seals what it rendered (seal.ts): the key, the time of sealing and the timestamp authority. */
export interface Sealing {
  seal: Seal;
  at: Date;
  tsaUrl: string | null;
}

/** What the worker is given: a document's data, and the seal to add unless the bytes are wanted unsealed. */
export interface RenderJob {
  input: PdfInput;
  sealing?: Sealing;
}

/** A rendered document: its bytes (sealed when asked) and its number of pages. */
export interface Rendered {
  bytes: Uint8Array;
  pages: number;
}

type Answer = (Rendered & { error?: undefined }) | { error: string };

/** The worker and the render it is doing: the queue gives it one at a time. */
interface Thread {
  worker: Worker;
  job: { resolve: (rendered: Rendered) => void; reject: (error: Error) => void } | null;
}

let current: Thread | null = null;

/** The worker's code, bundled once per process; pdfkit and qrcode stay outside (pdfkit reads its data files). */
let bundled: Promise<string> | null = null;
const renderWorkerCode = () =>
  workerCode(new URL('./render-worker.ts', import.meta.url), /^(pdfkit|qrcode)$/, {
    // The fonts are found beside the source (pdf-text.ts), not beside the bundle, which has no file.
    'import.meta.dirname': JSON.stringify(import.meta.dirname),
  });

async function theThread(): Promise<Thread> {
  bundled ??= renderWorkerCode();
  const code = await bundled;
  if (current) return current;
  const thread: Thread = {
    worker: new Worker(code, {
      eval: true,
      // Laying out 200 pages makes many short-lived objects: a young generation of this size kept the
      // collector's share low and the memory under the budget (api/bench/pdf-render-bench.ts).
      resourceLimits: { maxYoungGenerationSizeMb: 16 },
    }),
    job: null,
  };
  const settle = (settled: (job: NonNullable<Thread['job']>) => void) => {
    const { job } = thread;
    thread.job = null;
    // An idle worker does not keep the process alive (tests, scripts); a working one does.
    thread.worker.unref();
    if (job) settled(job);
  };
  thread.worker.on('message', (answer: Answer) =>
    settle((job) =>
      answer.error === undefined
        ? job.resolve({ bytes: answer.bytes, pages: answer.pages })
        : job.reject(new Error(`${pdfMessages.failed} ${answer.error}`)),
    ),
  );
  // A worker that died takes its render with it; the next render starts a new one.
  const fail = (error: Error) => {
    if (current === thread) current = null;
    settle((job) => job.reject(error));
  };
  thread.worker.on('error', fail);
  thread.worker.on('exit', (code) => fail(new Error(`${pdfMessages.failed} (Worker beendet: ${code})`)));
  thread.worker.unref();
  current = thread;
  return thread;
}

/** The document rendered, and sealed when `sealing` is given, off the event loop (pdf-document.ts, seal.ts). */
export function renderPdf(input: PdfInput, sealing?: Sealing): Promise<Rendered> {
  return queue.run(async () => {
    const thread = await theThread();
    return new Promise<Rendered>((resolve, reject) => {
      thread.job = { resolve, reject };
      thread.worker.ref();
      thread.worker.postMessage({ input, sealing } satisfies RenderJob);
    });
  });
}

/** Ends the worker (tests, shutdown): a render it was doing fails, the next render starts a new one. */
export async function stopPdfWorker() {
  const thread = current;
  current = null;
  await thread?.worker.terminate();
}
