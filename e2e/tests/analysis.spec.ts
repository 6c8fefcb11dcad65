import {
  apiPaths,
  CERTIFICATE_DEFAULTS,
  DEFAULT_PLAN_STEPS,
  staffUrls,
  type PlanStep,
  type PrintData,
} from 'contracts';
import type { APIRequestContext, Page } from '@playwright/test';
import { expectAccessible } from '../support/a11y';
import { apiUrl, expect, remoteScreen, signIn, snap, test } from '../support/fixtures';
import {
  dayFromNow as day,
  measuredInsulationWithInstrument as insulation,
} from '../support/instrument-data';

/**
 * The quality manager's analysis (issue 43, items 7, 8 and 11) in Chromium against the real server: the trend
 * with each unit's own plan-version limit, Cp/Cpk and the failure reasons, and the impact list with the values a
 * suspect instrument measured. Data is made through the API.
 */
const run = Date.now().toString(36).toUpperCase().slice(-6);
const MACHINE = `Analyse ${run}`;
const INVENTORY = `PA-${run}`;

/** Residual voltage after switching off (IEC 60204-1, 18.5), measured per unit: ≤ 60 V, later ≤ 50 V. */
const voltage = (upper: number): PlanStep => ({
  ...DEFAULT_PLAN_STEPS[0],
  key: 'residual_voltage',
  title: { de: 'Restspannung', en: 'Residual voltage', fr: '', es: '', it: '', pt: '' },
  kind: 'numeric',
  unit: 'V',
  lower: null,
  upper,
  decimals: 0,
  per_unit: true,
});
const planWith = (upper: number) => [
  ...DEFAULT_PLAN_STEPS.filter((step) => step.key !== insulation.key),
  insulation,
  voltage(upper),
];
const PASSED = Object.fromEntries(
  DEFAULT_PLAN_STEPS.filter((step) => step.key !== insulation.key).map((step) => [
    step.key,
    step.kind === 'choice' ? step.passing[0] : 'pass',
  ]),
);

let token: string;
let issued: PrintData[];

async function api<T>(request: APIRequestContext, method: 'post' | 'put', path: string, data: unknown) {
  const response = await request[method](apiUrl(path), { headers: { authorization: token }, data });
  expect(response.ok(), `${method} ${path}: ${await response.text()}`).toBe(true);
  return (await response.json()) as T;
}

test.beforeAll(async ({ playwright, baseURL }) => {
  const request = await playwright.request.newContext({ baseURL });
  const login = await request.post(apiUrl(apiPaths.login()), {
    data: { username: 'e2e@example.com', password: 'e2e-Passwort-123' },
  });
  token = ((await login.json()) as { token: string }).token;
  const { id: brandId } = await api<{ id: number }>(request, 'post', apiPaths.brandCreate(), {
    name: `Analysewerk ${run}`,
  });
  const { id: machineId } = await api<{ id: number }>(request, 'post', apiPaths.machineCreate(), {
    brand_id: brandId,
    name: MACHINE,
    serial_prefix: `AN${run}`,
    electronic_circuit_board: 0,
  });
  const instrument = await api<{ id: number }>(request, 'post', apiPaths.instruments(), {
    inventory_number: INVENTORY,
    name: 'Isolationsmessgerät 1000 V',
    maker: 'Fluke',
    model: '1507',
    serial_number: `F-${run}`,
    kind: 'insulation_tester',
    interval_months: 12,
    last_calibrated: day(-100),
    due: day(265),
    status: 'in_use',
  });
  const issue = async (units: [string, string][]) =>
    (
      await api<PrintData[]>(request, 'post', apiPaths.certificateCreate(), {
        ...CERTIFICATE_DEFAULTS,
        brand_id: brandId,
        machine_id: machineId,
        checked_by: 'Qualität',
        crowd: units.length,
        results: {
          certificate: PASSED,
          units: units.map(([resistance, volts]) => ({
            insulation_resistance: resistance,
            residual_voltage: volts,
          })),
          instruments: { insulation_resistance: instrument.id },
        },
      })
    )[0];
  await api(request, 'put', apiPaths.machineTestPlan(machineId), { steps: planWith(60), based_on: 0 });
  const first = await issue([
    ['1,3', '55'],
    ['0,8', '58'],
    ['12,0', '40'],
  ]);
  await api(request, 'put', apiPaths.machineTestPlan(machineId), {
    steps: planWith(50),
    based_on: 1,
    reason: 'Grenzwert auf 50 V gesenkt',
  });
  const second = await issue([
    ['5,0', '45'],
    ['6,0', '52'],
  ]);
  issued = [first, second];
  await api(request, 'post', apiPaths.instrumentCalibrations(instrument.id), {
    calibrated_on: day(0),
    result: 'out_of_tolerance',
    suspect_since: day(-1),
  });
  await request.dispose();
});

/** Both screen widths of the office, each looked at. */
async function bothWidths(page: Page, name: string) {
  await page.setViewportSize({ width: 1366, height: 768 });
  await snap(page, `${name}-1366`);
  await page.setViewportSize({ width: 1024, height: 768 });
  await snap(page, `${name}-1024`);
}

test('Auswertung: each value against its own plan version’s limit, Cp/Cpk with its count, the failure reasons', async ({
  page,
}) => {
  test.setTimeout(120_000);
  await page.setViewportSize({ width: 1366, height: 768 });
  await signIn(page, staffUrls.tab('reports'));
  const trend = page.getByRole('figure', { name: 'Verlauf eines Messwerts mit seinen Grenzwerten' });
  await trend.getByLabel('MASCHINE', { exact: true }).selectOption({ label: MACHINE });
  await trend.getByLabel('MESSWERT', { exact: true }).selectOption({ label: 'Restspannung (≤ 50 V)' });
  await trend.getByText('Zahlen als Tabelle').click();
  const row = (serial: string) => trend.getByRole('row').filter({ hasText: serial });
  // 58 V passed under ≤ 60 V: it stays inside after the plan moved to ≤ 50 V; 52 V under ≤ 50 V did not pass.
  await expect(row(issued[0].serials[1]).getByRole('cell')).toHaveText([
    /^\d/,
    '58 V',
    '≤ 60 V (Planversion 1)',
    'innerhalb',
  ]);
  await expect(row(issued[1].serials[1]).getByRole('cell')).toHaveText([
    /^\d/,
    '52 V',
    '≤ 50 V (Planversion 2)',
    'außerhalb',
  ]);
  // One limit: Cpk alone, of the five values, with the warning below 25.
  await expect(trend.getByText(/^Cpk -?\d+,\d\d – aus 5 Messwerten/)).toBeVisible();
  await expect(
    trend.getByText('Weniger als 25 Messwerte: Cp und Cpk sagen noch wenig über den Prozess aus.'),
  ).toBeVisible();

  const pareto = page.getByRole('figure', { name: 'Fehlerursachen (Pareto) je Maschine und Zeitraum' });
  await pareto.getByLabel('MASCHINE', { exact: true }).selectOption({ label: MACHINE });
  await expect(pareto.getByText('Erstausbeute 60 % (3 von 5 beim ersten Versuch bestanden)')).toBeVisible();
  await expect(pareto.locator('canvas')).toBeVisible();
  await pareto.getByText('Zahlen als Tabelle').click();
  await expect(
    // Neither unit was retested yet: no finding names the reason (api/src/modules/reports/test-record-reports.ts).
    pareto.getByRole('row').filter({ hasText: 'Isolationswiderstand – noch ohne Befund' }).getByRole('cell'),
  ).toHaveText(['1', '50 %', '50 %']);
  await expect(
    pareto.getByRole('row').filter({ hasText: 'Restspannung – noch ohne Befund' }).getByRole('cell'),
  ).toHaveText(['1', '50 %', '100 %']);
  await expectAccessible(page, 'analysis-reports');
  await bothWidths(page, 'analysis-trend');
});

test('Auswirkungen: each certificate lists the values the suspect instrument measured and their margin', async ({
  page,
}) => {
  test.setTimeout(120_000);
  await page.setViewportSize({ width: 1366, height: 768 });
  await signIn(page, '/?tab=instruments');
  const screen = remoteScreen(page, 'machines/Instruments');
  await screen.getByRole('button', { name: /^Auswirkungen/ }).click();
  const entry = screen
    .getByTestId('impact-entry')
    .filter({ has: page.getByRole('link', { name: `Prüfbericht Nr. ${issued[0].id}`, exact: true }) });
  await expect(entry.getByRole('listitem')).toHaveText([
    `${issued[0].serials[0]} · Isolationswiderstand: 1,3 MΩ – Abstand zur Grenze +0,3 MΩ (≥ 1 MΩ)`,
    `${issued[0].serials[1]} · Isolationswiderstand: 0,8 MΩ ⚠ – Abstand zur Grenze -0,2 MΩ (≥ 1 MΩ)`,
    `${issued[0].serials[2]} · Isolationswiderstand: 12 MΩ – Abstand zur Grenze +11 MΩ (≥ 1 MΩ)`,
  ]);
  await expectAccessible(page, 'analysis-impacts');
  await bothWidths(page, 'analysis-impacts');
});
