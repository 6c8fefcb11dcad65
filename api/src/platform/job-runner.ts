import crypto from 'node:crypto';
import os from 'node:os';
import { messages } from '../messages';
import type { JobRow, JobsRepository } from './jobs.repository';

/** What a job's code may tell while it works: how far it got (this also keeps its lease). */
export interface JobContext {
  progress(done: number, total: number | null): Promise<void>;
}

/** The work of one kind of job. It must be idempotent: a job redone after a crash stores nothing twice. */
export type JobHandler = (job: JobRow, context: JobContext) => Promise<void>;

/** Something to tell the operator (the worker's logger). */
export interface JobLog {
  info(details: Record<string, unknown>, message: string): void;
  error(details: Record<string, unknown>, message: string): void;
}

/** Whether a process of this host runs with `pid` (EPERM: it does, as another user's). */
function processExists(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** Tries before a job counts as failed, and the pause before each next try. */
export const JOB_TRIES = 5;
const RETRY_PAUSE_MS = [5_000, 30_000, 120_000, 600_000];

export interface JobRunnerOptions {
  jobs: JobsRepository;
  handlers: Record<string, JobHandler>;
  log: JobLog;
  /** How long a claimed job stays this worker's without news; then another worker may take it over. */
  leaseMs?: number;
  /** How often an idle worker looks for work. */
  pollMs?: number;
  /** The pause after the database could not be asked (down, or not migrated yet). */
  errorPauseMs?: number;
  /** Called when a look found nothing to do (the SQLite log's checkpoint, pruning). */
  idle?: () => Promise<void>;
  /**
   * True while this program is older than its database (api/src/plugins/schema-guard.ts): it claims nothing, so
   * that the new version's workers do the work with the new code.
   */
  outdated?: () => Promise<boolean>;
}

/**
 * One worker: claims jobs one at a time from the jobs table and runs them (docs/decisions/0021-jobs-and-one-worker.md).
 * A job that throws is tried again later, and after JOB_TRIES stays failed with its error, for an administrator
 * to see and retry. A worker that stops hands back the job it holds unfinished.
 */
export function jobRunner({
  jobs,
  handlers,
  log,
  leaseMs = 60_000,
  pollMs = 500,
  errorPauseMs = 5_000,
  idle,
  outdated,
}: JobRunnerOptions) {
  const host = `${os.hostname()}:`;
  const worker = `${host}${process.pid}:${crypto.randomBytes(3).toString('hex')}`;
  let stopping = false;
  let current: JobRow | null = null;
  let wake: (() => void) | null = null;
  const leaseFrom = (now: Date) => new Date(now.getTime() + leaseMs);

  async function run(job: JobRow) {
    const handler = handlers[job.kind];
    const started = Date.now();
    // Tried this often and never ended: each try killed its worker (memory, a crash), so it is not tried again.
    if (job.attempts > JOB_TRIES) {
      await jobs.failed(job.id, worker, messages.jobKilledItsWorker(JOB_TRIES), null, new Date());
      log.error({ job: job.id, kind: job.kind, subject: job.subject }, 'Auftrag endgültig fehlgeschlagen');
      return;
    }
    try {
      if (!handler) throw new Error(`Unbekannte Auftragsart „${job.kind}“`);
      await handler(job, {
        progress: async (done, total) => {
          if (!(await jobs.progress(job.id, worker, done, total, leaseFrom(new Date()))))
            throw new Error('Auftrag wurde einem anderen Worker übergeben');
        },
      });
      await jobs.finish(job.id, worker, new Date());
      log.info(
        { job: job.id, kind: job.kind, subject: job.subject, ms: Date.now() - started },
        'Auftrag erledigt',
      );
    } catch (error) {
      const reason = (error as Error).message;
      const last = job.attempts >= JOB_TRIES;
      const pause = RETRY_PAUSE_MS[Math.min(job.attempts - 1, RETRY_PAUSE_MS.length - 1)];
      await jobs.failed(job.id, worker, reason, last ? null : new Date(Date.now() + pause), new Date());
      log.error(
        { job: job.id, kind: job.kind, subject: job.subject, attempt: job.attempts, reason },
        last ? 'Auftrag endgültig fehlgeschlagen' : 'Auftrag fehlgeschlagen; neuer Versuch folgt',
      );
    }
  }

  /** Claims and runs one job; false when none was due. */
  async function once(): Promise<boolean> {
    if (await outdated?.()) return false;
    const now = new Date();
    const job = await jobs.claim(worker, now, leaseFrom(now));
    if (!job) return false;
    current = job;
    try {
      await run(job);
    } finally {
      current = null;
    }
    return true;
  }

  /**
   * The jobs of a worker on this host that died (kill -9, out of memory): its process is gone, so they wait again
   * at once instead of when their lease ends. Another host's workers are left to their leases.
   */
  async function releaseFromDeadWorkers() {
    for (const held of await jobs.heldBy(host)) {
      const pid = Number(held.worker!.slice(host.length).split(':')[0]);
      if (pid !== process.pid && !processExists(pid)) await jobs.release(held.id, held.worker!);
    }
  }

  let loop: Promise<void> | null = null;
  return {
    worker,
    once,
    /** Runs jobs until none is due (tests, and scripts), the dead workers' ones included. */
    async untilIdle() {
      await releaseFromDeadWorkers();
      while (!stopping && (await once()));
    },
    /** Looks for work every `pollMs` until stopped; errors of the database are logged and tried again. */
    start() {
      loop ??= (async () => {
        await releaseFromDeadWorkers().catch((error: Error) =>
          log.error({ reason: error.message }, 'Aufträge beendeter Worker nicht freigegeben'),
        );
        while (!stopping) {
          let worked = false;
          let pause = pollMs;
          try {
            worked = await once();
            if (!worked) await idle?.();
          } catch (error) {
            log.error({ reason: (error as Error).message }, 'Aufträge konnten nicht gelesen werden');
            pause = errorPauseMs;
          }
          if (!worked && !stopping)
            await new Promise<void>((resolve) => {
              const timer = setTimeout(resolve, pause);
              wake = () => {
                clearTimeout(timer);
                resolve();
              };
            });
        }
      })();
      return loop;
    },
    /** Claims nothing more; answers once the job running now has finished. */
    async stop() {
      stopping = true;
      wake?.();
      await loop;
    },
    /** A worker that cannot wait for its job any longer gives it back, to be claimed again at once. */
    async handBack() {
      stopping = true;
      if (current) await jobs.handBack(current.id, worker);
    },
    get current() {
      return current;
    },
  };
}

export type JobRunner = ReturnType<typeof jobRunner>;
