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
import { measure, type LoadResult } from './load';
import { populate, type Scale } from './populate';

/**
 * `npm run bench [-- --quick]`: builds a large database through the production schema, loads the running
 * API from this second process, and checks the budgets of docs/architecture.md#budgets. Every budgeted call
 * asks a different serial, sort order or word each time, as real customers and staff do: nothing is
 * answered from memory (there is no cache in the process). Exits non-zero when a budget fails.
 */
const quick = process.argv.includes('--quick');
const scale: Scale = quick
  ? { certificates: 10_000, machines: 1_000, unitsPerCertificate: 5 }
  : { certificates: 1_000_000, machines: 10_000, unitsPerCertificate: 5 };
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
/** The export's limits: the API's memory while it streams, and the wait for its first byte. */
const EXPORT_BUDGET = { memoryMb: 300, firstByteMs: 1000 };
/** The least throughput of each budgeted call, as a share of /healthz measured just before it. */
const BUDGETS: Record<string, Record<Config['database']['kind'], number>> = {
  [CUSTOMER_PAGE]: { sqlite: 0.4, postgres: 0.3 },
  [UNIT_SEARCH]: { sqlite: 0.4, postgres: 0.3 },
  [LIST_SORTS]: { sqlite: 0.4, postgres: 0.3 },
  [MACHINE_SEARCH]: { sqlite: 0.2, postgres: 0.2 },
  [AUDIT_PAGE]: { sqlite: 0.2, postgres: 0.2 },
  [FILTERED_LIST]: { sqlite: 0.2, postgres: 0.2 },
  [UNITS_BY_BRAND]: { sqlite: 0.2, postgres: 0.2 },
  [TOP_MACHINES]: { sqlite: 0.2, postgres: 0.2 },
  [UNITS_BY_CHECKER]: { sqlite: 0.2, postgres: 0.2 },
};
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

/** Downloads one export as a browser would, reading as it arrives, while watching the API's memory. */
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
    const response = await fetch(`${base}/api/certificates/export?${query}`, { headers });
    if (!response.ok || !response.body) throw new Error(`export ${query}: ${response.status}`);
    let firstByteMs = 0;
    let bytes = 0;
    for await (const chunk of response.body) {
      if (!bytes) firstByteMs = Math.round(performance.now() - started);
      bytes += (chunk as Uint8Array).byteLength;
    }
    const seconds = (performance.now() - started) / 1000;
    return { format, units, bytes, firstByteMs, seconds, peakAnonMb, peakRssMb } satisfies ExportResult;
  } finally {
    clearInterval(watch);
  }
}

async function runTarget(target: Target) {
  const seeded = Date.now();
  // Building a million rows takes longer than any request may.
  const database = openDatabase(target.location, { queryTimeoutMs: 0 });
  await migrate(database.db);
  const userId = await usersRepository(database.db).add(BENCH_USER);
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
    const { token } = (await (
      await fetch(`${base}/api/login`, {
        method: 'POST',
        body: login,
        headers: { 'content-type': 'application/json' },
      })
    ).json()) as { token: string };
    const staff = { authorization: token };
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
    ]) {
      // This machine's speed drifts within a run; each budgeted call is compared with a /healthz measured
      // just before it, not with one from minutes earlier.
      const baseline = BUDGETS[load.name] ? await measure(base, BASELINE, seconds) : undefined;
      results.push({ ...(await measure(base, load, seconds)), baseline: baseline?.rps });
    }
    // Exports last: the 1,000,000 unit rows an audit asks for, once as XLSX and once as CSV.
    const exportQuery = `rows=units&to=${berlinIsoDate(new Date(exportEnd.created_at))}`;
    const exportUnits = exportCertificates * scale.unitsPerCertificate;
    const exports = [
      await measureExport(base, server.pid!, `format=xlsx&${exportQuery}`, exportUnits, staff),
      await measureExport(base, server.pid!, `format=csv&${exportQuery}`, exportUnits, staff),
    ];
    return { seedSeconds, results, exports, peakMemoryMb: memoryMb(server.pid!) };
  } finally {
    server.kill('SIGTERM');
    await new Promise((r) => server.once('exit', r));
  }
}

const targets = [await sqliteTarget()];
if (process.env.TEST_DATABASE_URL) targets.push(await postgresTarget(process.env.TEST_DATABASE_URL));
let failed = false;
console.log(
  `Benchmark: ${scale.certificates.toLocaleString('en')} certificates, ${(scale.certificates * scale.unitsPerCertificate).toLocaleString('en')} unit serials, ${scale.machines.toLocaleString('en')} machines; ${seconds} s per call.\n` +
    'Every budgeted call asks a different serial, sort order or word each time; the 304 row is what HTTP\n' +
    'caching gives a repeat.\n',
);
for (const target of targets) {
  try {
    const { seedSeconds, results, exports, peakMemoryMb: memory } = await runTarget(target);
    console.log(`${target.kind}: data built in ${seedSeconds.toFixed(1)} s; API peak memory ${memory} MB`);
    console.table(
      results.map((r) => {
        const budget = BUDGETS[r.name]?.[target.kind];
        const ratio = r.rps / (r.baseline ?? results[0].rps);
        const ok = budget === undefined || ratio >= budget;
        // The budget speaks of a million certificates; the quick run only proves the benchmark still works.
        if ((!ok && !quick) || r.failures > 0) failed = true;
        const verdict = ok ? 'ok' : quick ? '(not at this scale)' : 'FAILED';
        return {
          call: r.name,
          'req/s': r.rps,
          'p50 ms': r.p50,
          'p99 ms': r.p99,
          'healthz just before': r.baseline ?? '',
          // Rounded down, so that 0.199 reads 0.19 beside its failed budget of 0.20, not 0.20.
          'vs healthz': r.method === 'POST' ? '' : (Math.floor(ratio * 100) / 100).toFixed(2),
          failures: r.failures,
          budget: budget === undefined ? '' : `≥ ${budget.toFixed(2)} ${verdict}`,
        };
      }),
    );
    console.table(
      exports.map((e) => {
        const ok = e.peakAnonMb < EXPORT_BUDGET.memoryMb && e.firstByteMs < EXPORT_BUDGET.firstByteMs;
        // Below a million rows the memory figure says little; the quick run only proves the export works.
        if (!ok && !quick) failed = true;
        return {
          export: `${e.units.toLocaleString('en')} unit rows as ${e.format.toUpperCase()}`,
          'first byte ms': e.firstByteMs,
          seconds: e.seconds.toFixed(1),
          'rows/s': Math.round(e.units / e.seconds),
          MB: (e.bytes / 1e6).toFixed(1),
          'API memory MB (peak)': e.peakAnonMb,
          'with mapped db file': e.peakRssMb,
          budget: `< ${EXPORT_BUDGET.memoryMb} MB, first byte < ${EXPORT_BUDGET.firstByteMs} ms ${ok ? 'ok' : quick ? '(not at this scale)' : 'FAILED'}`,
        };
      }),
    );
  } finally {
    await target.drop();
  }
}
process.exit(failed ? 1 : 0);
