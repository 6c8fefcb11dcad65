import { apiPaths, DEFAULT_PLAN_STEPS, type Instrument, type PrintData } from 'contracts';
import type { Page } from '@playwright/test';
import { PDFDocument, StandardFonts } from 'pdf-lib';
import { expectAccessible } from '../support/a11y';
import {
  apiUrl,
  chooseInstrument,
  enterPassingChecks,
  enterUnitValues,
  expect,
  remoteScreen,
  signIn,
  snap,
  test,
} from '../support/fixtures';
import {
  dayFromNow as day,
  measuredInsulationWithInstrument as insulation,
} from '../support/instrument-data';
import { createLandingMachine, signInToken, type LandingMachine } from './landing-data';

/** The default plan with the insulation measured, as a machine of the workshop has it. */
const plan = [...DEFAULT_PLAN_STEPS.filter((step) => step.key !== insulation.key), insulation];

/** Inventory numbers are unique in the register: each run has its own. */
const run = Date.now().toString(36).toUpperCase();
const INVENTORY = `PM-${run}`;

let machine: LandingMachine;

/** A one-page calibration certificate, as the laboratory sends it. */
async function certificatePdf(): Promise<Buffer> {
  const document = await PDFDocument.create();
  const page = document.addPage([595, 842]);
  const font = await document.embedFont(StandardFonts.Helvetica);
  page.drawText(`Kalibrierschein ${INVENTORY}: außer Toleranz`, { x: 50, y: 780, size: 14, font });
  return Buffer.from(await document.save());
}

async function choose(page: Page, label: string, option: string) {
  await page.getByLabel(label, { exact: true }).fill(option);
  await page.getByRole('option', { name: option, exact: true }).click();
}

/** The tab „Prüfmittel“ on one of its views. */
async function openTab(page: Page, view: 'Register' | 'Auswirkungen') {
  await page.goto('/?tab=instruments');
  const screen = remoteScreen(page, 'machines/Instruments');
  await expect(screen.getByRole('button', { name: /^Register/ })).toBeVisible();
  await screen.getByRole('button', { name: new RegExp(`^${view}`) }).click();
  return screen;
}

test.beforeAll(async ({ baseURL }) => {
  const token = await signInToken(baseURL!);
  machine = await createLandingMachine(baseURL!, token, `Prüfmittel-Register ${run}`);
  const response = await fetch(`${baseURL}${apiUrl(apiPaths.machineTestPlan(machine.machineId))}`, {
    method: 'PUT',
    headers: { 'Content-Type': 'application/json', Authorization: token },
    body: JSON.stringify({ steps: plan, based_on: 0 }),
  });
  expect(response.status).toBe(200);
});

test.describe('Prüfmittel', () => {
  test.beforeEach(async ({ page }) => {
    await page.addInitScript(() => {
      window.print = () => undefined;
    });
  });

  test('register an instrument, issue with it, find it out of tolerance since the day before: the certificate is listed until closed with a revision', async ({
    page,
  }) => {
    test.setTimeout(120_000);
    await signIn(page, '/?tab=instruments');
    let screen = await openTab(page, 'Register');

    // Register it; the API's German refusal of a due date before the last calibration stands at the field.
    await screen.getByRole('button', { name: '+ PRÜFMITTEL ANLEGEN' }).click();
    const form = screen.getByTestId('instrument-form');
    await form.getByLabel('Inventarnummer').fill(INVENTORY);
    await form.getByLabel('Bezeichnung').fill('Isolationsmessgerät Halle 3');
    await form.getByLabel('Hersteller').fill('Fluke');
    await form.getByLabel('Modell').fill('1587 FC');
    await form.getByLabel('Seriennummer', { exact: true }).fill(`SN-${run}`);
    await form.getByLabel('Art (was es misst)').selectOption({ label: 'Isolationsmessgerät' });
    await form.getByLabel('Letzte Kalibrierung').fill(day(-100));
    await form.getByLabel('Nächste Kalibrierung fällig').fill(day(-101));
    await form.getByRole('button', { name: 'SPEICHERN' }).click();
    const due = form.getByLabel('Nächste Kalibrierung fällig');
    await expect(due).toHaveAttribute('aria-invalid', 'true');
    await expect(due).toHaveAccessibleDescription(/.+/);
    await expect(due).toBeFocused();
    await expectAccessible(page, 'instruments-form-error');
    await due.fill(day(20));
    const created = page.waitForResponse(
      (r) => r.url().endsWith(apiUrl(apiPaths.instruments())) && r.request().method() === 'POST',
    );
    await form.getByRole('button', { name: 'SPEICHERN' }).click();
    const instrument = (await (await created).json()) as Instrument;
    await expect(form).toBeHidden();
    const row = screen.getByRole('row').filter({ has: page.getByRole('rowheader', { name: INVENTORY }) });
    // Due in 20 days: said in words, not by colour alone.
    await expect(row).toContainText('Fällig in 20 Tagen');
    await expect(row).toContainText('In Gebrauch');
    await expectAccessible(page, 'instruments-register');

    // Issue a certificate with it on the create form.
    await page.goto('/?tab=certificate_create');
    await choose(page, 'MARKE', 'BDS Maschinen');
    await choose(page, 'ARTIKELNUMMER', machine.name);
    await chooseInstrument(page, 'Isolationswiderstand', instrument.id);
    await enterPassingChecks(page);
    await enterUnitValues(page, 1, { Isolationswiderstand: '2,5' });
    const answer = page.waitForResponse(
      (r) => r.url().endsWith(apiUrl(apiPaths.certificateCreate())) && r.request().method() === 'POST',
    );
    await page.getByRole('button', { name: 'WEITER', exact: true }).click();
    expect((await answer).status()).toBe(200);
    const [certificate] = (await (await answer).json()) as PrintData[];
    await expect(page.getByRole('region', { name: 'Prüfbericht ausgestellt' })).toBeVisible();

    // The calibration laboratory finds it out of tolerance; suspect since the day before the issue.
    screen = await openTab(page, 'Register');
    await screen.getByRole('button', { name: `Kalibrierungen ${INVENTORY}` }).click();
    const panel = screen.getByTestId('calibrations');
    const calibration = panel.getByTestId('calibration-form');
    await calibration.getByLabel('Außer Toleranz').check();
    await calibration.getByLabel(/^Verdächtig seit/).fill(day(-1));
    await calibration.getByLabel('Notiz').fill('Messabweichung 8 % bei 500 V');
    await calibration.getByLabel('Kalibrierschein (PDF, optional)').setInputFiles({
      name: 'kalibrierschein.pdf',
      mimeType: 'application/pdf',
      buffer: await certificatePdf(),
    });
    await calibration.getByRole('button', { name: 'KALIBRIERUNG SPEICHERN' }).click();
    await expect(
      page.getByText('Ein betroffener Prüfbericht steht jetzt in den Auswirkungen.'),
    ).toBeVisible();
    const history = panel.getByTestId('calibration-history');
    await expect(history.getByRole('row').nth(1)).toContainText('Außer Toleranz');
    await expect(history.getByRole('row').nth(1)).toContainText('Messabweichung 8 % bei 500 V');
    await expect(row).toContainText('Gesperrt');
    const download = page.waitForEvent('download');
    await history.getByRole('button', { name: /^PDF öffnen/ }).click();
    expect((await download).suggestedFilename()).toBe(`Kalibrierschein_${INVENTORY}_${day(0)}.pdf`);
    await expectAccessible(page, 'instruments-calibrations');

    // The impact list: the certificate, open, until quality closes it.
    screen = await openTab(page, 'Auswirkungen');
    const entry = screen.getByTestId('impact-entry').filter({ hasText: INVENTORY });
    await expect(entry).toHaveCount(1);
    await expect(entry).toContainText(`Prüfbericht Nr. ${certificate.id}`);
    await expect(entry).toContainText(certificate.serials[0]);
    await expect(entry).toContainText('Offen');
    const exported = page.waitForEvent('download');
    await screen.getByRole('button', { name: 'CSV' }).click();
    expect((await exported).suggestedFilename()).toMatch(/^pruefmittel-auswirkungen-\d{4}-\d{2}-\d{2}\.csv$/);
    await expectAccessible(page, 'instruments-impacts');
    // Closing as revised before the certificate was revised: the API's German 409 says so.
    await entry.getByRole('button', { name: 'Als korrigiert abschließen' }).click();
    await entry.getByRole('button', { name: 'Abschließen' }).click();
    await expect(entry.getByRole('alert')).toHaveText(
      'Der Prüfbericht wurde seit dem Befund nicht korrigiert. Bitte zuerst korrigieren.',
    );

    // To the certificate: revised with a reason.
    await entry.getByRole('link', { name: `Prüfbericht Nr. ${certificate.id}` }).click();
    const detail = page.getByTestId('certificate-detail');
    await detail.getByRole('button', { name: 'KORRIGIEREN' }).click();
    const revise = detail.getByRole('form', { name: 'Prüfbericht korrigieren' });
    await revise.getByLabel('GEPRÜFT VON').fill('Qualität Nachprüfung');
    await revise
      .getByLabel('GRUND DER KORREKTUR')
      .fill(`Isolationswiderstand mit ${INVENTORY} außer Toleranz gemessen, neu geprüft`);
    await revise.getByRole('button', { name: 'KORREKTUR SPEICHERN' }).click();
    await expect(page.getByText('Korrektur gespeichert: Revision 2.')).toBeVisible();

    // Back in the impact list: closed as revised.
    screen = await openTab(page, 'Auswirkungen');
    const again = screen.getByTestId('impact-entry').filter({ hasText: INVENTORY });
    await again.getByRole('button', { name: 'Als korrigiert abschließen' }).click();
    await again.getByLabel('Notiz (optional)').fill('Revision 2 mit neuem Messwert');
    await again.getByRole('button', { name: 'Abschließen' }).click();
    await expect(again).toContainText('Korrigiert –');
    await expect(again).toContainText('Revision 2 mit neuem Messwert');
    await expect(again.getByRole('button', { name: /abschließen/ })).toHaveCount(0);
    await snap(page, 'instruments-impact-closed');
  });
});
