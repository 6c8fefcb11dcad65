import type { Page } from '@playwright/test';
import { apiPaths, DEFAULT_PLAN_STEPS, type ReleaseQueue } from 'contracts';
import { expectAccessible } from '../support/a11y';
import { expect, snap, test } from '../support/fixtures';
import { measuredInsulation } from '../support/plan-data';
import { apiCall, issueTested, pageAs, staffAccount } from '../support/staff-api';
import { signInToken } from './landing-data';

/**
 * Zur Freigabe (mfe-certificates/src/features/release-queue): the quality department's list of the units waiting
 * for a second person's release, the longest waiting first, with their values against the limits, released one or
 * many at once; the second-person rule refuses what the releaser tested, unit by unit, with why.
 */

const stamp = Date.now().toString(36);
let baseURL: string;
let admin: string;
let inspector: string;
let quality: string;
let machineId: number;
let brandId: number;
/** The default plan with the insulation resistance measured per unit. */
const PLAN = DEFAULT_PLAN_STEPS.map((step) =>
  step.key === measuredInsulation.key ? measuredInsulation : step,
);

const call = <T>(token: string, method: string, path: string, body?: unknown) =>
  apiCall<T>(baseURL, token, method, path, body);

/** A certificate of units measuring `insulation` (MΩ, at least 1 passes), issued by `token`; its serials. */
const issue = async (token: string, ...insulation: string[]) =>
  (
    await issueTested(baseURL, token, {
      brandId,
      machineId,
      steps: PLAN,
      units: insulation.map((value) => ({ [measuredInsulation.key]: value })),
    })
  )[0].serials;

const queueRows = (page: Page) =>
  page
    .getByRole('table', { name: 'Einheiten zur Freigabe' })
    .getByRole('row')
    .filter({ has: page.getByRole('checkbox') });

test.beforeAll(async ({ baseURL: url }) => {
  // Two accounts, each password hashed and checked several times at full cost.
  test.setTimeout(120_000);
  baseURL = url!;
  admin = await signInToken(baseURL);
  const settings = await call<object>(admin, 'GET', apiPaths.settings());
  await call(admin, 'PUT', apiPaths.settings(), { ...settings, release_by_second_person: true });
  brandId = (
    await call<{ id: number }>(admin, 'POST', apiPaths.brandCreate(), { name: `Freigabemarke ${stamp}` })
  ).id;
  machineId = (
    await call<{ id: number }>(admin, 'POST', apiPaths.machineCreate(), {
      brand_id: brandId,
      name: `Freigabemaschine ${stamp}`,
      serial_prefix: 'RQA',
      link_en: 'https://example.com/en',
      link_ger: 'https://example.com/de',
      electronic_circuit_board: 0,
    })
  ).id;
  await call(admin, 'PUT', apiPaths.machineTestPlan(machineId), {
    steps: PLAN,
    based_on: 0,
  });
  inspector = await staffAccount(baseURL, admin, {
    roles: ['pruefer'],
    name: 'Paul Prüfer',
    email: `pruefer-rq-${stamp}@example.com`,
  });
  quality = await staffAccount(baseURL, admin, {
    roles: ['freigabe'],
    name: 'Quirin Qualität',
    email: `qs-rq-${stamp}@example.com`,
  });
  // What other specs left waiting is released first, so the queue holds this spec's units alone.
  const { data } = await call<ReleaseQueue>(quality, 'GET', `${apiPaths.releaseQueue()}?per_page=100`);
  for (const id of new Set(data.map((unit) => unit.certificate_id)))
    await call(quality, 'POST', apiPaths.certificateRelease(id), {});
});

test.afterAll(async () => {
  // Other specs issue without a second person.
  const settings = await call<object>(admin, 'GET', apiPaths.settings());
  await call(admin, 'PUT', apiPaths.settings(), { ...settings, release_by_second_person: false });
});

test('quality releases two waiting units at once from Zur Freigabe, oldest first with values against limits; an inspector has no such tab', async ({
  browser,
}) => {
  test.setTimeout(120_000);
  const [oldest] = await issue(inspector, '5,0');
  const [second, third] = await issue(inspector, '3,2', '1,0');

  const inspectorPage = await pageAs(browser, inspector, '/?tab=release_queue');
  const inspectorNav = inspectorPage.getByRole('navigation');
  await expect(inspectorNav.getByRole('link', { name: 'Daten' })).toBeVisible();
  await expect(inspectorNav.getByRole('link', { name: 'Zur Freigabe' })).toHaveCount(0);
  // Its address leads an inspector to the first tab the roles allow.
  await expect(inspectorPage.getByRole('heading', { level: 1 })).toHaveText('Prüfbericht erstellen');
  await inspectorPage.context().close();

  const page = await pageAs(browser, quality, '/');
  await page.getByRole('navigation').getByRole('link', { name: 'Zur Freigabe' }).click();
  await expect(page).toHaveURL(/\?tab=release_queue$/);
  const rows = queueRows(page);
  await expect(rows).toHaveCount(3);
  await expect(rows.nth(0)).toContainText(oldest);
  await expect(rows.nth(1)).toContainText(second);
  await expect(rows.nth(2)).toContainText(third);
  await expect(rows.nth(0).getByRole('definition')).toHaveText('5,0 MΩ Grenzwert ≥ 1 MΩ');
  await expect(rows.nth(0).getByRole('term')).toHaveText('Isolationswiderstand');
  await expect(rows.nth(2)).toContainText('1,0 MΩ Grenzwert ≥ 1 MΩ');
  await expect(rows.nth(0)).toContainText('Paul Prüfer');
  await expect(rows.nth(0)).toContainText(`Freigabemaschine ${stamp}`);
  await expectAccessible(page, 'release-queue');
  await snap(page, 'release-queue-1366');

  await rows
    .nth(0)
    .getByRole('checkbox', { name: `Einheit ${oldest} auswählen` })
    .check();
  await rows
    .nth(1)
    .getByRole('checkbox', { name: `Einheit ${second} auswählen` })
    .check();
  await page.getByRole('button', { name: 'AUSGEWÄHLTE FREIGEBEN (2)' }).click();
  const dialog = page.getByRole('alertdialog');
  await expect(dialog).toContainText(`${oldest}, ${second}`);
  await dialog.getByRole('button', { name: 'FREIGEBEN' }).click();
  const outcome = page.getByRole('status').filter({ hasText: 'Freigabe: 2 freigegeben, 0 abgelehnt' });
  await expect(outcome).toContainText(`${oldest}: freigegeben`);
  await expect(outcome).toContainText(`${second}: freigegeben`);
  // They leave the queue; the third still waits.
  await expect(rows).toHaveCount(1);
  await expect(rows.nth(0)).toContainText(third);
  await expectAccessible(page, 'release-queue-released');
  await page.context().close();

  // The administrator tests and may release: what it tested itself is refused, with why; the rest is released.
  const [own] = await issue(admin, '7,5');
  const adminPage = await pageAs(browser, admin, '/?tab=release_queue', 1024);
  const adminRows = queueRows(adminPage);
  await expect(adminRows).toHaveCount(2);
  await adminPage.getByRole('button', { name: 'ALLE AUF DIESER SEITE AUSWÄHLEN' }).click();
  await adminPage.getByRole('button', { name: 'AUSGEWÄHLTE FREIGEBEN (2)' }).click();
  await adminPage.getByRole('alertdialog').getByRole('button', { name: 'FREIGEBEN' }).click();
  const report = adminPage.getByRole('status').filter({ hasText: 'Freigabe: 1 freigegeben, 1 abgelehnt' });
  await expect(report).toContainText(`${third}: freigegeben`);
  await expect(report).toContainText(
    `${own}: nicht freigegeben: Die Freigabe muss eine zweite Person erteilen, nicht der Prüfer.`,
  );
  await expect(adminRows).toHaveCount(1);
  await expect(adminRows.nth(0)).toContainText(own);
  await snap(adminPage, 'release-queue-1024');
  await expectAccessible(adminPage, 'release-queue-refused');
  await adminPage.context().close();
});
