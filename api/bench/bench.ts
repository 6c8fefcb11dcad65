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
import { setTimeout as sleep } from 'node:timers/promises';
import { downloadInThread } from './downloads';
import { latencyWhile, signInStorm, type Probe, type ProbeResult } from './isolation';
import { measure, type LoadResult } from './load';
import { populate, type Scale } from './populate';

/**
 * `npm run bench [-- --quick]`: builds a large and a small database through the production schema, loads the
 * running API from this second process, and checks the budgets of docs/architecture.md#budgets: isolation
 * (the p99 of light calls while an export or a storm of sign-ins runs, against their idle p99), the memory
 * of five concurrent exports, an export's first byte, and scale (each hot read at the large database against
 * the small one). Every call asks a different serial, sort order or word each time, as real customers and
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
 * The budgets (docs/architecture.md#budgets): an export's first byte; the API's memory (RssAnon) with five
 * exports at once; a watched call's p99 while heavy work runs at most `isolation` times its idle p99; each hot
 * read at the large scale at least `scale` of its own throughput at the small one.
 */
const BUDGET = { firstByteMs: 1000, fiveExportsMb: 400, isolation: 2, scale: 0.5 };
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
/** Accounts that export at once in the five-exports row: two each, the most one account may run. */
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

function memoryMb(pid: number, field: 'VmHWM' | 'VmRSS' | 'RssAnon' = 'VmHWM'): number {
  const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
  return Math.round(Number(new RegExp(`${field}:\\s+(\\d+)`).exec(status)?.[1] ?? 0) / 1024);
}

export interface ExportResult {
  format: string;
  units: number;
  bytes: number;
  firstByteMs: number;
  seconds: number;
  /**
   * The API's largest memory of its own while it streamed (heap, buffers: RssAnon), sampled every 50 ms; and
   * its largest resident memory including SQLite's memory-mapped database file, which is the page cache's.
   */
  peakAnonMb: number;
  peakRssMb: number;
}

/** Downloads one export as a browser would, reading as it arrives (downloads.ts), while watching the API's memory. */
async function measureExport(
  base: string,
  pid: number,
  query: string,
  units: number,
  headers: Record<string, string>,
) {
  const format = new URLSearchParams(query).get('format')!;
  let peakAnonMb = 0;
  let peakRssMb = 0;
  const sample = () => {
    peakAnonMb = Math.max(peakAnonMb, memoryMb(pid, 'RssAnon'));
    peakRssMb = Math.max(peakRssMb, memoryMb(pid, 'VmRSS'));
  };
  sample();
  const watch = setInterval(sample, 50);
  const started = performance.now();
  try {
    const [download] = await downloadInThread({
      url: `${base}/api/certificates/export?${query}`,
      warmUp: `${base}/api/healthz`,
      headers,
    });
    if (download.status !== 200) throw new Error(`export ${query}: ${download.status}`);
    const firstByteMs = Math.round(download.firstByteMs);
    const bytes = download.received;
    const seconds = (performance.now() - started) / 1000;
    return { format, units, bytes, firstByteMs, seconds, peakAnonMb, peakRssMb } satisfies ExportResult;
  } finally {
    clearInterval(watch);
  }
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
  const server = spawn(process.execPath, START_ARGS, {
    cwd: API_DIR,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATABASE_URL: databaseUrl(target.location),
      DEMO_SEED: '0',
      LOG_LEVEL: 'warn',
      // One load generator is one client address; the limit per address is not what is measured.
      PUBLIC_RATE_LIMIT: '1000000000',
      // The storm of sign-ins claims eight client addresses through X-Forwarded-For.
      TRUST_PROXY: '127.0.0.1',
    },
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
    const sorts = CERTIFICATE_SORTS.flatMap((sort) =>
      ['asc', 'desc'].map((order) => `/api/certificates?page=1&per_page=10&sort=${sort}&order=${order}`),
    );
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
    if (readsOnly) return { seedSeconds, results, peakMemoryMb: memoryMb(server.pid!) };

    // Isolation: /healthz, the customer call and a list page asked one at a time, idle and while heavy work runs.
    const probes: Probe[] = [
      { name: 'healthz', paths: ['/api/healthz'] },
      {
        name: 'customer call',
        paths: samples.map((s) => `/api/brandMachineById/${s.machine_id}?serial=${s.serial}`),
      },
      { name: 'certificate list page', paths: sorts, headers: staff },
    ];
    const idle = (await latencyWhile(base, probes, sleep(seconds * 1000))).results;
    // The 1,000,000 unit rows an audit asks for, as XLSX and as CSV, each watched by the probes.
    const exportQuery = `rows=units&to=${berlinIsoDate(new Date(exportEnd.created_at))}`;
    const exportUnits = exportCertificates * scale.unitsPerCertificate;
    const exportOf = (format: string, headers = staff) =>
      measureExport(base, server.pid!, `format=${format}&${exportQuery}`, exportUnits, headers);
    /** `answered`: whether the heavy work itself got its answers (every sign-in a 401 or 429). */
    const watched: { situation: string; results: ProbeResult[]; detail: string; answered: boolean }[] = [];
    const exports: ExportResult[] = [];
    for (const format of ['csv', 'xlsx']) {
      const { results: during, outcome } = await latencyWhile(base, probes, exportOf(format));
      exports.push(outcome);
      watched.push({
        situation: `export of ${exportUnits.toLocaleString('en')} unit rows as ${format.toUpperCase()}`,
        results: during,
        detail: `${outcome.seconds.toFixed(1)} s`,
        answered: true,
      });
    }
    const { results: during, outcome: storm } = await latencyWhile(base, probes, signInStorm(base, 0));
    watched.push({
      situation: '120 parallel wrong sign-ins from 8 addresses',
      results: during,
      detail: Object.entries(storm)
        .map(([status, count]) => `${count}× ${status}`)
        .join(', '),
      answered: Object.keys(storm).every((status) => status === '401' || status === '429'),
    });
    // Five exports at once from three accounts (two each at most), alternately CSV and XLSX.
    const tokens = await Promise.all(EXPORTERS.map(tokenOf));
    const five = await Promise.allSettled(
      Array.from({ length: 5 }, (_, i) =>
        exportOf(i % 2 ? 'xlsx' : 'csv', { authorization: tokens[Math.floor(i / 2)] }),
      ),
    );
    const fiveExports = {
      peakAnonMb: Math.max(...five.map((r) => (r.status === 'fulfilled' ? r.value.peakAnonMb : 0))),
      finished: five.filter((r) => r.status === 'fulfilled').length,
      seconds: Math.max(...five.map((r) => (r.status === 'fulfilled' ? r.value.seconds : 0))),
    };
    return {
      seedSeconds,
      results,
      peakMemoryMb: memoryMb(server.pid!),
      heavy: { idle, watched, exports, fiveExports },
    };
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
    console.log('Isolation: p99 of calls asked one at a time, idle and while heavy work runs');
    console.table(
      heavy.watched.flatMap(({ situation, results: during, detail, answered }) =>
        during.map((r) => {
          if (!answered) failed = true;
          const quiet = heavy.idle.find((i) => i.name === r.name)!;
          const ratio = r.p99 / quiet.p99;
          if (r.failures > 0) failed = true;
          return {
            while: `${situation} (${detail})`,
            call: r.name,
            'idle p99 ms': quiet.p99,
            'p50 ms': r.p50,
            'p99 ms': r.p99,
            asked: r.count,
            failures: r.failures,
            'p99 vs idle': ratio.toFixed(2),
            budget: `≤ ${BUDGET.isolation} ${verdict(ratio <= BUDGET.isolation)}`,
          };
        }),
      ),
    );
    console.table(
      heavy.exports.map((e) => ({
        export: `${count(e.units)} unit rows as ${e.format.toUpperCase()}`,
        'first byte ms': e.firstByteMs,
        seconds: e.seconds.toFixed(1),
        'rows/s': Math.round(e.units / e.seconds),
        MB: (e.bytes / 1e6).toFixed(1),
        'API memory MB (peak)': e.peakAnonMb,
        'with mapped db file': e.peakRssMb,
        budget: `first byte < ${BUDGET.firstByteMs} ms ${verdict(e.firstByteMs < BUDGET.firstByteMs)}`,
      })),
    );
    const five = heavy.fiveExports;
    if (five.finished < 5) failed = true;
    console.table([
      {
        'five exports at once': `${five.finished} of 5 finished, the last after ${five.seconds.toFixed(1)} s`,
        'API memory MB (peak)': five.peakAnonMb,
        budget: `< ${BUDGET.fiveExportsMb} MB ${verdict(five.peakAnonMb < BUDGET.fiveExportsMb)}`,
      },
    ]);
  } finally {
    await target.drop();
  }
}
process.exit(failed ? 1 : 0);
