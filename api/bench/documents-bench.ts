import crypto from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import { apiPaths, type Landing } from 'contracts';
import { PDFDocument } from 'pdf-lib';
import { anonMb, benchApi } from './bench-api';
import { downloadInThread } from './downloads';
import { compareWithIdle, latencyWhile, type Probe } from './isolation';

/**
 * `npm run bench` (scripts/bench.mjs): the documents behind the QR code (docs/decisions/0012-documents.md) under
 * load. Twenty phones (25 Mbit/s each) download the same 50 MB manual at once (5 MB with --quick): the API's memory of its own
 * (RssAnon) stays below 400 MB, because a document is streamed from its chunks and never held whole; each
 * download's first byte comes within 300 ms; a byte range is answered 206 with exactly those bytes; and the p99
 * of /healthz and the customer call stays at most twice its idle p99 meanwhile. Exits 1 when a budget fails.
 */
const quick = process.argv.includes('--quick');
const MANUAL_MB = quick ? 5 : 50;
const DOWNLOADS = 20;
/** Each phone's link: a good 4G connection, 25 Mbit/s (about 3 MB/s); twenty of them take 60 MB/s from the API. */
const PHONE_MBIT = 25;
const BUDGET = { memoryMb: 400, firstByteMs: 300, isolation: 2 };
const USER = { email: 'bench-documents@example.com', password: 'bench-Dokumente-123' };

/** A one-page PDF carrying `megabytes` of incompressible data in a stream object, as a scanned manual does. */
async function manual(megabytes: number): Promise<Buffer> {
  const document = await PDFDocument.create();
  document.addPage().drawText('Betriebsanleitung (Bench)', { x: 50, y: 700 });
  document.context.register(document.context.stream(crypto.randomBytes(megabytes * 1024 * 1024)));
  return Buffer.from(await document.save());
}

async function main() {
  const { server, staff, machine, stop } = await benchApi('documents', USER, 'BE');
  const failures: string[] = [];
  try {
    const bytes = await manual(MANUAL_MB);
    const form = new FormData();
    form.append('kind', 'instructions');
    form.append('language', 'de');
    form.append('valid_from', '2024-01-01');
    form.append('file', new Blob([bytes], { type: 'application/pdf' }), 'anleitung.pdf');
    const uploaded = await fetch(`${server.base}/api${apiPaths.machineDocuments(machine.id)}`, {
      method: 'POST',
      headers: staff,
      body: form,
    });
    if (uploaded.status !== 201) throw new Error(`upload: ${uploaded.status} ${await uploaded.text()}`);
    const landingPath = `/api${apiPaths.landing(machine.id)}`;
    const landing = (await (await fetch(`${server.base}${landingPath}`)).json()) as Landing;
    const url = `${server.base}/api${landing.documents![0].href}`;

    const range = await fetch(url, { headers: { range: 'bytes=1000000-1000099' } });
    const rangeBytes = Buffer.from(await range.arrayBuffer());
    const rangeOk = range.status === 206 && rangeBytes.equals(bytes.subarray(1_000_000, 1_000_100));
    if (!rangeOk) failures.push(`range: ${range.status}, ${rangeBytes.length} bytes`);

    const probes: Probe[] = [
      { name: '/healthz', paths: ['/api/healthz'] },
      { name: 'customer call', paths: [landingPath] },
    ];
    const idle = await latencyWhile(server.base, probes, sleep(quick ? 2000 : 5000));

    let peakMb = anonMb(server.child.pid!);
    const watch = setInterval(() => (peakMb = Math.max(peakMb, anonMb(server.child.pid!))), 50);
    const started = performance.now();
    const downloads = downloadInThread({
      url,
      warmUp: `${server.base}/api/healthz`,
      count: DOWNLOADS,
      bytesPerMs: (PHONE_MBIT * 1e6) / 8 / 1000,
    });
    const { results: busy, outcome } = await latencyWhile(server.base, probes, downloads);
    clearInterval(watch);
    const seconds = (performance.now() - started) / 1000;
    const slowestFirstByte = Math.round(Math.max(...outcome.map((d) => d.firstByteMs)));
    const whole = outcome.every((d) => d.status === 200 && d.received === bytes.length);

    console.log(
      `Documents: ${DOWNLOADS} concurrent downloads of a ${MANUAL_MB} MB manual at ${PHONE_MBIT} Mbit/s each in ${seconds.toFixed(1)} s`,
    );
    console.table({
      'API memory MB (RssAnon, peak)': { value: peakMb, budget: `< ${BUDGET.memoryMb}` },
      'first byte ms (slowest)': { value: slowestFirstByte, budget: `< ${BUDGET.firstByteMs}` },
      'byte range answered 206': { value: rangeOk ? 'yes' : 'no', budget: 'yes' },
      'every download complete': { value: whole ? 'yes' : 'no', budget: 'yes' },
    });
    const isolation = compareWithIdle(idle.results, busy, 'during downloads', BUDGET.isolation);
    if (peakMb >= BUDGET.memoryMb) failures.push(`memory ${peakMb} MB`);
    if (!whole) failures.push('a download was cut short');
    // Under --quick (CI) a 5 MB file on a shared machine says nothing about timing: shown, not enforced, as the
    // other budgets of docs/architecture.md#budgets.
    const timed: string[] = quick ? [] : failures;
    if (!(slowestFirstByte < BUDGET.firstByteMs)) timed.push(`first byte ${slowestFirstByte} ms`);
    timed.push(...isolation);
  } finally {
    await stop();
  }
  console.log(
    failures.length ? `Documents: budget failed: ${failures.join('; ')}` : 'Documents: all budgets hold.',
  );
  process.exit(failures.length ? 1 : 0);
}

await main();
