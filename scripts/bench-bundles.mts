// Prints the gzipped size of each app's first load from the builds (budgets: docs/architecture.md#budgets).
// Shell and landing page: every script and style Chromium loads for the page, served by the real
// frontends plugin. Remotes: remoteEntry.js plus the first exposed entry's own chunks (shared modules come
// from the host). Run `npm run build:missing` first; exits 1 when a budget is exceeded.
import fs from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { chromium } from '@playwright/test';
import Fastify from 'fastify';
import frontends from '../api/src/plugins/frontends.ts';
import { loadConfig } from '../api/src/config.ts';

const root = path.resolve(import.meta.dirname, '..');
const KB = 1024;
const gz = (bytes: Buffer | string) => gzipSync(bytes, { level: 9 }).length;
const kb = (bytes: number) => `${(bytes / KB).toFixed(1)} KB`;

async function pageLoad(
  baseUrl: string,
  url: string,
  locale = 'de-DE',
): Promise<{ total: number; files: [string, number][] }> {
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update'],
  });
  // The login screen follows the browser's language (shell/src/bootstrap.tsx): German is the budget's case.
  const page = await browser.newPage({ locale });
  const files: [string, number][] = [];
  page.on('response', async (response) => {
    const type = response.request().resourceType();
    if (type !== 'script' && type !== 'stylesheet') return;
    files.push([new URL(response.url()).pathname, gz(await response.body())]);
  });
  await page.goto(baseUrl + url, { waitUntil: 'networkidle' });
  await browser.close();
  return { total: files.reduce((sum, [, size]) => sum + size, 0), files };
}

function remoteFirstLoad(workspace: string): { total: number; detail: string } {
  const dist = path.join(root, workspace, 'dist');
  const manifest = JSON.parse(fs.readFileSync(path.join(dist, 'mf-manifest.json'), 'utf8')) as {
    exposes: { name: string; assets: { js: { sync: string[] }; css: { sync: string[] } } }[];
  };
  const entry = gz(fs.readFileSync(path.join(dist, 'remoteEntry.js')));
  const first = manifest.exposes[0];
  const chunks = [...first.assets.js.sync, ...first.assets.css.sync].reduce(
    (sum, file) => sum + gz(fs.readFileSync(path.join(dist, file))),
    0,
  );
  return { total: entry + chunks, detail: `remoteEntry ${kb(entry)} + ${first.name} ${kb(chunks)}` };
}

const app = Fastify();
app.get('/api/*', async (_request, reply) =>
  reply.code(404).send({ error: { code: 'NOT_FOUND', message: '' } }),
);
await app.register(frontends, { config: { ...loadConfig({}), webRoot: root } });
await app.listen({ port: 0, host: '127.0.0.1' });
const address = app.server.address();
const baseUrl = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;

const rows: { name: string; size: number; budget: number; detail: string }[] = [];
const login = await pageLoad(baseUrl, '/login');
rows.push({
  name: 'shell (login screen)',
  size: login.total,
  budget: 150 * KB,
  detail: `${login.files.length} files`,
});
// Another language costs one catalog request per loaded app (docs/decisions/0031-staff-languages.md).
for (const locale of ['en-GB', 'pl-PL']) {
  const other = await pageLoad(baseUrl, '/login', locale);
  rows.push({
    name: `shell ${locale} catalog`,
    size: other.total - login.total,
    budget: 15 * KB,
    detail: `${other.files.length - login.files.length} more file(s)`,
  });
}
const landing = await pageLoad(baseUrl, '/landing/1/4852406001');
rows.push({
  name: 'landing page',
  size: landing.total,
  budget: 20 * KB,
  detail: `${landing.files.length} files`,
});
for (const workspace of ['mfe-certificates', 'mfe-machines', 'mfe-landing']) {
  const { total, detail } = remoteFirstLoad(workspace);
  rows.push({ name: `${workspace} entry`, size: total, budget: 60 * KB, detail });
}
await app.close();

let failed = false;
for (const row of rows) {
  const over = row.size > row.budget;
  failed ||= over;
  console.log(
    `${row.name.padEnd(24)} ${kb(row.size).padStart(9)} gz   budget ${kb(row.budget).padStart(9)}  ${over ? 'ÜBER BUDGET' : 'ok'}   (${row.detail})`,
  );
}
if (process.argv.includes('--files'))
  for (const [file, size] of login.files) console.log(`  ${file} ${kb(size)}`);
process.exit(failed ? 1 : 0);
