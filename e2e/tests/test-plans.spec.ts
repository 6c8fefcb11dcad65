import type { Browser, Page } from '@playwright/test';
import { apiPaths, CERTIFICATE_DEFAULTS, DEFAULT_PLAN_STEPS, type PlanStep, type TestPlan } from 'contracts';
import { expectAccessible } from '../support/a11y';
import { apiUrl, expect, signIn, test } from '../support/fixtures';
import { signInToken } from './landing-data';

/**
 * Test plans and release (docs/decisions/0010-test-record.md): the quality department edits a machine's plan,
 * a tester issues against it, a second person releases.
 */

const stamp = Date.now().toString(36);
const FIRST = 'erstes-Passwort-42';
const OWN = 'eigenes-Passwort-43';

let baseURL: string;
let admin: string;
let brandId: number;
let machineA: { id: number; name: string };
let machineB: { id: number; name: string };

async function call<T>(token: string, method: string, path: string, body?: unknown): Promise<T> {
  const response = await fetch(`${baseURL}${apiUrl(path)}`, {
    method,
    headers: { Authorization: token, 'Content-Type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const answer = (await response.json().catch(() => ({}))) as T;
  if (!response.ok) throw new Error(`${method} ${path}: HTTP ${response.status} ${JSON.stringify(answer)}`);
  return answer;
}

/** An account with `roles`, its first password changed as the app demands; answers its session token. */
async function account(roles: string[], name: string): Promise<string> {
  const email = `${name
    .split(' ')[0]
    .toLowerCase()
    .replace(/[^a-z]/g, '')}-${stamp}@example.com`;
  await call(admin, 'POST', apiPaths.accounts(), { email, name, password: FIRST, roles });
  const login = async (password: string) =>
    (await call<{ token: string }>('', 'POST', apiPaths.login(), { username: email, password })).token;
  await call(await login(FIRST), 'POST', apiPaths.mePassword(), {
    current_password: FIRST,
    new_password: OWN,
  });
  return login(OWN);
}

/** A page of its own for the account of `token`, at `target`. */
async function pageAs(browser: Browser, token: string, target: string): Promise<Page> {
  const page = await (await browser.newContext({ viewport: { width: 1366, height: 768 } })).newPage();
  await page.goto('/login');
  await page.evaluate((value) => window.localStorage.setItem('token', value), token);
  await page.goto(target);
  return page;
}

async function createMachine(name: string, prefix: string) {
  const machine = await call<{ id: number }>(admin, 'POST', apiPaths.machineCreate(), {
    brand_id: brandId,
    name,
    serial_prefix: prefix,
    link_en: 'https://example.com/en',
    link_ger: 'https://example.com/de',
    electronic_circuit_board: 0,
  });
  return { id: machine.id, name };
}

/** The default plan passing, and the measured insulation resistance of each unit as typed. */
function issue(token: string, machineId: number, insulation: string[]) {
  return call<{ id: number; serial_no: string; endSerialNo: string }[]>(
    token,
    'POST',
    apiPaths.certificateCreate(),
    {
      ...CERTIFICATE_DEFAULTS,
      brand_id: brandId,
      machine_id: machineId,
      checked_by: 'Paul Prüfer',
      crowd: insulation.length,
      results: {
        certificate: Object.fromEntries(
          DEFAULT_PLAN_STEPS.map((step) => [step.key, step.kind === 'choice' ? step.passing[0] : 'pass']),
        ),
        units: insulation.map((value) => ({ isolationswiderstand: value })),
      },
    },
  );
}

const INSULATION: Partial<PlanStep> = {
  key: 'isolationswiderstand',
  kind: 'numeric',
  unit: 'MΩ',
  lower: 1,
  upper: null,
  decimals: 1,
  parameters: '500 V DC',
  standard: 'IEC 60204-1, 18.3',
  required: true,
  per_unit: true,
};

test.beforeAll(async ({ baseURL: url }) => {
  baseURL = url!;
  admin = await signInToken(baseURL);
  const brand = await call<{ id: number }>(admin, 'POST', apiPaths.brandCreate(), {
    name: `Planmarke ${stamp}`,
  });
  brandId = brand.id;
  machineA = await createMachine(`Planmaschine A ${stamp}`, 'PLA');
  machineB = await createMachine(`Planmaschine B ${stamp}`, 'PLB');
});

test.afterAll(async () => {
  // Other specs issue without a second person.
  const settings = await call<object>(admin, 'GET', apiPaths.settings());
  await call(admin, 'PUT', apiPaths.settings(), { ...settings, release_by_second_person: false });
});

test('quality edits a machine plan: a measured step, a stale save refused, read-only for readers, copied to another machine', async ({
  page,
  browser,
}) => {
  test.setTimeout(120_000);
  const quality = await account(['freigabe'], 'Quirin Qualität');
  await page.setViewportSize({ width: 1366, height: 768 });
  await page.goto('/login');
  await page.evaluate((value) => window.localStorage.setItem('token', value), quality);

  // From the machine list, which every role reads, to the machine's plan.
  await page.goto('/?tab=machine_list');
  await page.getByRole('searchbox').fill(machineA.name);
  await page.getByRole('searchbox').press('Enter');
  await expect(page.getByRole('row')).toHaveCount(2);
  await page.getByRole('row').nth(1).getByRole('link', { name: 'Prüfplan' }).click();
  await expect(page).toHaveURL(`/machines/${machineA.id}/test-plan`);
  await expect(page.getByTestId('plan-version')).toHaveText(
    'Version 0: der eingebaute Standard-Prüfplan (noch nie geändert)',
  );
  await expect(
    page.getByRole('heading', { name: `Prüfschritte (${DEFAULT_PLAN_STEPS.length})` }),
  ).toBeVisible();
  await expectAccessible(page, 'test-plan-editor');

  // A numeric step measured per unit: at least 1 MΩ, one decimal, at 500 V DC (IEC 60204-1, 18.3).
  await page.getByRole('button', { name: '+ SCHRITT HINZUFÜGEN' }).click();
  const step = page.getByRole('region', { name: /^Schritt 11\b/ });
  await expect(step.getByLabel('Deutsch *')).toBeFocused();
  // Saved without a German title: the editor says so at the field and sends nothing.
  await page.getByRole('button', { name: 'SPEICHERN', exact: true }).click();
  await expect(step.getByLabel('Deutsch *')).toBeFocused();
  await expect(step.getByText('Bitte den deutschen Titel angeben')).toBeVisible();
  await step.getByLabel('Deutsch *').fill('Isolationswiderstand');
  await expect(step.getByLabel('Schlüssel')).toHaveValue('isolationswiderstand');
  await step.getByLabel('Englisch').fill('Insulation resistance');
  await step.getByLabel('Art').selectOption({ label: 'Messwert' });
  await step.getByLabel('Einheit', { exact: true }).fill('MΩ');
  await step.getByLabel('Untere Grenze').fill('1');
  await step.getByLabel('Nachkommastellen').fill('1');
  await step.getByLabel('Prüfbedingungen').fill('500 V DC');
  await step.getByLabel('Norm und Abschnitt').fill('IEC 60204-1, 18.3');
  await expect(step.getByLabel('Gemessen')).toHaveValue('unit');
  await expectAccessible(page, 'test-plan-editor-new-step');
  await page.getByRole('button', { name: 'SPEICHERN', exact: true }).click();
  await expect(page.getByText('Prüfplan gespeichert: Version 1.')).toBeVisible();
  await expect(page.getByTestId('plan-version')).toContainText('Version 1, gespeichert von Quirin Qualität');
  const saved = await call<TestPlan>(admin, 'GET', apiPaths.machineTestPlan(machineA.id));
  expect(saved.version).toBe(1);
  expect(saved.steps.at(-1)).toMatchObject({ ...INSULATION, title: { de: 'Isolationswiderstand' } });
  // The stored key cannot change any more.
  await page.getByRole('button', { name: 'Bearbeiten: Schritt 11', exact: true }).click();
  await expect(page.getByRole('region', { name: /^Schritt 11\b/ }).getByLabel('Schlüssel')).toHaveAttribute(
    'readonly',
  );

  // Meanwhile someone else saves version 2: this page's save (based on version 1) is refused.
  await call(admin, 'PUT', apiPaths.machineTestPlan(machineA.id), {
    steps: saved.steps,
    based_on: 1,
    reason: 'Gleichzeitige Änderung',
  });
  await page.getByRole('button', { name: 'Bearbeiten: Schritt 1', exact: true }).click();
  await page
    .getByRole('region', { name: /^Schritt 1\b/ })
    .getByLabel('Englisch')
    .fill('Squareness');
  // From version 2 on a version says why it was made.
  await page.getByLabel('Änderungsgrund *').fill('Englische Bezeichnung korrigiert');
  await page.getByRole('button', { name: 'SPEICHERN', exact: true }).click();
  const conflict = page.getByRole('alert').filter({ hasText: 'Jemand anderes hat diesen Prüfplan' });
  await expect(conflict).toBeVisible();
  await conflict.getByRole('button', { name: 'NEU LADEN' }).click();
  await expect(page.getByTestId('plan-version')).toContainText('Version 2');
  await expect(conflict).toHaveCount(0);

  // A reader sees the plan, and nothing to change it with.
  const reader = await pageAs(
    browser,
    await account(['lesen'], 'Lena Lesen'),
    `/machines/${machineA.id}/test-plan`,
  );
  await expect(reader.getByText('Nur lesen: Prüfpläne ändert, wer das Recht Freigabe hat.')).toBeVisible();
  // The new step, by its key (the default plan's insulation step is pass/fail, key insulation_resistance).
  const measured = reader.getByRole('row').filter({ hasText: /isolationswiderstand/ });
  await expect(measured).toContainText('Messwert');
  await expect(measured).toContainText('≥ 1 MΩ');
  await expect(measured).toContainText('500 V DC');
  await expect(reader.getByRole('button', { name: 'SPEICHERN', exact: true })).toHaveCount(0);
  await expect(reader.getByRole('textbox')).toHaveCount(0);
  await expectAccessible(reader, 'test-plan-read-only');
  // At 768 px the table scrolls sideways in a region the keyboard can reach.
  await reader.setViewportSize({ width: 768, height: 1024 });
  await expectAccessible(reader, 'test-plan-read-only-768');
  await reader.context().close();

  // Machine B takes machine A's plan.
  await page.goto(`/machines/${machineB.id}/test-plan`);
  await expect(page.getByTestId('plan-version')).toContainText('Version 0');
  await page.getByRole('searchbox', { name: 'Maschine suchen' }).fill(machineA.name);
  await page.getByRole('searchbox', { name: 'Maschine suchen' }).press('Enter');
  await page
    .getByLabel('Maschine', { exact: true })
    .selectOption({ label: `${machineA.name} (Planmarke ${stamp})` });
  await page.getByRole('button', { name: 'KOPIEREN' }).click();
  const dialog = page.getByRole('alertdialog');
  await expect(dialog).toContainText(`Den Prüfplan von ${machineA.name}`);
  await dialog.getByRole('button', { name: 'KOPIEREN' }).click();
  await expect(
    page.getByText(`Prüfplan von ${machineA.name} (Planmarke ${stamp}) übernommen: Version 1.`),
  ).toBeVisible();
  await expect(page.getByRole('region', { name: 'Schritt 11: Isolationswiderstand' })).toBeVisible();
  const copied = await call<TestPlan>(admin, 'GET', apiPaths.machineTestPlan(machineB.id));
  expect(copied.steps.map((s) => s.key)).toEqual(saved.steps.map((s) => s.key));
});

test('release by a second person, and a deviation release with a reason', async ({ page, browser }) => {
  test.setTimeout(120_000);
  // The plan with the measured step (the first test may run alone: the plan is set here through the API).
  const plan = await call<TestPlan>(admin, 'GET', apiPaths.machineTestPlan(machineA.id));
  if (!plan.steps.some((step) => step.key === 'isolationswiderstand')) {
    const insulation = { ...DEFAULT_PLAN_STEPS[0], ...INSULATION, title: { ...DEFAULT_PLAN_STEPS[6].title } };
    await call(admin, 'PUT', apiPaths.machineTestPlan(machineA.id), {
      steps: [...plan.steps, insulation],
      based_on: plan.version,
      reason: 'Isolationswiderstand gemessen',
    });
  }

  // The administrator turns the setting on.
  await signIn(page, '/admin/accounts');
  const setting = page.getByRole('checkbox', { name: 'Freigabe durch eine zweite Person' });
  await expect(setting).not.toBeChecked();
  // The box shows what is stored: it changes once the API has saved it.
  await setting.click();
  await expect(page.getByText('Einstellung gespeichert.')).toBeVisible();
  await expect(setting).toBeChecked();

  // A tester who also holds the release right issues one unit that passes: it waits for a second person.
  const tester = await account(['pruefer', 'freigabe'], 'Paul Prüfer');
  const [passed] = await issue(tester, machineA.id, ['1,5']);
  const testerPage = await pageAs(browser, tester, `/certificates/${passed.id}`);
  await expect(testerPage.getByTestId('certificate-verdict')).toHaveText('Zur Freigabe');
  await expect(testerPage.getByRole('row', { name: new RegExp(passed.serial_no) })).toContainText(
    'Zur Freigabe',
  );
  await testerPage.getByRole('button', { name: 'FREIGEBEN' }).click();
  await expect(testerPage.getByRole('alertdialog')).toContainText(passed.serial_no);
  await testerPage.getByRole('alertdialog').getByRole('button', { name: 'FREIGEBEN' }).click();
  await expect(testerPage.getByRole('alert').filter({ hasText: 'nicht der Prüfer' })).toHaveText(
    'Die Freigabe muss eine zweite Person erteilen, nicht der Prüfer.',
  );
  await expect(testerPage.getByTestId('certificate-verdict')).toHaveText('Zur Freigabe');
  await testerPage.context().close();

  // A second person with the release right releases it.
  const quality = await account(['freigabe'], 'Frieda Freigabe');
  const qualityPage = await pageAs(browser, quality, `/certificates/${passed.id}`);
  await expect(qualityPage.getByText(`Zur Freigabe: ${passed.serial_no}`)).toBeVisible();
  await expectAccessible(qualityPage, 'certificate-detail-release');
  await qualityPage.getByRole('button', { name: 'FREIGEBEN' }).click();
  await expect(qualityPage.getByRole('alertdialog')).toContainText(
    `Diese Einheit als bestanden freigeben: ${passed.serial_no}?`,
  );
  await qualityPage.getByRole('alertdialog').getByRole('button', { name: 'FREIGEBEN' }).click();
  await expect(qualityPage.getByText('Einheit freigegeben.')).toBeVisible();
  await expect(qualityPage.getByTestId('certificate-verdict')).toHaveText('Freigegeben');
  const releasedRow = qualityPage.getByRole('row', { name: new RegExp(passed.serial_no) });
  await expect(releasedRow).toContainText('Freigegeben');
  await expect(releasedRow).toContainText('von Frieda Freigabe');
  await expect(qualityPage.getByRole('button', { name: 'FREIGEBEN' })).toHaveCount(0);

  // Two units, the second at 0,8 MΩ against ≥ 1 MΩ: failed; released by deviation with a reason.
  const [mixed] = await issue(tester, machineA.id, ['2,0', '0,8']);
  const failedSerial = mixed.endSerialNo;
  await qualityPage.goto(`/certificates/${mixed.id}`);
  await expect(qualityPage.getByTestId('certificate-verdict')).toHaveText('Nicht bestanden');
  await expect(qualityPage.getByRole('row', { name: new RegExp(failedSerial) })).toContainText(
    'Nicht bestanden',
  );
  await expectAccessible(qualityPage, 'certificate-detail-deviation');
  await qualityPage.getByRole('button', { name: 'SONDERFREIGABE' }).click();
  await expect(qualityPage.getByText('Bitte mindestens eine Einheit wählen')).toBeVisible();
  await qualityPage.getByRole('checkbox', { name: failedSerial }).check();
  await qualityPage.getByLabel('BEGRÜNDUNG DER SONDERFREIGABE').fill('Kunde akzeptiert 0,8 MΩ schriftlich');
  await qualityPage.getByRole('button', { name: 'SONDERFREIGABE' }).click();
  await expect(qualityPage.getByRole('alertdialog')).toContainText(
    `Sonderfreigabe für ${failedSerial}, obwohl die Prüfung nicht bestanden wurde? Begründung: Kunde akzeptiert 0,8 MΩ schriftlich`,
  );
  await qualityPage.getByRole('alertdialog').getByRole('button', { name: 'SONDERFREIGABE' }).click();
  await expect(qualityPage.getByText('Sonderfreigabe erteilt für eine Einheit.')).toBeVisible();
  const deviationRow = qualityPage.getByRole('row', { name: new RegExp(failedSerial) });
  await expect(deviationRow).toContainText('Sonderfreigabe');
  await expect(deviationRow).toContainText('Begründung: Kunde akzeptiert 0,8 MΩ schriftlich');
  await qualityPage.context().close();
});
