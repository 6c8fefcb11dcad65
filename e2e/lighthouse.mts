// Lighthouse (mobile: emulated phone, simulated slow 4G and 4× slower CPU) on the customer landing page,
// served by the real server with a fresh database, in Debian's Chromium. Prints the scores and the
// metrics and exits 1 when performance or accessibility is below 95 (issue 6).
//
//   npm run lighthouse -w e2e                    starts the server like the e2e tests do
//   npm run lighthouse -w e2e -- <base URL>      an already running server (makes its own machine)
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { launch } from 'chrome-launcher';
import lighthouse, { type RunnerResult } from 'lighthouse';
import globalSetup from './global-setup.ts';
import { createLandingMachine, signInToken } from './tests/landing-data.ts';

const MIN_SCORE = 95;
// Lighthouse's own advice against noise: the median of several runs. The machine is shared and busy.
const RUNS = 3;
const artifacts = path.join(import.meta.dirname, 'artifacts');

function freePort(): string {
  const script =
    "const s=require('net').createServer().listen(0,'127.0.0.1',()=>{process.stdout.write(String(s.address().port));s.close()})";
  return execFileSync(process.execPath, ['-e', script], { encoding: 'utf8' });
}

let stopServer: (() => Promise<void>) | null = null;
let baseURL = process.argv[2];
if (!baseURL) {
  process.env.E2E_PORT ??= freePort();
  baseURL = `http://127.0.0.1:${process.env.E2E_PORT}`;
  stopServer = await globalSetup();
}

const machine = await createLandingMachine(baseURL, await signInToken(baseURL));
const pages = [
  { name: 'verified serial', url: `${baseURL}/landing/${machine.machineId}/${machine.serial}` },
  { name: 'without serial', url: `${baseURL}/landing/${machine.machineId}` },
];

const chrome = await launch({
  chromePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  chromeFlags: [
    '--headless=new',
    '--no-sandbox',
    '--disable-gpu',
    '--disable-background-networking',
    '--disable-component-update',
    '--disable-sync',
    '--no-first-run',
  ],
});

const ms = (value: number | undefined) => `${Math.round(value ?? 0)} ms`;
let failed = false;
try {
  fs.mkdirSync(artifacts, { recursive: true });
  for (const { name, url } of pages) {
    const runs: RunnerResult[] = [];
    for (let run = 0; run < RUNS; run++) {
      const result = await lighthouse(url, {
        port: chrome.port,
        output: 'html',
        logLevel: 'error',
        onlyCategories: ['performance', 'accessibility'],
      });
      if (!result) throw new Error(`Lighthouse returned nothing for ${url}`);
      runs.push(result);
    }
    const score = (run: RunnerResult, category: string) =>
      Math.round((run.lhr.categories[category]?.score ?? 0) * 100);
    runs.sort((a, b) => score(a, 'performance') - score(b, 'performance'));
    const median = runs[Math.floor(runs.length / 2)];
    const audits = median.lhr.audits;
    const performance = score(median, 'performance');
    const accessibility = score(median, 'accessibility');
    fs.writeFileSync(
      path.join(artifacts, `lighthouse-${name.replace(/\s+/g, '-')}.html`),
      median.report as string,
    );

    console.log(`\n${name}: ${url}`);
    console.log(
      `  performance ${performance} (runs: ${runs.map((run) => score(run, 'performance')).join(', ')})`,
    );
    console.log(`  accessibility ${accessibility}`);
    console.log(
      `  FCP ${ms(audits['first-contentful-paint'].numericValue)}, LCP ${ms(audits['largest-contentful-paint'].numericValue)}, ` +
        `TBT ${ms(audits['total-blocking-time'].numericValue)}, SI ${ms(audits['speed-index'].numericValue)}, ` +
        `CLS ${(audits['cumulative-layout-shift'].numericValue ?? 0).toFixed(3)}`,
    );
    console.log(
      `  transferred ${((audits['total-byte-weight'].numericValue ?? 0) / 1024).toFixed(1)} KB in total`,
    );
    for (const audit of Object.values(audits)) {
      if (audit.score !== null && audit.score < 0.9 && audit.scoreDisplayMode === 'binary') {
        console.log(`  failed audit: ${audit.id}: ${audit.title}`);
      }
    }
    if (performance < MIN_SCORE || accessibility < MIN_SCORE) failed = true;
  }
} finally {
  chrome.kill();
  await stopServer?.();
}

console.log(failed ? `\nBelow ${MIN_SCORE}: failed.` : `\nAll scores at least ${MIN_SCORE}.`);
process.exit(failed ? 1 : 0);
