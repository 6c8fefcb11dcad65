import { readFile } from 'node:fs/promises';
import { apiPaths, CERTIFICATE_DEFAULTS, type Notice, type PrintData } from 'contracts';
import { expectAccessible } from '../support/a11y';
import { apiUrl, expect, remoteScreen, signIn, snap, test } from '../support/fixtures';
import { fillRecall } from '../support/notice-form';
import { createLandingMachine, signInToken, type LandingMachine } from './landing-data';

/** Machine names are unique per brand: each run has its own. */
const run = Date.now().toString(36).toUpperCase();
const TITLE_DE = `Rückruf Schalter ${run}`;
const TITLE_EN = `Recall switch ${run}`;
const TEXT_EN = 'Stop using the machine.\nYour dealer replaces the switch free of charge.';
/** Markup in a notice is text on both pages, never HTML. */
const MARKUP = '<img src=x onerror="window.__xss=1">';

// The customer page shows the notice the staff test publishes.
test.describe.configure({ mode: 'serial' });

let machine: LandingMachine;
/** A second unit of the same machine, issued after the first: the notice does not cover it. */
let otherSerial: string;

test.beforeAll(async ({ baseURL }) => {
  const token = await signInToken(baseURL!);
  machine = await createLandingMachine(baseURL!, token, `Sicherheitshinweis ${run}`);
  const brands = await fetch(`${baseURL}${apiUrl(apiPaths.brands())}`, { headers: { Authorization: token } });
  const brand = ((await brands.json()) as { data: { id: number; name: string }[] }).data.find(
    (candidate) => candidate.name === 'BDS Maschinen',
  )!;
  const issued = await fetch(`${baseURL}${apiUrl(apiPaths.certificateCreate())}`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Authorization: token },
    body: JSON.stringify({
      ...CERTIFICATE_DEFAULTS,
      brand_id: brand.id,
      machine_id: machine.machineId,
      checked_by: 'E2E',
      crowd: 1,
    }),
  });
  expect(issued.status).toBe(200);
  otherSerial = ((await issued.json()) as PrintData[])[0].serial_no;
});

test('staff publish a recall for one serial and see exactly that unit, then export it', async ({ page }) => {
  test.setTimeout(90_000);
  await signIn(page, '/?tab=notices');
  const screen = remoteScreen(page, 'machines/Notices');
  const form = await fillRecall(screen, machine.name, {
    title_de: TITLE_DE,
    text_de: `Bitte nicht mehr benutzen. ${MARKUP}`,
    title_en: TITLE_EN,
    text_en: TEXT_EN,
  });

  // Reversed: the API's German refusal stands at the field, which gets the keyboard.
  await form.getByLabel('Seriennummer von').fill(otherSerial);
  await form.getByLabel('Seriennummer bis').fill(machine.serial);
  await form.getByRole('button', { name: 'Veröffentlichen' }).click();
  const to = form.getByLabel('Seriennummer bis');
  await expect(to).toHaveAttribute('aria-invalid', 'true');
  await expect(to).toHaveAccessibleDescription('Das Ende des Bereichs liegt vor seinem Anfang');
  await expect(to).toBeFocused();
  // From the top: scrolled to the refused field, the shell's sticky header lies over the form's first fields.
  await page.evaluate(() => window.scrollTo(0, 0));
  await expectAccessible(page, 'notices-form-error');

  await form.getByLabel('Seriennummer von').fill(machine.serial);
  const published = page.waitForResponse(
    (r) => r.url().endsWith(apiUrl(apiPaths.notices())) && r.request().method() === 'POST',
  );
  await form.getByRole('button', { name: 'Veröffentlichen' }).click();
  const notice = (await (await published).json()) as Notice;
  expect(notice.affected).toBe(1);
  await expect(form).toBeHidden();

  const row = screen.getByTestId('notice').filter({ hasText: TITLE_DE });
  await expect(row).toContainText('Rückruf');
  await expect(row).toContainText(`Seriennummern ${machine.serial} bis ${machine.serial}`);
  await expect(row).toContainText('Betroffene Einheiten: 1');
  await row.getByRole('button', { name: 'Betroffene Einheiten zeigen' }).click();
  const affected = screen.getByTestId('affected');
  const units = affected.getByTestId('affected-unit');
  await expect(units).toHaveCount(1);
  await expect(units.first()).toContainText(machine.serial);
  await expect(units.first()).toContainText('Freigegeben');
  await expect(affected).not.toContainText(otherSerial);
  await expectAccessible(page, 'notices-affected');

  const download = page.waitForEvent('download');
  await affected.getByRole('button', { name: 'CSV' }).click();
  const file = await download;
  expect(file.suggestedFilename()).toMatch(
    new RegExp(`^sicherheitshinweis-${notice.id}-einheiten-.*\\.csv$`),
  );
  const text = await readFile((await file.path())!, 'utf8');
  expect(text).toContain('Seriennummer');
  expect(text).toContain(machine.serial);
  expect(text).not.toContain(otherSerial);
});

test.describe('Kundenseite auf dem Telefon', () => {
  test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true, locale: 'en-GB' });

  test('the affected unit shows the recall first, another unit of the machine does not', async ({ page }) => {
    await page.addInitScript(() => {
      (window as unknown as { __xss?: number }).__xss = 0;
    });
    await page.goto(`/landing/${machine.machineId}/${machine.serial}`);
    await expect(page.getByRole('heading', { level: 1, name: machine.name })).toBeVisible();
    const notice = page.getByTestId('unit-notice');
    await expect(notice).toHaveCount(1);
    await expect(notice).toContainText('Recall');
    await expect(notice.getByRole('heading', { level: 2, name: TITLE_EN })).toBeVisible();
    // Above the fold on a phone, before the serial number box.
    const box = await notice.boundingBox();
    expect(box!.y + box!.height).toBeLessThan(844);
    const serialBox = await page.getByTestId('unit-status').boundingBox();
    expect(box!.y).toBeLessThan(serialBox!.y);
    await expectAccessible(page, 'notices-customer-affected-en');

    // In German, the German text, its markup as text.
    await page.getByRole('button', { name: 'DE', exact: true }).click();
    await expect(notice.getByRole('heading', { level: 2, name: TITLE_DE })).toBeVisible();
    await expect(notice).toContainText(MARKUP);
    expect(await page.evaluate(() => (window as unknown as { __xss?: number }).__xss)).toBe(0);
    await snap(page, 'notices-customer-affected-de');

    await page.goto(`/landing/${machine.machineId}/${otherSerial}`);
    await expect(page.getByRole('heading', { level: 1, name: machine.name })).toBeVisible();
    await expect(page.getByTestId('unit-status')).toBeVisible();
    await expect(page.getByTestId('unit-notice')).toHaveCount(0);
    await expectAccessible(page, 'notices-customer-unaffected');
  });
});
