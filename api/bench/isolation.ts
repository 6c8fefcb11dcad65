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
  failures: number;
}

/** Pause between two requests of one probe: a light, steady load, so latency is the API's, not a queue's. */
const PROBE_PAUSE_MS = 10;

const percentile = (sorted: number[], share: number) =>
  sorted.length ? sorted[Math.min(sorted.length - 1, Math.ceil(share * sorted.length) - 1)] : NaN;

/**
 * Asks each probe one request at a time (a pause between) until `work` settles, and reports each one's p50 and
 * p99 in milliseconds. A person clicking while someone else exports, not a load test: what is measured is how
 * long the API lets a request wait.
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
        p50: Math.round(percentile(times, 0.5) * 10) / 10,
        p99: Math.round(percentile(times, 0.99) * 10) / 10,
        failures,
      } satisfies ProbeResult;
    }),
  );
  return { results, outcome: await finished };
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
          'x-forwarded-for': `198.51.${100 + wave}.${1 + (i % 8)}`,
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

/**
 * The isolation budget of one run: each probe's p99 while `during` ran against its idle p99, printed as a table;
 * answers the probes over `times` × idle, in words.
 */
export function compareWithIdle(idle: ProbeResult[], busy: ProbeResult[], during: string, times: number) {
  console.table(
    idle.map((calm, i) => ({
      call: calm.name,
      'idle p99 ms': calm.p99,
      [`p99 ms ${during}`]: busy[i].p99,
      ratio: Math.round((busy[i].p99 / calm.p99) * 10) / 10,
    })),
  );
  return idle.flatMap((calm, i) =>
    busy[i].p99 > times * calm.p99
      ? [`${calm.name}: p99 ${busy[i].p99} ms > ${times} × idle ${calm.p99} ms`]
      : [],
  );
}
