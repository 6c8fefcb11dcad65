import { apiPaths, formatDate, type Instrument, type InstrumentBody, type PrintData } from 'contracts';
import type { Page } from '@playwright/test';
import { expectAccessible } from '../support/a11y';
import {
  apiUrl,
  chooseInstrument,
  enterPassingChecks,
  enterUnitValues,
  expect,
  signIn,
  snap,
  test,
} from '../support/fixtures';
import { dayFromNow, measuredInstrumentPlan as plan } from '../support/instrument-data';
import { createLandingMachine, signInToken, type LandingMachine } from './landing-data';

/** Where the form sends a new certificate. */
const CREATE = apiUrl(apiPaths.certificateCreate());
const CHOICE = 'Prüfmittel: Isolationswiderstand';

/** Inventory numbers are unique in the register: each run has its own. */
const run = Date.now().toString(36).toUpperCase();

let token: string;
let machine: LandingMachine;
let fit: Instrument;
let soon: Instrument;
let overdue: Instrument;
let toBlock: Instrument;

async function api<T>(baseURL: string, method: string, path: string, body?: unknown) {
  const response = await fetch(`${baseURL}${apiUrl(path)}`, {
    method,
    headers: { 'Content-Type': 'application/json', Authorization: token },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return { status: response.status, body: (await response.json()) as T };
}

/** An insulation tester as quality (the role Freigabe) registers it. */
const tester = (number: number, name: string, due: string): InstrumentBody => ({
  inventory_number: `PM-${run}-${number}`,
  name,
  maker: 'Fluke',
  model: '1587 FC',
  serial_number: `SN-${run}-${number}`,
  kind: 'insulation_tester',
  interval_months: 12,
  last_calibrated: dayFromNow(-300),
  due,
  status: 'in_use',
});

async function register(baseURL: string, body: InstrumentBody) {
  const { status, body: instrument } = await api<Instrument>(baseURL, 'POST', apiPaths.instruments(), body);
  expect(status).toBe(201);
  return instrument;
}

test.beforeAll(async ({ baseURL }) => {
  test.setTimeout(60_000);
  token = await signInToken(baseURL!);
  machine = await createLandingMachine(baseURL!, token, `Prüfmittel ${run}`);
  // The e2e account is an administrator: it has the release right that edits plans and keeps the register.
  const { status } = await api(baseURL!, 'PUT', apiPaths.machineTestPlan(machine.machineId), {
    steps: plan,
    based_on: 0,
  });
  expect(status).toBe(200);
  fit = await register(baseURL!, tester(1, 'Isolationsmessgerät Halle 1', dayFromNow(200)));
  soon = await register(baseURL!, tester(2, 'Isolationsmessgerät Halle 2', dayFromNow(10)));
  overdue = await register(baseURL!, tester(3, 'Isolationsmessgerät Lager', dayFromNow(-2)));
  toBlock = await register(baseURL!, tester(4, 'Isolationsmessgerät Reparatur', dayFromNow(200)));
});

async function choose(page: Page, label: string, option: string) {
  await page.getByLabel(label, { exact: true }).fill(option);
  await page.getByRole('option', { name: option, exact: true }).click();
}

/** The create form with the machine of these tests chosen. */
async function openForm(page: Page) {
  await choose(page, 'MARKE', 'BDS Maschinen');
  await choose(page, 'ARTIKELNUMMER', machine.name);
  await expect(page.getByRole('heading', { name: 'Prüfung' })).toBeVisible();
}

/** WEITER, and the certificate the API issued. */
async function issue(page: Page, { failed = false } = {}) {
  const answer = page.waitForResponse((r) => r.url().endsWith(CREATE) && r.request().method() === 'POST');
  await page.getByRole('button', { name: 'WEITER', exact: true }).click();
  // A certificate with a failed unit is issued only after the question.
  if (failed) await page.getByRole('button', { name: 'TROTZDEM AUSSTELLEN' }).click();
  return answer;
}

test.describe('Prüfmittel auf dem Prüfbericht', () => {
  test.beforeEach(async ({ page }) => {
    await page.addInitScript(() => {
      window.print = () => undefined;
    });
  });

  test('the choice lists the insulation testers with their due dates, the overdue one not choosable; issued with the chosen one, preselected next time', async ({
    page,
  }) => {
    await signIn(page);
    await openForm(page);
    const choice = page.getByLabel(CHOICE, { exact: true });
    const option = (instrument: Instrument) =>
      choice.locator('option', { hasText: instrument.inventory_number });
    // Nothing chosen yet by this account in this browser.
    await expect(choice).toHaveValue('');
    await expect(option(fit)).toHaveText(
      `${fit.inventory_number} · ${fit.name} · fällig am ${formatDate(fit.due)}`,
    );
    await expect(option(fit)).toBeEnabled();
    await expect(option(soon)).toHaveText(
      `${soon.inventory_number} · ${soon.name} · bald fällig: ${formatDate(soon.due)}`,
    );
    await expect(option(soon)).toBeEnabled();
    await expect(option(overdue)).toHaveText(
      `${overdue.inventory_number} · ${overdue.name} · überfällig seit ${formatDate(overdue.due)}, nicht wählbar`,
    );
    await expect(option(overdue)).toBeDisabled();

    // Due soon is said beside the choice, in words.
    await chooseInstrument(page, 'Isolationswiderstand', soon.id);
    await expect(page.getByText(`Kalibrierung bald fällig: ${formatDate(soon.due)}`)).toBeVisible();
    await expectAccessible(page, 'certificate-create-instrument-choice');

    await chooseInstrument(page, 'Isolationswiderstand', fit.id);
    await enterPassingChecks(page);
    await enterUnitValues(page, 1, { Isolationswiderstand: '2,5' });
    const first = await issue(page);
    expect(first.status()).toBe(200);
    const [issued] = (await first.json()) as PrintData[];
    expect(issued.test_record.instruments).toEqual([
      { inventory_number: fit.inventory_number, name: fit.name, due: fit.due },
    ]);
    await expect(page.getByRole('region', { name: 'Prüfbericht ausgestellt' })).toBeVisible();

    // The next certificate: the account's last choice for the step is preselected.
    await page.getByRole('button', { name: 'NEUER PRÜFBERICHT' }).click();
    await openForm(page);
    await expect(choice).toHaveValue(String(fit.id));
    await snap(page, 'instrument-choice-preselected');
    await enterPassingChecks(page);
    await enterUnitValues(page, 1, { Isolationswiderstand: '3,0' });
    const second = await issue(page);
    expect(second.status()).toBe(200);
    const [again] = (await second.json()) as PrintData[];
    expect(again.test_record.instruments?.map((used) => used.inventory_number)).toEqual([
      fit.inventory_number,
    ]);
  });

  test('an instrument blocked after it was chosen: the 409 names it at the choice, nothing entered is lost; the retest asks for one too', async ({
    page,
    baseURL,
  }) => {
    await signIn(page);
    await openForm(page);
    await page.getByLabel('MENGE').fill('2');
    await chooseInstrument(page, 'Isolationswiderstand', toBlock.id);
    await enterPassingChecks(page);
    await enterUnitValues(page, 1, { Isolationswiderstand: '2,5' });
    await enterUnitValues(page, 2, { Isolationswiderstand: '0,8' });
    // Quality blocks it meanwhile.
    const { status } = await api(baseURL!, 'PUT', apiPaths.instrument(toBlock.id), {
      ...tester(4, toBlock.name, toBlock.due),
      status: 'blocked',
    });
    expect(status).toBe(200);

    const refused = await issue(page, { failed: true });
    expect(refused.status()).toBe(409);
    const choice = page.getByLabel(CHOICE, { exact: true });
    await expect(choice).toHaveAccessibleDescription(
      `Isolationsmessgerät Prüfmittel ${toBlock.inventory_number}: gesperrt`,
    );
    await expect(choice).toHaveAttribute('aria-invalid', 'true');
    await expect(choice).toBeFocused();
    // The register as it is now: the blocked one is listed, not choosable.
    await expect(choice.locator('option', { hasText: toBlock.inventory_number })).toHaveText(
      `${toBlock.inventory_number} · ${toBlock.name} · gesperrt, nicht wählbar`,
    );
    await expect(choice.locator('option', { hasText: toBlock.inventory_number })).toBeDisabled();
    await expect(choice).toHaveValue(String(toBlock.id));
    await expect(
      page.getByRole('textbox', { name: 'Einheit 1 Isolationswiderstand', exact: true }),
    ).toHaveValue('2,5');
    await expect(
      page.getByRole('textbox', { name: 'Einheit 2 Isolationswiderstand', exact: true }),
    ).toHaveValue('0,8');
    await expect(page.getByLabel('Spannungsfestigkeit')).toHaveValue('1500 V');
    await expect(page.getByLabel('MENGE')).toHaveValue('2');
    await expectAccessible(page, 'certificate-create-instrument-refused');

    await chooseInstrument(page, 'Isolationswiderstand', fit.id);
    await expect(choice).not.toHaveAttribute('aria-invalid');
    const issued = await issue(page, { failed: true });
    expect(issued.status()).toBe(200);
    const [certificate] = (await issued.json()) as PrintData[];
    expect(certificate.failed_units).toBe(1);
    await expect(page.getByRole('region', { name: 'Prüfbericht ausgestellt' })).toBeVisible();

    // The retest of the failed unit after repair asks for the instrument too: the last choice preselected.
    const serial = certificate.serials[1];
    await page.goto(`/units/${serial}`);
    const retest = page.getByRole('form', { name: 'Nachprüfung erfassen' });
    const retestChoice = retest.getByLabel(CHOICE, { exact: true });
    await expect(retestChoice).toHaveValue(String(fit.id));
    await expect(retestChoice.locator('option', { hasText: overdue.inventory_number })).toBeDisabled();
    // Before typing scrolls the page: the shell's sticky header would cover the toolbar's link.
    await expectAccessible(page, 'unit-retest-instrument-choice');
    await retest.getByLabel('Fehlergrund').selectOption('ISO');
    await retest.getByLabel('Isolationswiderstand', { exact: true }).fill('2,4');
    const attempt = page.waitForResponse(
      (r) => r.url().endsWith(apiUrl(apiPaths.unitAttempts(serial))) && r.request().method() === 'POST',
    );
    await retest.getByRole('button', { name: 'NACHPRÜFUNG SPEICHERN' }).click();
    const retested = (await (await attempt).json()) as PrintData;
    const unit = retested.test_record.units.find((record) => record.serial === serial)!;
    expect(unit.attempts.map((tried) => tried.instruments)).toEqual([
      { insulation_resistance: fit.inventory_number },
      { insulation_resistance: fit.inventory_number },
    ]);
    await expect(page.getByRole('status').filter({ hasText: 'Nachprüfung bestanden' })).toBeVisible();
  });
});
