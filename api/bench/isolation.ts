import { setTimeout as sleep } from 'node:timers/promises';

/** A call whose latency is watched while something heavy runs: one path or many asked in turn. */
export interface Probe {
  name: string;
  paths: string[];
  headers?: Record<string, string>;
}

export interface ProbeResult {
  name: string;
  count: number;
  p50: number;
  p99: number;
  max: number;
  failures: number;
}

/** Pause between two requests of one probe: a light, steady load, so latency is the API's, not a queue's. */
const PROBE_PAUSE_MS = 10;
/** The isolation budget (docs/architecture.md#budgets): busy p99 ≤ 2 × idle p99 + 20 ms; no answer over 500 ms. */
export const ISOLATION = { times: 2, plusMs: 20, slowestMs: 500, windows: 5 };

const percentile = (sorted: number[], share: number) =>
  sorted.length ? sorted[Math.min(sorted.length - 1, Math.ceil(share * sorted.length) - 1)] : NaN;
const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];
const tenths = (ms: number) => Math.round(ms * 10) / 10;

/**
 * Asks each probe one request at a time (a pause between) until `work` settles, and reports each one's p50, p99
 * and slowest answer in milliseconds. A person clicking while someone else works hard, not a load test: what is
 * measured is how long the API lets a request wait.
 */
export async function latencyWhile<T>(
  base: string,
  probes: Probe[],
  work: Promise<T>,
): Promise<{ results: ProbeResult[]; outcome: T }> {
  let done = false;
  const finished = work.finally(() => (done = true));
  const results = await Promise.all(
    probes.map(async (probe) => {
      const times: number[] = [];
      let failures = 0;
      for (let i = 0; !done; i++) {
        const started = performance.now();
        try {
          const response = await fetch(base + probe.paths[i % probe.paths.length], {
            headers: probe.headers,
          });
          await response.arrayBuffer();
          if (!response.ok) failures++;
        } catch {
          failures++;
        }
        times.push(performance.now() - started);
        await sleep(PROBE_PAUSE_MS);
      }
      times.sort((a, b) => a - b);
      return {
        name: probe.name,
        count: times.length,
        p50: tenths(percentile(times, 0.5)),
        p99: tenths(percentile(times, 0.99)),
        max: tenths(times[times.length - 1] ?? NaN),
        failures,
      } satisfies ProbeResult;
    }),
  );
  return { results, outcome: await finished };
}

export interface Windows {
  idle: ProbeResult[][];
  busy: ProbeResult[][];
}

/**
 * ISOLATION.windows idle and busy windows in turn: this machine's speed drifts within a run, and windows side by
 * side see the same drift. Before each idle window `settle()` waits until the heavy work of the last busy window
 * has ended (the worker idle), so idle means idle; each busy window runs `busy(n)` and lasts until it is done, at
 * least `windowMs`. An idle window lasts `windowMs`.
 */
export async function interleavedWindows(options: {
  base: string;
  probes: Probe[];
  windowMs: number;
  settle(): Promise<void>;
  busy(window: number): Promise<unknown>;
}): Promise<Windows> {
  const windows: Windows = { idle: [], busy: [] };
  for (let n = 0; n < ISOLATION.windows; n++) {
    await options.settle();
    windows.idle.push((await latencyWhile(options.base, options.probes, sleep(options.windowMs))).results);
    const work = Promise.all([options.busy(n), sleep(options.windowMs)]);
    windows.busy.push((await latencyWhile(options.base, options.probes, work)).results);
  }
  return windows;
}

/**
 * Each probe's verdict over the windows: the median of the idle windows' p99s against the median of the busy
 * ones', and the slowest answer of any window. Printed as a table; answers what failed, in words.
 */
export function isolationVerdict(windows: Windows, during: string): string[] {
  const failures: string[] = [];
  const rows = windows.idle[0].map(({ name }, i) => {
    const idle = median(windows.idle.map((window) => window[i].p99));
    const busy = median(windows.busy.map((window) => window[i].p99));
    const slowest = Math.max(...[...windows.idle, ...windows.busy].map((window) => window[i].max));
    const failed = [...windows.idle, ...windows.busy].reduce((sum, window) => sum + window[i].failures, 0);
    const limit = tenths(ISOLATION.times * idle + ISOLATION.plusMs);
    if (busy > limit) failures.push(`${name}: busy p99 ${busy} ms > ${limit} ms`);
    if (slowest > ISOLATION.slowestMs) failures.push(`${name}: an answer took ${slowest} ms`);
    if (failed) failures.push(`${name}: ${failed} failed answers`);
    return {
      call: name,
      'idle p99 ms (median)': idle,
      [`busy p99 ms (median), ${during}`]: busy,
      budget: `≤ ${limit}`,
      'slowest ms': slowest,
      asked: [...windows.idle, ...windows.busy].reduce((sum, window) => sum + window[i].count, 0),
      failures: failed,
    };
  });
  console.log(`Isolation: ${windows.idle.length} idle and ${windows.busy.length} busy windows, interleaved`);
  console.table(rows);
  return failures;
}

/**
 * 120 wrong sign-ins sent at once from 8 client addresses (15 each, under the address limit of 30), each for
 * another unknown account, so every one would cost a real scrypt. The API must be behind TRUST_PROXY for the
 * addresses to count; `wave` picks fresh addresses for each storm. Resolves with the count of each status (0: no
 * answer).
 */
export async function signInStorm(base: string, wave: number): Promise<Record<number, number>> {
  const statuses = await Promise.all(
    Array.from({ length: 120 }, async (_, i) => {
      const response = await fetch(`${base}/api/login`, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          'x-forwarded-for': `198.51.${100 + (wave % 150)}.${1 + (i % 8) + 8 * Math.floor(wave / 150)}`,
        },
        body: JSON.stringify({ username: `sturm${wave}-${i}@example.com`, password: 'falsch-geraten' }),
      }).catch(() => undefined);
      // No answer at all (a closed connection) counts as status 0.
      await response?.arrayBuffer();
      return response?.status ?? 0;
    }),
  );
  const counts: Record<number, number> = {};
  for (const status of statuses) counts[status] = (counts[status] ?? 0) + 1;
  return counts;
}
