import { createRequire } from 'node:module';
import { Worker } from 'node:worker_threads';

/** How often the thread copies the write-ahead log into the database file. */
const CHECKPOINT_EVERY_MS = 1000;

/**
 * The thread's code, plain JavaScript: its own connection to the file, at a lower priority (a nice value
 * belongs to a thread on Linux, as in render-worker.ts). PASSIVE never waits for a lock: it copies what no
 * reader still needs, and the next turn copies the rest.
 */
const CHECKPOINTER = `
const os = require('node:os');
const { workerData } = require('node:worker_threads');
const SQLite = require(workerData.driver);
if (process.platform === 'linux') os.setPriority(10);
const db = new SQLite(workerData.file);
setInterval(() => {
  try {
    db.pragma('wal_checkpoint(PASSIVE)');
  } catch {
    // The file busy or gone for a moment: the next turn tries again.
  }
}, workerData.everyMs);
`;

/**
 * Checkpoints of an SQLite file's write-ahead log in a thread of its own. Left to SQLite, the commit that
 * fills the log past 1000 pages copies it into the database file and syncs it, on the event loop: storing
 * 1.5 MB (a 200-page sealed PDF) took 1.4–3.3 ms, and every third time 11–17 ms, during which no request was
 * answered; with this thread 1.4–2.7 ms each time (wal-checkpoints.test.ts shows where the copy happens). The
 * caller turns SQLite's own checkpoints off on its connection (database.ts), and on again in `failed` if the
 * thread dies. Stop it before the process ends; it does not hold the process open.
 */
export function checkpointInThread(file: string, failed: () => void): { stop(): Promise<void> } {
  const driver = createRequire(import.meta.url).resolve('better-sqlite3');
  const worker = new Worker(CHECKPOINTER, {
    eval: true,
    workerData: { driver, file, everyMs: CHECKPOINT_EVERY_MS },
  });
  worker.once('error', failed);
  worker.unref();
  return {
    async stop() {
      await worker.terminate();
    },
  };
}
