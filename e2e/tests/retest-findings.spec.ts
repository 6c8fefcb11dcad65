import { apiPaths, type PlanStep } from 'contracts';
import type { Page } from '@playwright/test';
import { expectAccessible } from '../support/a11y';
import { guideStep as guide, measuredInsulation } from '../support/plan-data';
import { apiUrl, expect, signIn, snap, test } from '../support/fixtures';
import { createLandingMachine, signInToken, type LandingMachine } from './landing-data';

/** Where the form sends a new certificate. */
const CREATE = apiUrl(apiPaths.certificateCreate());
/** Insulation resistance with bounds of physical sense: never negative, never above 10 000 MΩ. */
const insulation: PlanStep = { ...measuredInsulation, plausible_min: 0, plausible_max: 10_000 };
const SIZES = [
  [1366, 768],
  [1024, 768],
] as const;

let machine: LandingMachine;

test.beforeAll(async ({ baseURL }) => {
  test.setTimeout(120_000);
  const token = await signInToken(baseURL!);
  machine = await createLandingMachine(baseURL!, token, `Nachprüfung ${Date.now().toString(36)}`);
  const response = await fetch(`${baseURL}${apiUrl(apiPaths.machineTestPlan(machine.machineId))}`, {
    method: 'PUT',
    headers: { 'Content-Type': 'application/json', Authorization: token },
    body: JSON.stringify({ steps: [guide, insulation], based_on: 0 }),
  });
  expect(response.status).toBe(200);
});

async function choose(page: Page, label: string, option: string) {
  await page.getByLabel(label, { exact: true }).fill(option);
  await page.getByRole('option', { name: option, exact: true }).click();
}

const cell = (page: Page, unit: number) =>
  page.getByRole('textbox', { name: `Einheit ${unit} Isolationswiderstand`, exact: true });

/** Screenshots of the page as it is at both widths, back at 1366 after. */
async function snapBoth(page: Page, name: string) {
  for (const [width, height] of SIZES) {
    await page.setViewportSize({ width, height });
    await snap(page, `${name}-${width}`);
  }
  await page.setViewportSize({ width: 1366, height: 768 });
}

test.describe('Nachprüfung mit Befund, Plausibilität, Rückfrage beim Ausstellen', () => {
  test('an implausible value is refused, a failed unit asks once, the form empties, the retest asks only the failed step with a reason', async ({
    page,
  }) => {
    test.setTimeout(180_000);
    await page.addInitScript(() => {
      window.print = () => undefined;
    });
    await page.setViewportSize({ width: 1366, height: 768 });
    await signIn(page);
    let sent = 0;
    page.on('request', (request) => {
      if (request.method() === 'POST' && request.url().endsWith(CREATE)) sent++;
    });

    await choose(page, 'MARKE', 'BDS Maschinen');
    await choose(page, 'ARTIKELNUMMER', machine.name);
    await page.getByLabel('MENGE').fill('2');
    await page.getByRole('button', { name: 'Alle bestanden' }).click();
    // 20 000 MΩ is beyond the plan's plausible 10 000: refused in German, nothing sent.
    await cell(page, 1).fill('20000');
    await cell(page, 2).fill('0,8');
    await expect(page.getByText('Unplausibler Wert – möglich: 0 … 10.000 MΩ')).toBeVisible();
    await expect(cell(page, 1)).toHaveAttribute('aria-invalid', 'true');
    await page.getByRole('button', { name: 'WEITER', exact: true }).click();
    await expect(cell(page, 1)).toBeFocused();
    expect(sent).toBe(0);
    await expectAccessible(page, 'create-implausible');
    await snapBoth(page, 'retest-create-implausible');

    // Unit 2 fails: issuing asks once.
    await cell(page, 1).fill('10000');
    await page.getByRole('button', { name: 'WEITER', exact: true }).click();
    const dialog = page.getByRole('alertdialog', {
      name: '1 Einheit nicht bestanden – trotzdem ausstellen?',
    });
    await expect(dialog).toBeVisible();
    expect(sent).toBe(0);
    await expectAccessible(page, 'create-failed-confirm');
    await snapBoth(page, 'retest-create-confirm');
    const answer = page.waitForResponse((r) => r.url().endsWith(CREATE) && r.status() === 200);
    await dialog.getByRole('button', { name: 'TROTZDEM AUSSTELLEN' }).click();
    const [data] = (await (await answer).json()) as { serials: string[]; failed_units: number }[];
    expect(data.failed_units).toBe(1);
    expect(sent).toBe(1);

    // Issued: shown above an empty form for the next certificate.
    const issued = page.getByRole('region', { name: 'Prüfbericht ausgestellt' });
    await expect(issued).toContainText(data.serials[1]);
    await expect(page.getByRole('heading', { name: 'Prüfung' })).toBeHidden();
    await expect(page.getByLabel('MENGE')).toHaveValue('1');
    await expect(page.getByLabel('ARTIKELNUMMER', { exact: true })).toBeDisabled();
    await snapBoth(page, 'retest-create-issued');

    // The retest of unit 2: a reason, a finding, only the failed step; the passed one carried over.
    await page.goto(`/units/${data.serials[1]}`);
    const retest = page.getByRole('form', { name: 'Nachprüfung erfassen' });
    await expect(retest).toBeVisible();
    const carried = retest.getByRole('list', { name: 'Übernommen aus Versuch 1' });
    await expect(carried).toContainText('Führung/Funktion');
    await expect(carried).toContainText('übernommen');
    await expect(retest.getByRole('radio')).toHaveCount(0);
    await retest.getByLabel('Isolationswiderstand').fill('-1');
    await expect(retest.getByText('Außerhalb des Messbereichs', { exact: false })).toBeVisible();
    await retest.getByLabel('Isolationswiderstand').fill('2,4');
    await retest.getByRole('button', { name: 'NACHPRÜFUNG SPEICHERN' }).click();
    await expect(retest.getByText('Bitte den Fehlergrund wählen')).toBeVisible();
    await expect(retest.getByLabel('Fehlergrund')).toBeFocused();
    await expectAccessible(page, 'retest-form');
    await snapBoth(page, 'retest-form');
    await retest.getByLabel('Fehlergrund').selectOption('ISO');
    await retest.getByLabel('Befund und Maßnahme').fill('Klemme X1 feucht – getrocknet, neu abgedichtet');
    await retest.getByRole('button', { name: 'NACHPRÜFUNG SPEICHERN' }).click();
    await expect(page.getByRole('status').filter({ hasText: 'Nachprüfung bestanden' })).toBeVisible();
    const table = page.getByRole('table', { name: 'Prüfergebnisse' });
    await expect(table).toContainText('ISO – Isolationsfehler');
    await expect(table).toContainText('Klemme X1 feucht – getrocknet, neu abgedichtet');
    await expect(table).toContainText('übernommen');
    await expectAccessible(page, 'retest-recorded');
    await snapBoth(page, 'retest-recorded');
  });

  test('the plan editor keeps plausibility bounds, the retest rule and the failure reasons', async ({
    page,
  }) => {
    test.setTimeout(120_000);
    await page.setViewportSize({ width: 1366, height: 768 });
    await signIn(page, `/machines/${machine.machineId}/test-plan`);
    await expect(page.getByLabel('Eine Nachprüfung wiederholt alle Schritte')).not.toBeChecked();
    const reasons = page.getByTestId('failure-reasons');
    await expect(reasons.getByRole('rowheader', { name: 'ISO' })).toBeVisible();
    const code = `L${Date.now().toString(36).toUpperCase().slice(-6)}`;
    await reasons.getByLabel('Code').fill('<b>');
    await reasons.getByRole('button', { name: 'FEHLERGRUND ANLEGEN' }).click();
    await expect(reasons.getByText('Großbuchstaben, Ziffern', { exact: false })).toBeVisible();
    await reasons.getByLabel('Code').fill(code);
    await reasons.getByLabel('Bezeichnung', { exact: true }).fill('Lackschaden');
    await reasons.getByRole('button', { name: 'FEHLERGRUND ANLEGEN' }).click();
    await expect(reasons.getByRole('rowheader', { name: code })).toBeVisible();
    await expectAccessible(page, 'plan-failure-reasons');
    await snapBoth(page, 'retest-plan-editor');
  });
});
