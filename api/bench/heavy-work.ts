import { spawn } from 'node:child_process';
import fs from 'node:fs';
import { setTimeout as sleep } from 'node:timers/promises';
import { CERTIFICATE_DEFAULTS, apiPaths, type PrintData } from 'contracts';
import type { Config } from '../src/config';
import { openDatabase } from '../src/db/database';
import { SEAL_CERTIFICATE } from '../src/modules/certificate-pdf/seal-jobs';
import { API_DIR } from '../src/test/server-process';
import { anonMb, manual, uploadManual } from './bench-api';
import { downloadInThread, type Download } from './downloads';
import { interleavedWindows, signInStorm, type Probe } from './isolation';

/** The budgets of docs/architecture.md#budgets this file checks. */
export const HEAVY_BUDGET = { sealSeconds: 180, apiMb: 300, exportFirstByteMs: 1000 };

/** The processes `pid` started (the job worker of `npm start`, api/src/platform/worker-supervisor.ts). */
function childPids(pid: number): number[] {
  try {
    return fs
      .readdirSync(`/proc/${pid}/task`)
      .flatMap((task) => fs.readFileSync(`/proc/${pid}/task/${task}/children`, 'utf8').trim().split(/\s+/))
      .filter(Boolean)
      .map(Number);
  } catch {
    return [];
  }
}

/** The running API (`npm start`, its child the worker) as the benchmark reaches it. */
export interface Api {
  base: string;
  pid: number;
  database: Config['database'];
  staff: Record<string, string>;
}

type Handle = ReturnType<typeof openDatabase>;
/** How many five-unit certificates are posted at once: a line of testers, not one. */
const ISSUERS = 8;
/** How often the benchmark asks whether an export is ready, as the staff app does once a second. */
const EXPORT_STATUS_MS = 200;

/** Issues `count` five-unit certificates of the machine through the API, ISSUERS at a time; answers their ids. */
async function issue(api: Api, machine: { brand_id: number; machine_id: number }, count: number) {
  const body = JSON.stringify({ ...CERTIFICATE_DEFAULTS, ...machine, checked_by: 'Bench', crowd: 5 });
  const ids: number[] = [];
  let next = 0;
  await Promise.all(
    Array.from({ length: ISSUERS }, async () => {
      while (next++ < count) {
        const response = await fetch(`${api.base}/api${apiPaths.certificateCreate()}`, {
          method: 'POST',
          headers: { ...api.staff, 'content-type': 'application/json' },
          body,
        });
        if (response.status !== 200) throw new Error(`burst: ${response.status} ${await response.text()}`);
        ids.push(((await response.json()) as PrintData[])[0].id);
      }
    }),
  );
  return ids;
}

/** Until every certificate of `ids` has its sealed PDF (its sealing job done); throws when one failed. */
async function untilSealed(database: Handle, ids: number[]) {
  const subjects = ids.map((id) => `certificate:${id}`);
  for (;;) {
    const rows = await database.db
      .selectFrom('jobs')
      .select(['state', (eb) => eb.fn.countAll<number>().as('count')])
      .where('kind', '=', SEAL_CERTIFICATE)
      .where('subject', 'in', subjects)
      .groupBy('state')
      .execute();
    const of = (state: string) => Number(rows.find((row) => row.state === state)?.count ?? 0);
    if (of('failed')) throw new Error(`${of('failed')} certificates could not be sealed`);
    if (of('done') >= ids.length) return;
    await sleep(100);
  }
}

/** Until the worker has nothing queued or running. */
async function untilIdle(database: Handle) {
  for (;;) {
    const busy = await database.db
      .selectFrom('jobs')
      .select((eb) => eb.fn.countAll<number>().as('count'))
      .where('state', 'in', ['queued', 'running'])
      .executeTakeFirstOrThrow();
    if (Number(busy.count) === 0) return;
    await sleep(200);
  }
}

/** An export asked for as the staff app asks for it; answers its id. */
async function askExport(api: Api, query: string, headers = api.staff) {
  const response = await fetch(`${api.base}/api/certificates/exports?${query}`, { method: 'POST', headers });
  if (response.status !== 202)
    throw new Error(`export ${query}: ${response.status} ${await response.text()}`);
  return ((await response.json()) as { id: number }).id;
}

/** Follows an export until the worker stored it, then downloads it as a browser would, and removes it. */
async function exportDownloaded(api: Api, id: number, headers = api.staff): Promise<Download> {
  const exported = `${api.base}/api/certificates/exports/${id}`;
  for (;;) {
    const { state } = (await (await fetch(exported, { headers })).json()) as { state: string };
    if (state === 'done') break;
    if (state === 'failed') throw new Error(`export ${id}: the worker failed`);
    await sleep(EXPORT_STATUS_MS);
  }
  const [download] = await downloadInThread({
    url: `${exported}/file`,
    warmUp: `${api.base}/api/healthz`,
    headers,
  });
  await fetch(exported, { method: 'DELETE', headers });
  return download;
}

/** The largest memory of its own (RssAnon) of the API and of its worker while `work` runs, sampled every 50 ms. */
async function peakMemory<T>(pid: number, work: Promise<T>) {
  let apiMb = 0;
  let workerMb = 0;
  const sample = () => {
    apiMb = Math.max(apiMb, anonMb(pid));
    for (const worker of childPids(pid)) workerMb = Math.max(workerMb, anonMb(worker));
  };
  sample();
  const watch = setInterval(sample, 50);
  try {
    return { outcome: await work, apiMb, workerMb };
  } finally {
    clearInterval(watch);
  }
}

/**
 * A burst of five-unit certificates issued, `exportsAfter` asked for right after it (account headers and query;
 * the worker takes jobs in the order they came, so they do not delay the sealing), with `extraWorkers` more
 * workers (`npm run worker`) beside npm start's own: the wall time until every certificate has its sealed PDF,
 * how many got more than one (a PDF rendered twice), and the API's and the worker's memory until the exports are
 * stored too.
 */
export async function sealBurst(
  api: Api,
  options: {
    machine: { brand_id: number; machine_id: number };
    count: number;
    extraWorkers: number;
    /** What a worker of its own needs besides this process's environment (DATABASE_URL …). */
    environment: Record<string, string>;
    exportsAfter?: { headers: Record<string, string>; query: string }[];
  },
) {
  const database = openDatabase(api.database, { queryTimeoutMs: 0 });
  const extra = Array.from({ length: options.extraWorkers }, () =>
    spawn(process.execPath, ['--enable-source-maps', 'dist/worker.js'], {
      cwd: API_DIR,
      env: { ...process.env, ...options.environment },
      stdio: ['ignore', 'ignore', 'inherit'],
    }),
  );
  try {
    const work = async () => {
      const started = performance.now();
      const ids = await issue(api, options.machine, options.count);
      const exports = await Promise.all(
        (options.exportsAfter ?? []).map(async ({ headers, query }) => ({
          headers,
          id: await askExport(api, query, headers),
        })),
      );
      await untilSealed(database, ids);
      const seconds = (performance.now() - started) / 1000;
      const stored = await Promise.all(exports.map(({ id, headers }) => exportDownloaded(api, id, headers)));
      return { ids, seconds, exportsStored: stored.filter((download) => download.status === 200).length };
    };
    const { outcome, apiMb, workerMb } = await peakMemory(api.pid, work());
    const documents = await database.db
      .selectFrom('certificate_documents')
      .select(['certificate_id', (eb) => eb.fn.countAll<number>().as('count')])
      .where('scope', '=', 'certificate')
      .where('certificate_id', 'in', outcome.ids)
      .groupBy('certificate_id')
      .execute();
    return {
      seconds: outcome.seconds,
      rate: options.count / outcome.seconds,
      renderedTwice: documents.filter((row) => Number(row.count) > 1).length,
      unsealed: outcome.ids.length - documents.length,
      exportsStored: outcome.exportsStored,
      apiMb,
      workerMb,
    };
  } finally {
    await Promise.all(
      extra.map(async (worker) => {
        if (worker.exitCode !== null || worker.signalCode !== null) return;
        const exited = new Promise((resolve) => worker.once('exit', resolve));
        worker.kill('SIGTERM');
        await exited;
      }),
    );
    await database.close();
  }
}

/**
 * The isolation windows of docs/architecture.md#budgets (isolation.ts): in each busy window a fifth of a burst is
 * issued and sealed, an export of `exportQuery` (1,000,000 unit rows at full scale) is written by the worker and
 * downloaded, twenty downloads of a 50 MB manual run and 120 wrong sign-ins arrive; the window ends when all of
 * it has. Before each idle window the worker has finished, so idle means idle.
 */
export async function heavyWindows(
  api: Api,
  options: {
    machine: { brand_id: number; machine_id: number };
    burst: number;
    exportQuery: string;
    manualMb: number;
    probes: Probe[];
    windowMs: number;
  },
) {
  const bytes = await manual(options.manualMb);
  const manualUrl = await uploadManual(api.base, api.staff, options.machine.machine_id, bytes);
  const database = openDatabase(api.database, { queryTimeoutMs: 0 });
  const exports: Download[] = [];
  const downloadsShort: string[] = [];
  const storms: Record<number, number>[] = [];
  try {
    const run = interleavedWindows({
      base: api.base,
      probes: options.probes,
      windowMs: options.windowMs,
      settle: () => untilIdle(database),
      busy: async (window) => {
        const sealed = issue(api, options.machine, options.burst / 5).then((ids) =>
          untilSealed(database, ids),
        );
        const exported = askExport(api, options.exportQuery).then((id) => exportDownloaded(api, id));
        const [, exportDownload, downloads, storm] = await Promise.all([
          sealed,
          exported,
          downloadInThread({ url: manualUrl, warmUp: `${api.base}/api/healthz`, count: 20 }),
          signInStorm(api.base, window),
        ]);
        exports.push(exportDownload);
        storms.push(storm);
        for (const download of downloads)
          if (download.status !== 200 || download.received !== bytes.length)
            downloadsShort.push(`${download.status}: ${download.received} bytes`);
      },
    });
    const { outcome: windows, apiMb, workerMb } = await peakMemory(api.pid, run);
    return {
      windows,
      exports,
      downloadsShort,
      stormsAnswered: storms.every((storm) => Object.keys(storm).every((s) => s === '401' || s === '429')),
      /** Every storm's answers together: how many of each status (0: none). */
      stormStatuses: storms.reduce<Record<number, number>>((all, storm) => {
        for (const [status, times] of Object.entries(storm))
          all[Number(status)] = (all[Number(status)] ?? 0) + times;
        return all;
      }, {}),
      apiMb,
      workerMb,
    };
  } finally {
    await database.close();
  }
}
