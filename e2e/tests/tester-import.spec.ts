import { execFileSync } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { apiPaths, type Instrument, type PrintData } from 'contracts';
import type { Page } from '@playwright/test';
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
 * previewed with verdicts, taken into the create form and issued; the sealed PDF/A-3 carries the file.
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

  await page.getByRole('button', { name: 'Aus Prüfgerätedatei übernehmen' }).click();
  await page
    .getByLabel(/^Datei des Prüfgeräts/)
    .setInputFiles({ name: 'messung.csv', mimeType: 'text/csv', buffer: CSV });
  await page.getByLabel('Prüfgerät (Modell)').fill('ST 725');
  await page.getByRole('button', { name: 'Datei lesen' }).click();

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
