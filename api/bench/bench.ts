import { spawn } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { CERTIFICATE_DEFAULTS, CERTIFICATE_SORTS, addMonths, berlinIsoDate } from 'contracts';
import { sql } from 'kysely';
import pg from 'pg';
import type { Config } from '../src/config';
import { migrate, openDatabase } from '../src/db/database';
import { usersRepository } from '../src/modules/users/users.repository';
import { API_DIR, START_ARGS, freePort } from '../src/test/server-process';
import { HEAVY_BUDGET, heavyWindows, sealBurst, type Api } from './heavy-work';
import { isolationVerdict, type Probe } from './isolation';
import { measure, type LoadResult } from './load';
import { populate, type Scale } from './populate';

/**
 * `npm run bench [-- --quick]`: builds a large and a small database through the production schema, loads the
 * running API from this second process, and checks the budgets of docs/architecture.md#budgets: the heavy work
 * (heavy-work.ts: a burst of certificates sealed with five exports queued after it, the time and the API's memory;
 * on PostgreSQL one worker against two; the p99 of light calls in interleaved idle and busy windows while
 * certificates seal, an export is written and downloaded, manuals are downloaded and sign-ins fail), and scale
 * (each hot read at the large database against the small one). Every call asks a different serial, sort order or word each time, as real customers and
 * staff do: nothing is answered from memory (there is no cache in the process). Exits non-zero when a budget
 * fails. Throughput as a share of /healthz is shown as a figure, no longer a budget.
 */
const quick = process.argv.includes('--quick');
const scale: Scale = quick
  ? { certificates: 10_000, machines: 1_000, unitsPerCertificate: 5 }
  : { certificates: 1_000_000, machines: 10_000, unitsPerCertificate: 5 };
/**
 * The same hot reads at a hundredth of the certificates: the scale budget compares the two in one run. The
 * catalogue stays the same size: the budget asks how the reads grow with the certificates, and with ten times the
 * machines a search word named ten times the machines, so the machine search's row measured the catalogue.
 */
const smallScale: Scale = { ...scale, certificates: scale.certificates / 100 };
const seconds = quick ? 3 : 10;
const BENCH_USER = { email: 'bench@example.com', password: 'bench-Passwort-123' };
const CUSTOMER_PAGE = 'customer page with a serial, a different serial each time';
const UNIT_SEARCH = 'search by a whole unit serial, a different one each time';
const LIST_SORTS = 'certificate list page 1, each sort order in turn';
const MACHINE_SEARCH = 'machine search, a different word each time';
const AUDIT_PAGE = 'audit trail, a page further back each time';
const FILTERED_LIST = 'certificate list filtered by brand and a week, a different pair each time';
const UNITS_BY_BRAND = 'chart: units per month by brand, 24 months ending in a different month';
const TOP_MACHINES = 'chart: top 10 machines of a month, a different month each time';
const UNITS_BY_CHECKER = 'chart: units per checker per month, 24 months ending in a different month';
/** The export a quality department makes for an audit: about this many unit rows (all there are when fewer). */
const EXPORT_UNITS = 1_000_000;
/**
 * Each hot read at the large scale keeps at least `scale` of its own throughput at the small one. The budgets of
 * the heavy work are heavy-work.ts's and isolation.ts's.
 */
const BUDGET = { scale: 0.5 };
/** The burst of five-unit certificates (heavy-work.ts); the isolation windows issue as many, a fifth in each. */
const BURST = quick ? 100 : 1_000;
/** The hot reads: compared between the two scales, and shown as a share of /healthz. */
const HOT_READS = new Set([
  CUSTOMER_PAGE,
  UNIT_SEARCH,
  LIST_SORTS,
  MACHINE_SEARCH,
  AUDIT_PAGE,
  FILTERED_LIST,
  UNITS_BY_BRAND,
  TOP_MACHINES,
  UNITS_BY_CHECKER,
]);
/** The accounts that ask for the five exports after the burst: two each, the most one account may run. */
const EXPORTERS = [
  BENCH_USER,
  { email: 'bench2@example.com', password: BENCH_USER.password },
  { email: 'bench3@example.com', password: BENCH_USER.password },
];
const BASELINE = { name: 'healthz (baseline)', path: '/api/healthz' };
/** How many different serials the "a different one each time" calls take in turn. */
const SAMPLES = 100_000;

function shuffle<T>(items: T[]): T[] {
  for (let i = items.length - 1; i > 0; i--) {
    const j = crypto.randomInt(i + 1);
    [items[i], items[j]] = [items[j], items[i]];
  }
  return items;
}

interface Target {
  kind: Config['database']['kind'];
  location: Config['database'];
  drop(): Promise<void>;
}

async function sqliteTarget(): Promise<Target> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'pb-bench-'));
  return {
    kind: 'sqlite',
    location: { kind: 'sqlite', file: path.join(dir, 'bench.db') },
    drop: async () => fs.rmSync(dir, { recursive: true, force: true }),
  };
}

async function postgresTarget(url: string): Promise<Target> {
  const name = `pb_bench_${crypto.randomBytes(4).toString('hex')}`;
  const admin = async (statement: string) => {
    const client = new pg.Client({ connectionString: url });
    await client.connect();
    await client.query(statement);
    await client.end();
  };
  await admin(`create database ${name}`);
  const target = new URL(url);
  target.pathname = `/${name}`;
  return {
    kind: 'postgres',
    location: { kind: 'postgres', url: target.toString() },
    drop: () => admin(`drop database ${name} with (force)`),
  };
}

const databaseUrl = (location: Config['database']) =>
  location.kind === 'sqlite' ? `sqlite:${location.file}` : location.url;

/** The process's largest resident memory so far (VmHWM) in MB. */
function peakMemoryMb(pid: number): number {
  const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
  return Math.round(Number(/VmHWM:\s+(\d+)/.exec(status)?.[1] ?? 0) / 1024);
}

/** One database at `scale` and the API on it; `readsOnly` measures the hot reads alone (the small scale). */
async function runTarget(target: Target, scale: Scale, readsOnly = false) {
  const seeded = Date.now();
  // Building a million rows takes longer than any request may.
  const database = openDatabase(target.location, { queryTimeoutMs: 0 });
  await migrate(database.db);
  const userId = await usersRepository(database.db).add(BENCH_USER);
  for (const exporter of EXPORTERS.slice(1)) await usersRepository(database.db).add(exporter);
  await populate(database, scale, userId);
  // About 100,000 units spread over the whole table, in random order: enough that no run asks one twice.
  const units = scale.certificates * scale.unitsPerCertificate;
  const samples = shuffle(
    await database.db
      .selectFrom('certificate_units')
      .innerJoin('certificates', 'certificates.id', 'certificate_units.certificate_id')
      .select(['certificate_units.serial', 'certificates.machine_id', 'certificates.brand_id'])
      .where(sql<boolean>`certificate_units.id % ${Math.max(1, Math.floor(units / SAMPLES))} = 0`)
      .execute(),
  );
  const sample = samples[0];
  // The days and months the generated certificates were issued in, and the issue day that ends an export of
  // about EXPORT_UNITS unit rows (the newest certificates come first, so it starts at the oldest).
  const times = await database.db
    .selectFrom('certificates')
    .select((eb) => [eb.fn.min('created_at').as('first'), eb.fn.max('created_at').as('last')])
    .executeTakeFirstOrThrow();
  const exportCertificates = Math.min(scale.certificates, EXPORT_UNITS / scale.unitsPerCertificate);
  const exportEnd = await database.db
    .selectFrom('certificates')
    .select('created_at')
    .orderBy('id')
    .offset(exportCertificates - 1)
    .limit(1)
    .executeTakeFirstOrThrow();
  const brands = await database.db.selectFrom('brands').select('id').execute();
  await database.close();
  const firstDay = Date.parse(String(times.first));
  const days = Math.max(1, Math.ceil((Date.parse(String(times.last)) - firstDay) / 86_400_000));
  const dayAfter = (n: number) => berlinIsoDate(new Date(firstDay + n * 86_400_000));
  const firstMonth = String(times.first).slice(0, 7);
  const months = Math.max(1, Math.round(days / 30));
  const seedSeconds = (Date.now() - seeded) / 1000;

  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const environment = {
    DATABASE_URL: databaseUrl(target.location),
    DEMO_SEED: '0',
    LOG_LEVEL: 'warn',
    // One load generator is one client address; the limit per address is not what is measured.
    PUBLIC_RATE_LIMIT: '1000000000',
    DOWNLOADS_PER_ADDRESS: '10000',
    // The storm of sign-ins claims eight client addresses through X-Forwarded-For.
    TRUST_PROXY: '127.0.0.1',
  };
  const server = spawn(process.execPath, START_ARGS, {
    cwd: API_DIR,
    env: { ...process.env, ...environment, PORT: String(port), HOST: '127.0.0.1' },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  try {
    for (let i = 0; ; i++) {
      if (i > 300) throw new Error('the API did not start');
      const ready = await fetch(`${base}/api/readyz`).then(
        (r) => r.ok,
        () => false,
      );
      if (ready) break;
      await new Promise((r) => setTimeout(r, 100));
    }
    const login = JSON.stringify({ username: BENCH_USER.email, password: BENCH_USER.password });
    const tokenOf = async (user: typeof BENCH_USER) =>
      (
        (await (
          await fetch(`${base}/api/login`, {
            method: 'POST',
            body: JSON.stringify({ username: user.email, password: user.password }),
            headers: { 'content-type': 'application/json' },
          })
        ).json()) as { token: string }
      ).token;
    const staff = { authorization: await tokenOf(BENCH_USER) };
    const sorts = CERTIFICATE_SORTS.flatMap((sort) =>
      ['asc', 'desc'].map((order) => `/api/certificates?page=1&per_page=10&sort=${sort}&order=${order}`),
    );
    // The heavy work first, on a quiet worker: the load rows below issue certificates whose sealing would run
    // into it.
    const api: Api = { base, pid: server.pid!, database: target.location, staff };
    const machine = { brand_id: sample.brand_id, machine_id: sample.machine_id };
    const exportTo = `to=${berlinIsoDate(new Date(exportEnd.created_at))}`;
    const exporters = await Promise.all(
      EXPORTERS.map(async (user) => ({ authorization: await tokenOf(user) })),
    );
    const burst = { machine, count: BURST, environment };
    const heavy = readsOnly
      ? undefined
      : {
          exportUnits: exportCertificates * scale.unitsPerCertificate,
          // The budget's export first, then four of certificate rows, from three accounts (two each at most).
          sealing: await sealBurst(api, {
            ...burst,
            extraWorkers: 0,
            exportsAfter: [
              `format=csv&rows=units&${exportTo}`,
              `format=xlsx&rows=certificates&${exportTo}`,
              `format=csv&rows=certificates&${exportTo}`,
              `format=xlsx&rows=certificates&${exportTo}`,
              `format=csv&rows=certificates&${exportTo}`,
            ].map((query, i) => ({ query, headers: exporters[Math.floor(i / 2)] })),
          }),
          twoWorkers:
            target.kind === 'postgres' ? await sealBurst(api, { ...burst, extraWorkers: 1 }) : undefined,
          isolation: await heavyWindows(api, {
            machine,
            burst: BURST,
            exportQuery: `format=csv&rows=units&${exportTo}`,
            manualMb: quick ? 5 : 50,
            windowMs: quick ? 2000 : 5000,
            probes: [
              { name: 'healthz', paths: ['/api/healthz'] },
              {
                name: 'customer call',
                paths: samples.map((s) => `/api/brandMachineById/${s.machine_id}?serial=${s.serial}`),
              },
              { name: 'certificate list page', paths: sorts, headers: staff },
            ] satisfies Probe[],
          }),
        };
    const deepPage = Math.floor(scale.certificates / 10 / 2);
    const create = JSON.stringify({
      ...CERTIFICATE_DEFAULTS,
      brand_id: sample.brand_id,
      machine_id: sample.machine_id,
      checked_by: 'Bench',
      crowd: 10,
    });
    const results: (LoadResult & { baseline?: number })[] = [];
    // Each customer page once, so its ETag can be sent back.
    const customerPath = `/api/brandMachineById/${sample.machine_id}?serial=${sample.serial}`;
    const etag = (await fetch(base + customerPath)).headers.get('etag')!;
    // Words staff type: a part of an article number, three digits or more so it names a few machines.
    const words = shuffle(Array.from({ length: scale.machines - 99 }, (_, i) => String(100 + i)));
    for (const load of [
      BASELINE,
      {
        name: CUSTOMER_PAGE,
        path: samples.map((s) => `/api/brandMachineById/${s.machine_id}?serial=${s.serial}`),
      },
      {
        name: 'customer page asked again with its ETag (304)',
        path: customerPath,
        headers: { 'if-none-match': etag },
        status: 304 as const,
      },
      {
        name: UNIT_SEARCH,
        path: samples.map((s) => `/api/certificates?search=${s.serial}`),
        headers: staff,
      },
      { name: LIST_SORTS, path: sorts, headers: staff },
      {
        name: `certificate list, a page near ${deepPage.toLocaleString('en')}, a different one each time`,
        path: Array.from(
          { length: deepPage },
          (_, i) => `/api/certificates?page=${Math.ceil(deepPage / 2) + i}&per_page=10`,
        ),
        headers: staff,
      },
      { name: MACHINE_SEARCH, path: words.map((w) => `/api/machines?search=${w}`), headers: staff },
      {
        name: AUDIT_PAGE,
        path: shuffle(Array.from({ length: SAMPLES }, (_, i) => i)).map(
          (i) => `/api/audit?action=certificate.issued&before=${1 + (i % scale.certificates)}`,
        ),
        headers: staff,
      },
      {
        name: FILTERED_LIST,
        path: Array.from({ length: SAMPLES }, () => {
          const day = crypto.randomInt(Math.max(1, days - 6));
          const brand = brands[crypto.randomInt(brands.length)].id;
          return `/api/certificates?brand_id=${brand}&from=${dayAfter(day)}&to=${dayAfter(day + 6)}`;
        }),
        headers: staff,
      },
      {
        name: UNITS_BY_BRAND,
        path: Array.from(
          { length: months },
          (_, i) => `/api/reports/units-by-brand?to=${addMonths(firstMonth, i)}`,
        ),
        headers: staff,
      },
      {
        name: TOP_MACHINES,
        path: Array.from({ length: months }, (_, i) => {
          return `/api/reports/top-machines?period=${addMonths(firstMonth, i)}`;
        }),
        headers: staff,
      },
      {
        name: UNITS_BY_CHECKER,
        path: Array.from(
          { length: months },
          (_, i) => `/api/reports/units-by-checker?to=${addMonths(firstMonth, i)}`,
        ),
        headers: staff,
      },
      { name: 'login', path: '/api/login', method: 'POST' as const, body: login, connections: 4 },
      {
        name: 'create certificate, 10 units',
        path: '/api/certificate',
        method: 'POST' as const,
        body: create,
        headers: staff,
      },
    ].filter((load) => !readsOnly || HOT_READS.has(load.name) || load === BASELINE)) {
      // This machine's speed drifts within a run; each hot read is shown beside a /healthz measured just
      // before it, not one from minutes earlier.
      const baseline = HOT_READS.has(load.name) ? await measure(base, BASELINE, seconds) : undefined;
      results.push({ ...(await measure(base, load, seconds)), baseline: baseline?.rps });
    }
    return { seedSeconds, results, peakMemoryMb: peakMemoryMb(server.pid!), heavy };
  } finally {
    server.kill('SIGTERM');
    await new Promise((r) => server.once('exit', r));
  }
}

/** `--only=sqlite` or `--only=postgres`: one database's run (the full scale takes long on each). */
const only = process.argv.find((arg) => arg.startsWith('--only='))?.slice('--only='.length);
const kinds = (
  (process.env.TEST_DATABASE_URL ? ['sqlite', 'postgres'] : ['sqlite']) as Target['kind'][]
).filter((kind) => !only || kind === only);
if (!kinds.length)
  throw new Error(`--only=${only}: no such database here (postgres needs TEST_DATABASE_URL)`);
const targetOf = (kind: Target['kind']) =>
  kind === 'sqlite' ? sqliteTarget() : postgresTarget(process.env.TEST_DATABASE_URL!);
let failed = false;
/** A budget's verdict; under --quick, where the data is too small to mean anything, shown and not enforced. */
function verdict(ok: boolean) {
  if (!ok && !quick) failed = true;
  return ok ? 'ok' : quick ? '(not at this scale)' : 'FAILED';
}
const count = (n: number) => n.toLocaleString('en');
console.log(
  `Benchmark: ${count(scale.certificates)} certificates, ${count(scale.certificates * scale.unitsPerCertificate)} unit serials, ${count(scale.machines)} machines (the scale rows also at ${count(smallScale.certificates)} certificates); ${seconds} s per call.\n` +
    'Every call asks a different serial, sort order or word each time; the 304 row is what HTTP caching gives a\n' +
    'repeat. Under --quick the data is too small for the budgets to mean anything: they are shown, not enforced.\n',
);
for (const kind of kinds) {
  const smallTarget = await targetOf(kind);
  let small;
  try {
    small = await runTarget(smallTarget, smallScale, true);
  } finally {
    await smallTarget.drop();
  }
  const target = await targetOf(kind);
  try {
    const run = await runTarget(target, scale);
    const heavy = run.heavy;
    if (!heavy) throw new Error('the large scale is measured in full');
    const { seedSeconds, results, peakMemoryMb: memory } = run;
    console.log(`${kind}: data built in ${seedSeconds.toFixed(1)} s; API peak memory ${memory} MB`);
    console.table(
      results.map((r) => {
        const ratio = r.rps / (r.baseline ?? results[0].rps);
        if (r.failures > 0) failed = true;
        return {
          call: r.name,
          'req/s': r.rps,
          'p50 ms': r.p50,
          'p99 ms': r.p99,
          'healthz just before': r.baseline ?? '',
          // A figure, no longer a budget: it got harder whenever the shared request path got faster.
          // Rounded down, so that 0.199 reads 0.19.
          'vs healthz': r.method === 'POST' ? '' : (Math.floor(ratio * 100) / 100).toFixed(2),
          failures: r.failures,
        };
      }),
    );
    console.log(
      `Scale: each hot read at ${count(scale.certificates)} against ${count(smallScale.certificates)} certificates`,
    );
    console.table(
      results
        .filter((r) => HOT_READS.has(r.name))
        .map((r) => {
          const before = small.results.find((s) => s.name === r.name)!;
          const ratio = r.rps / before.rps;
          return {
            call: r.name,
            [`req/s at ${count(smallScale.certificates)}`]: before.rps,
            [`req/s at ${count(scale.certificates)}`]: r.rps,
            kept: (Math.floor(ratio * 100) / 100).toFixed(2),
            budget: `≥ ${BUDGET.scale.toFixed(2)} ${verdict(ratio >= BUDGET.scale)}`,
          };
        }),
    );
    const { sealing, twoWorkers, isolation } = heavy;
    console.log('Sealing: a burst of five-unit certificates, five exports asked for right after it');
    console.table(
      (
        [
          ['one worker, then five exports', sealing],
          ...(twoWorkers ? [['two workers', twoWorkers] as const] : []),
        ] as const
      ).map(([workers, run]) => ({
        [`${count(BURST)} certificates`]: workers,
        'sealed after s': run.seconds.toFixed(1),
        'certificates/s': run.rate.toFixed(1),
        'rendered twice': run.renderedTwice,
        unsealed: run.unsealed,
        'API memory MB (peak)': run.apiMb,
        'worker memory MB (peak)': run.workerMb,
      })),
    );
    const clean = [sealing, twoWorkers].every(
      (run) => !run || (run.renderedTwice === 0 && run.unsealed === 0),
    );
    if (!clean || sealing.exportsStored < 5) failed = true;
    console.log(
      `Sealed within ${HEAVY_BUDGET.sealSeconds} s with one worker: ${verdict(sealing.seconds < HEAVY_BUDGET.sealSeconds)}; ` +
        `the API under ${HEAVY_BUDGET.apiMb} MB meanwhile, the five exports (the first ${count(heavy.exportUnits)} unit rows) stored: ${verdict(sealing.apiMb < HEAVY_BUDGET.apiMb)}, ${sealing.exportsStored} of 5` +
        (twoWorkers ? `; two workers faster: ${verdict(twoWorkers.seconds < sealing.seconds)}` : ''),
    );
    for (const failure of isolationVerdict(isolation.windows, 'sealing, exporting, downloading, signing in'))
      console.log(`Isolation: ${failure} ${verdict(false)}`);
    const slowestExport = Math.round(Math.max(...isolation.exports.map((e) => e.firstByteMs)));
    console.table([
      {
        'API memory MB (peak)': isolation.apiMb,
        'worker memory MB (peak)': isolation.workerMb,
        'exports downloaded': `${isolation.exports.filter((e) => e.status === 200).length} × ${(isolation.exports[0].received / 1e6).toFixed(1)} MB`,
        'export first byte ms (slowest)': slowestExport,
        'sign-in storms: answers': Object.entries(isolation.stormStatuses)
          .map(([status, times]) => `${times}× ${status}`)
          .join(', '),
        'downloads cut short': isolation.downloadsShort.length,
        budget: `first byte < ${HEAVY_BUDGET.exportFirstByteMs} ms ${verdict(slowestExport < HEAVY_BUDGET.exportFirstByteMs)}`,
      },
    ]);
    if (!isolation.stormsAnswered || isolation.downloadsShort.length) failed = true;
    if (isolation.exports.some((e) => e.status !== 200)) failed = true;
  } finally {
    await target.drop();
  }
}
process.exit(failed ? 1 : 0);
