import fs from 'node:fs';
import { fromWire } from 'contracts';
import { loadConfig } from '../src/config';
import { createRepositories, createServices } from '../src/dependencies';
import type { PdfSettings } from '../src/modules/certificate-pdf/pdf-input';
import { renderPdf } from '../src/modules/certificate-pdf/render-pdf';
import { certificateBody, createTestDatabase, seedMachine, STAFF, TEST_COST } from '../src/test/harness';

/**
 * The certificate renderer's figures (docs/architecture.md#budgets): a 100-unit certificate (200 pages)
 * rendered as the job worker renders it (api/src/modules/certificate-pdf/render-pdf.ts), the first render cold
 * and the next ones warm, and the process's memory at its peak (the worker's, not the API's). `renderBench()` returns them; run alone it prints them and exits non-zero
 * when a budget fails. The seal's figures join these (docs/decisions/0019-server-rendered-certificate.md).
 */
export const BUDGET = { renderMs: 5000, memoryMb: 300 };
const UNITS = 100;
const WARM_RUNS = 3;
const SETTINGS: PdfSettings = {
  webBase: 'https://pruef.example',
  inspectionDocument: '3.1',
  companyName: 'BDS Maschinen GmbH',
  companyAddress: 'Martinstrasse 108, 41063 Mönchengladbach, Germany',
};

/** The process's own memory (RssAnon: not the shared libraries' pages), in MB; RSS where /proc is missing. */
function memoryMb(): number {
  const status = fs.existsSync('/proc/self/status') ? fs.readFileSync('/proc/self/status', 'utf8') : '';
  const anon = /RssAnon:\s+(\d+) kB/.exec(status);
  return anon ? Number(anon[1]) / 1024 : process.memoryUsage().rss / 1024 / 1024;
}

export interface RenderFigures {
  pages: number;
  bytes: number;
  coldMs: number;
  warmMs: number;
  memoryBeforeMb: number;
  memoryPeakMb: number;
}

export async function renderBench(): Promise<RenderFigures> {
  const testDb = await createTestDatabase('sqlite');
  try {
    const repositories = createRepositories(testDb.database);
    const config = { ...loadConfig({}), database: testDb.location };
    // No worker runs here: the sealing job the issue wrote stays queued.
    const services = createServices(repositories, config, TEST_COST);
    const accountId = await repositories.users.add(STAFF, TEST_COST);
    const { brand, machine } = await seedMachine(repositories);
    const issued = await services.certificates.issue(
      fromWire(certificateBody(brand.id, machine.id, UNITS)),
      accountId,
      {},
    );
    const input = await repositories.pdfInput(issued.id, { kind: 'certificate' }, SETTINGS);

    const memoryBeforeMb = memoryMb();
    let memoryPeakMb = memoryBeforeMb;
    const sampler = setInterval(() => (memoryPeakMb = Math.max(memoryPeakMb, memoryMb())), 10);
    let started = performance.now();
    const first = await renderPdf(input);
    const coldMs = performance.now() - started;
    const warm: number[] = [];
    for (let i = 0; i < WARM_RUNS; i++) {
      started = performance.now();
      await renderPdf(input);
      warm.push(performance.now() - started);
    }
    clearInterval(sampler);
    return {
      pages: first.pages,
      bytes: first.bytes.length,
      coldMs,
      warmMs: warm.sort((a, b) => a - b)[Math.floor(warm.length / 2)],
      memoryBeforeMb,
      memoryPeakMb: Math.max(memoryPeakMb, memoryMb()),
    };
  } finally {
    await testDb.drop();
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const figures = await renderBench();
  const round = (n: number) => Math.round(n);
  console.log(`Certificate PDF, ${UNITS} units (${figures.pages} pages, ${round(figures.bytes / 1024)} KB):`);
  console.log(`  first render (cold)           ${round(figures.coldMs)} ms`);
  console.log(
    `  render (median of ${WARM_RUNS})          ${round(figures.warmMs)} ms   budget ${BUDGET.renderMs} ms`,
  );
  console.log(
    `  worker memory (RssAnon)       ${round(figures.memoryBeforeMb)} MB before, ${round(figures.memoryPeakMb)} MB peak   budget ${BUDGET.memoryMb} MB`,
  );
  const failed = figures.coldMs > BUDGET.renderMs || figures.memoryPeakMb > BUDGET.memoryMb;
  if (failed) console.log('  BUDGET FAILED');
  process.exitCode = failed ? 1 : 0;
}
