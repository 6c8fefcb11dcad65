import os from 'node:os';
import { HttpError } from '../errors';

/** Refused because the instance already does as much of this work as it takes at once; try again later. */
export class BusyError extends HttpError {
  constructor(
    message: string,
    readonly retryAfterSeconds: number,
  ) {
    super(429, 'TOO_MANY_REQUESTS', message);
  }
}

/**
 * Heavy work that runs on Node's small thread pool (scrypt, image decoding) in at most `running` jobs at once,
 * with at most `waiting` more in line for at most `maxWaitMs`; anything beyond is refused with `busy()`.
 * Without it 120 parallel sign-ins filled the pool and every other request (the customer page, static files)
 * waited behind them for over 10 s (docs/decisions/0011-bounded-heavy-work.md). The wait is bounded too: on a
 * machine slower than planned a full line would otherwise keep its last client waiting many seconds, where being
 * told to try again in a moment is the clearer answer.
 */
export function workQueue({
  running,
  waiting,
  maxWaitMs = 5000,
  busy,
}: {
  running: number;
  waiting: number;
  maxWaitMs?: number;
  busy: () => Error;
}) {
  let active = 0;
  const line: (() => void)[] = [];
  /** Waits for a slot, or gives up its place in line after maxWaitMs. */
  const slot = () =>
    new Promise<void>((resolve, reject) => {
      const take = () => {
        clearTimeout(timer);
        resolve();
      };
      const timer = setTimeout(() => {
        line.splice(line.indexOf(take), 1);
        reject(busy());
      }, maxWaitMs);
      line.push(take);
    });
  return {
    async run<T>(work: () => Promise<T>): Promise<T> {
      if (active >= running) {
        if (line.length >= waiting) throw busy();
        await slot();
      } else active++;
      try {
        return await work();
      } finally {
        // The slot passes straight to the next in line, so `active` never drops below while some wait.
        const next = line.shift();
        if (next) next();
        else active--;
      }
    },
    get load() {
      return { active, waiting: line.length };
    },
  };
}

/**
 * Jobs of the thread pool's kind that run at once: half the cores, at least one. Node's pool has four threads,
 * and the rest of the API needs some (file reads, compression of an export); on two cores one scrypt already
 * takes a core.
 */
export const HEAVY_JOBS = Math.max(1, Math.floor(os.availableParallelism() / 2));
