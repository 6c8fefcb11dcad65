// `npm run bench:grid -w e2e`: in Chromium, how responsive the create form stays while an inspector types measured
// values into a 100 units × 10 steps grid: the Event Timing API's duration of every key press (from the key to
// the next frame painted), its 98th percentile against 200 ms, the web's threshold for a "good" interaction
// (Interaction to Next Paint). Exits 1 when over (under --quick only when a typed value did not arrive).
import net from 'node:net';
import { chromium } from '@playwright/test';
import { DEFAULT_PLAN_STEPS, apiPaths, type PlanStep } from 'contracts';

const BUDGET_MS = 200;
const UNITS = 100;
const STEPS = 10;
const quick = process.argv.includes('--quick');
/** Values typed, each into the next cell down a column (Enter moves down). */
const TYPED = quick ? 60 : 200;

const port = await new Promise<number>((resolve) => {
  const server = net.createServer().listen(0, '127.0.0.1', () => {
    const { port } = server.address() as net.AddressInfo;
    server.close(() => resolve(port));
  });
});
process.env.E2E_PORT = String(port);
const { default: startServer, E2E_USER } = await import('./global-setup.ts');
const stopServer = await startServer();
const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: [
    '--no-sandbox',
    '--disable-gpu',
    '--disable-background-networking',
    '--disable-component-update',
    '--disable-sync',
    '--no-first-run',
  ],
});
let failed: boolean;
try {
  const page = await browser.newPage({
    baseURL: `http://127.0.0.1:${port}`,
    viewport: { width: 1366, height: 768 },
  });
  const { token } = (await (
    await page.request.post(`/api${apiPaths.login()}`, {
      data: { username: E2E_USER.email, password: E2E_USER.password },
    })
  ).json()) as { token: string };
  const headers = { authorization: token };
  const brand = (
    (await (await page.request.get(`/api${apiPaths.brands()}`, { headers })).json()) as {
      data: { id: number; name: string }[];
    }
  ).data[2];
  const machine = (
    (await (await page.request.get(`/api${apiPaths.machinesByBrand(brand.id)}`, { headers })).json()) as {
      data: { id: number; name: string }[];
    }
  ).data[0];
  // Ten measured steps per unit, as a plan of a machine with many electrical tests has.
  const steps: PlanStep[] = Array.from({ length: STEPS }, (_, i) => ({
    ...DEFAULT_PLAN_STEPS[0],
    key: `messung_${i + 1}`,
    title: {
      de: `Messung ${i + 1}`,
      en: `Measurement ${i + 1}`,
      fr: 'Mesure',
      es: 'Medida',
      it: 'Misura',
      pt: 'Medida',
    },
    kind: 'numeric',
    unit: 'MΩ',
    lower: 1,
    decimals: 1,
    per_unit: true,
  }));
  const current = (await (
    await page.request.get(`/api${apiPaths.machineTestPlan(machine.id)}`, { headers })
  ).json()) as {
    version: number;
  };
  const saved = await page.request.put(`/api${apiPaths.machineTestPlan(machine.id)}`, {
    headers,
    data: { steps, based_on: current.version },
  });
  if (!saved.ok()) throw new Error(await saved.text());

  await page.goto('/login');
  await page.evaluate((value) => window.localStorage.setItem('token', value), token);
  await page.goto('/');
  for (const [label, option] of [
    ['MARKE', brand.name],
    ['ARTIKELNUMMER', machine.name],
  ]) {
    await page.getByLabel(label, { exact: true }).fill(option);
    await page.getByRole('option', { name: option, exact: true }).click();
  }
  await page.getByLabel('MENGE').fill(String(UNITS));
  const cell = (row: number, column: number) => page.locator(`[data-row="${row}"][data-column="${column}"]`);
  await cell(UNITS - 1, STEPS - 1).waitFor();
  await page.evaluate(() => {
    const durations: number[] = [];
    (window as unknown as { keyDurations: number[] }).keyDurations = durations;
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries())
        if (entry.name === 'keydown' || entry.name === 'keypress' || entry.name === 'input')
          durations.push(entry.duration);
    }).observe({ type: 'event', buffered: true, durationThreshold: 16 } as PerformanceObserverInit);
  });
  await cell(0, 0).focus();
  let keys = 0;
  for (let typed = 0; typed < TYPED; typed++) {
    const text = `${1 + (typed % 9)},${typed % 10}`;
    await page.keyboard.type(text);
    await page.keyboard.press('Enter');
    keys += text.length + 1;
    // The last row of a column: the next column from the top.
    if ((typed + 1) % UNITS === 0) await cell(0, (typed + 1) / UNITS).focus();
  }
  // The last key's entry is reported after its frame.
  await page.evaluate(
    () => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))),
  );
  // Durations under 16 ms are not reported (one frame): they count as 16 ms here.
  const reported = await page.evaluate(() => (window as unknown as { keyDurations: number[] }).keyDurations);
  const all = [...reported, ...new Array<number>(Math.max(0, keys - reported.length)).fill(16)].sort(
    (a, b) => a - b,
  );
  const p98 = all[Math.floor(all.length * 0.98)];
  const max = all[all.length - 1];
  const entered = await cell(
    TYPED - 1 - UNITS * Math.floor((TYPED - 1) / UNITS),
    Math.floor((TYPED - 1) / UNITS),
  ).inputValue();
  const over = p98 > BUDGET_MS;
  // Under --quick (CI, on a machine doing other work) the time is shown, not enforced; a value that did not arrive
  // fails either way.
  failed = (over && !quick) || entered === '';
  console.table([
    {
      measure: `typing ${TYPED} values (${keys} keys) into a ${UNITS} × ${STEPS} grid: key to next paint, p98`,
      value: `${p98.toFixed(0)} ms (max ${max.toFixed(0)} ms)`,
      budget: `≤ ${BUDGET_MS} ms ${!over ? 'ok' : quick ? '(not enforced under --quick)' : 'FAILED'}`,
    },
  ]);
} finally {
  await browser.close();
  await stopServer();
}
process.exit(failed ? 1 : 0);
