import { execFileSync } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { apiPaths, type Instrument, type PrintData } from 'contracts';
import type { Locator, Page } from '@playwright/test';
import { expectAccessible } from '../support/a11y';
import {
  apiUrl,
  chooseInstrument,
  enterPassingChecks,
  expect,
  signIn,
  snap,
  test,
} from '../support/fixtures';
import { dayFromNow, measuredInstrumentPlan as plan } from '../support/instrument-data';
import { apiCall } from '../support/staff-api';
import { createLandingMachine, signInToken, type LandingMachine } from './landing-data';

/**
 * Values from the tester's file (docs/tester-files.md): a CSV for five units, one failing, mapped the first time,
 * previewed with verdicts, taken into the create form and issued; the sealed PDF/A-3 carries the file. The failed
 * unit is then retested with values from a file of its own, and the quality role keeps the saved mappings and
 * Metrel's measurement ids on the test-plan screen. The tests run in order (e2e/playwright.config.ts: one worker,
 * not fully parallel): the retest takes the unit the first test failed.
 */

const CREATE = apiUrl(apiPaths.certificateCreate());
const run = Date.now().toString(36).toUpperCase();
/** As a tester's PC software writes it: semicolons, decimal commas, the unit in the head. */
const CSV = Buffer.from(
  [
    'Seriennummer;Isolationswiderstand [MΩ]',
    'P-1;250,5',
    'P-2;199,9',
    'P-3;12,0',
    'P-4;0,4',
    'P-5;310,0',
  ].join('\r\n') + '\r\n',
);
const HASH = crypto.createHash('sha256').update(CSV).digest('hex');

let token: string;
let machine: LandingMachine;
let instrument: Instrument;
/** The unit the first test issued as failed (P-4, 0,4 MΩ), retested by the second. */
let failedSerial: string | undefined;

/** The names of the files attached to a PDF (poppler-utils' pdfdetach -list). */
function attachedNames(pdf: Buffer): string[] {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'pb-e2e-import-'));
  try {
    fs.writeFileSync(path.join(dir, 'document.pdf'), pdf);
    const listed = execFileSync('pdfdetach', ['-list', 'document.pdf'], { cwd: dir, encoding: 'utf8' });
    return [...listed.matchAll(/^\d+: (.+)$/gm)].map((match) => match[1]);
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

test.beforeAll(async ({ baseURL }) => {
  test.setTimeout(60_000);
  token = await signInToken(baseURL!);
  machine = await createLandingMachine(baseURL!, token, `Prüfgerätedatei ${run}`);
  // The e2e account is an administrator: it has the release right that edits plans and keeps the register.
  await apiCall(baseURL!, token, 'PUT', apiPaths.machineTestPlan(machine.machineId), {
    steps: plan,
    based_on: 0,
  });
  instrument = await apiCall<Instrument>(baseURL!, token, 'POST', apiPaths.instruments(), {
    inventory_number: `PM-IMP-${run}`,
    name: 'Sicherheitsprüfgerät',
    maker: 'Benning',
    model: 'ST 725',
    serial_number: `SN-IMP-${run}`,
    kind: 'insulation_tester',
    interval_months: 12,
    last_calibrated: dayFromNow(-100),
    due: dayFromNow(200),
    status: 'in_use',
  });
});

/** „Aus Prüfgerätedatei übernehmen“ in `form`: the CSV `name` of the tester `model` chosen and read. */
async function readFile(form: Locator, name: string, buffer: Buffer, model: string) {
  await form.getByRole('button', { name: 'Aus Prüfgerätedatei übernehmen' }).click();
  await form.getByLabel(/^Datei des Prüfgeräts/).setInputFiles({ name, mimeType: 'text/csv', buffer });
  await form.getByLabel('Prüfgerät (Modell)').fill(model);
  await form.getByRole('button', { name: 'Datei lesen' }).click();
}

async function choose(page: Page, label: string, option: string) {
  await page.getByLabel(label, { exact: true }).fill(option);
  await page.getByRole('option', { name: option, exact: true }).click();
}

test('a CSV for 5 units: mapped, previewed with verdicts, taken and issued; the sealed PDF carries the file', async ({
  page,
}) => {
  test.setTimeout(120_000);
  await page.addInitScript(() => {
    window.print = () => undefined;
  });
  await signIn(page);
  await choose(page, 'MARKE', 'BDS Maschinen');
  await choose(page, 'ARTIKELNUMMER', machine.name);
  await expect(page.getByRole('heading', { name: 'Prüfung' })).toBeVisible();
  await page.getByLabel('MENGE').fill('5');
  await chooseInstrument(page, 'Isolationswiderstand', instrument.id);
  await enterPassingChecks(page);

  await readFile(page.locator('body'), 'messung.csv', CSV, 'ST 725');

  // The first file of this machine and tester: its columns are mapped, suggested from their names.
  const mapping = page.getByRole('group', { name: 'Spalten zuordnen' });
  await expect(mapping).toBeVisible();
  await expect(mapping.getByLabel('Isolationswiderstand')).toHaveValue('Isolationswiderstand');
  await expect(mapping.getByLabel('Spalte mit der Seriennummer')).toHaveValue('Seriennummer');
  // The serials are given at issue: the file's rows are the units in order.
  await mapping.getByLabel('Spalte mit der Seriennummer').selectOption('');
  await snap(page, 'tester-import-mapping');
  await expectAccessible(page, 'tester-import-mapping');
  await mapping.getByRole('button', { name: 'Zuordnung speichern und Vorschau zeigen' }).click();

  const preview = page.getByRole('table', { name: 'Vorschau: Werte der Datei und ihr Ergebnis' });
  await expect(preview.getByTestId('import-unit')).toHaveCount(5);
  await expect(preview.getByRole('row', { name: /Einheit 1/ })).toContainText('250,5 MΩ');
  await expect(preview.getByRole('row', { name: /Einheit 4/ })).toContainText('0,4 MΩ ✕ Nicht bestanden');
  await expect(page.getByText(`SHA-256 ${HASH.slice(0, 12)}`)).toBeVisible();
  await snap(page, 'tester-import-preview');
  await expectAccessible(page, 'tester-import-preview');
  await page.getByRole('button', { name: 'Werte übernehmen' }).click();

  // In the grid as if typed, each with its verdict beside it.
  await expect(
    page.getByRole('textbox', { name: 'Einheit 1 Isolationswiderstand', exact: true }),
  ).toHaveValue('250,5');
  await expect(
    page.getByRole('textbox', { name: 'Einheit 4 Isolationswiderstand', exact: true }),
  ).toHaveValue('0,4');
  await expect(page.getByText('Werte aus Datei messung.csv übernommen', { exact: false })).toBeVisible();
  await snap(page, 'tester-import-taken');

  const answer = page.waitForResponse((r) => r.url().endsWith(CREATE) && r.request().method() === 'POST');
  await page.getByRole('button', { name: 'WEITER', exact: true }).click();
  await page.getByRole('button', { name: 'TROTZDEM AUSSTELLEN' }).click();
  const issued = await answer;
  expect(issued.status()).toBe(200);
  expect(JSON.parse(issued.request().postData() ?? '{}').results.tester_file.id).toBeGreaterThan(0);
  const [data] = (await issued.json()) as PrintData[];
  expect(data.failed_units).toBe(1);
  failedSerial = data.serials[3];

  // The sealed PDF/A-3 carries the original file beside certificate.json.
  const document = () =>
    page.request.get(apiUrl(apiPaths.certificateDocument(data.id)), { headers: { Authorization: token } });
  await expect.poll(async () => (await document()).status(), { timeout: 30_000 }).toBe(200);
  const names = attachedNames(await (await document()).body());
  expect(names.sort()).toEqual(['certificate.json', `${HASH.slice(0, 12)}-messung.csv`].sort());

  // The unit's page names the file the values came from.
  const [serial] = data.serials;
  await page.goto(`/units/${serial}`);
  const results = page.getByRole('table', { name: 'Prüfergebnisse' });
  await expect(results.getByTestId('attempt-source')).toHaveText(
    `aus Datei messung.csv, ${HASH.slice(0, 12)}`,
  );
  await snap(page, 'tester-import-unit-page');
  await expectAccessible(page, 'tester-import-unit-page');
});

test('the failed unit retested with values from a file: mapped by its serial, previewed, saved with its source', async ({
  page,
}) => {
  test.setTimeout(120_000);
  expect(failedSerial, 'the first test issued a failed unit').toBeDefined();
  const serial = failedSerial!;
  // The repaired unit's measurement, named by its serial, beside a unit of another run the retest leaves out.
  const file = Buffer.from(
    `Seriennummer;Isolationswiderstand [kΩ]\r\nANDERE-${run};3000\r\n${serial};185000\r\n`,
  );
  const hash = crypto.createHash('sha256').update(file).digest('hex');
  await signIn(page, `/units/${serial}`);
  const retest = page.getByRole('form', { name: 'Nachprüfung erfassen' });
  await expect(retest).toBeVisible();
  await readFile(retest, 'nachpruefung.csv', file, 'ST 750');

  // A new tester model: mapped once, the serial from its column.
  const mapping = retest.getByRole('group', { name: 'Spalten zuordnen' });
  await expect(mapping.getByLabel('Spalte mit der Seriennummer')).toHaveValue('Seriennummer');
  await mapping.getByRole('button', { name: 'Zuordnung speichern und Vorschau zeigen' }).click();

  // 185 000 kΩ are 185 MΩ: passed; the other run's row is named, nothing stored yet.
  const preview = retest.getByRole('table', { name: 'Vorschau: Werte der Datei und ihr Ergebnis' });
  await expect(preview.getByTestId('import-unit')).toHaveCount(1);
  await expect(preview.getByTestId('import-unit')).toContainText('185 MΩ');
  await expect(preview.getByTestId('import-unit')).toContainText('Bestanden');
  await expect(retest.getByText(`In der Datei, aber nicht im Prüfbericht: ANDERE-${run}`)).toBeVisible();
  await snap(page, 'tester-import-retest-preview');
  await expectAccessible(page, 'tester-import-retest-preview');
  await retest.getByRole('button', { name: 'Werte übernehmen' }).click();
  await expect(retest.getByLabel('Isolationswiderstand', { exact: true })).toHaveValue('185');
  await expect(
    retest.getByText('Werte aus Datei nachpruefung.csv übernommen', { exact: false }),
  ).toBeVisible();

  await retest.getByLabel('Fehlergrund').selectOption('ISO');
  await retest.getByLabel('Befund und Maßnahme').fill('Klemme X1 feucht – getrocknet, neu abgedichtet');
  await chooseInstrument(page, 'Isolationswiderstand', instrument.id);
  const saved = page.waitForResponse(
    (r) => r.url().endsWith(apiUrl(apiPaths.unitAttempts(serial))) && r.request().method() === 'POST',
  );
  await retest.getByRole('button', { name: 'NACHPRÜFUNG SPEICHERN' }).click();
  const sent = await saved;
  expect(sent.status()).toBe(200);
  expect(JSON.parse(sent.request().postData() ?? '{}').tester_file.id).toBeGreaterThan(0);

  // The verdict, and the attempt names its file.
  await expect(page.getByRole('status').filter({ hasText: 'Nachprüfung bestanden' })).toBeVisible();
  const results = page.getByRole('table', { name: 'Prüfergebnisse' });
  await expect(results.getByTestId('attempt-source').last()).toHaveText(
    `aus Datei nachpruefung.csv, ${hash.slice(0, 12)}`,
  );
  await expect(results).toContainText('185 MΩ');
  await snap(page, 'tester-import-retest-recorded');
  await expectAccessible(page, 'tester-import-retest-recorded');
});

test("the quality role edits and deletes a saved mapping and keeps Metrel's measurement ids", async ({
  page,
  baseURL,
}) => {
  test.setTimeout(120_000);
  await apiCall(baseURL!, token, 'PUT', apiPaths.importMappings(), {
    machine_id: machine.machineId,
    tester_model: 'Fluke 1664',
    serial_column: null,
    steps: { insulation_resistance: 'Riso' },
  });
  await page.setViewportSize({ width: 1366, height: 768 });
  await signIn(page, `/machines/${machine.machineId}/test-plan`);
  const mappings = page.getByTestId('import-mappings');
  const fluke = mappings.getByRole('row', { name: /Fluke 1664/ });
  await expect(fluke).toContainText('Reihenfolge der Zeilen');
  await expect(fluke).toContainText('Isolationswiderstand: Riso');

  await mappings.getByRole('button', { name: 'Bearbeiten: Fluke 1664' }).click();
  const editor = mappings.getByRole('form', { name: 'Zuordnung für Fluke 1664 bearbeiten' });
  await editor.getByLabel('Seriennummer aus einer Spalte').check();
  await editor.getByRole('button', { name: 'SPEICHERN' }).click();
  await expect(editor.getByText('Bitte die Spalte der Seriennummer angeben')).toBeVisible();
  await editor.getByLabel('Spalte der Seriennummer').fill('Serial No.');
  await editor.getByLabel('Isolationswiderstand [MΩ]').fill('R iso');
  await mappings.scrollIntoViewIfNeeded();
  await snap(page, 'tester-mappings-edit');
  await expectAccessible(page, 'tester-mappings-edit');
  await editor.getByRole('button', { name: 'SPEICHERN' }).click();
  await expect(page.getByText('Zuordnung für Fluke 1664 gespeichert.')).toBeVisible();
  await expect(fluke).toContainText('Serial No.');
  await expect(fluke).toContainText('Isolationswiderstand: R iso');

  await mappings.getByRole('button', { name: 'Löschen: Fluke 1664' }).click();
  await page
    .getByRole('alertdialog', { name: 'Zuordnung löschen?' })
    .getByRole('button', { name: 'Löschen' })
    .click();
  await expect(page.getByText('Zuordnung für Fluke 1664 gelöscht.')).toBeVisible();
  await expect(fluke).toHaveCount(0);

  // Metrel's ids: a bad one refused in the form, a new one saved with its step, then taken out again.
  const ids = page.getByTestId('measurement-ids');
  await expect(ids.getByLabel('Messungs-ID, Zeile 1')).toHaveValue('68/135');
  const rows = await ids.getByRole('row').count();
  await ids.getByRole('button', { name: 'Zeile hinzufügen' }).click();
  const added = ids.getByLabel(`Messungs-ID, Zeile ${rows}`);
  await added.fill('71-139');
  await ids.getByRole('button', { name: 'MESSUNGS-IDS SPEICHERN' }).click();
  await expect(ids.getByText('Zwei Nummern mit „/“, z. B. 68/135')).toBeVisible();
  await added.fill('71/139');
  await ids.getByLabel(`Prüfschritt, Zeile ${rows}`).selectOption('insulation_resistance');
  await expect(ids.getByRole('row').nth(rows)).toContainText('Messwert, MΩ');
  await ids.scrollIntoViewIfNeeded();
  await snap(page, 'tester-measurement-ids');
  await expectAccessible(page, 'tester-measurement-ids');
  await ids.getByRole('button', { name: 'MESSUNGS-IDS SPEICHERN' }).click();
  await expect(page.getByText('Messungs-IDs gespeichert.')).toBeVisible();
  const stored = await apiCall<{ data: { column_key: string }[] }>(
    baseURL!,
    token,
    'GET',
    apiPaths.measurementIds('metrel'),
  );
  expect(stored.data.map((row) => row.column_key)).toContain('71/139');
  await ids.getByRole('button', { name: 'Entfernen: 71/139' }).click();
  await ids.getByRole('button', { name: 'MESSUNGS-IDS SPEICHERN' }).click();
  await expect(ids.getByLabel(`Messungs-ID, Zeile ${rows}`)).toHaveCount(0);
});
