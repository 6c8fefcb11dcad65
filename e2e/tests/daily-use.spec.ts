import type { Page } from '@playwright/test';
import { apiPaths, CERTIFICATE_DEFAULTS } from 'contracts';
import { readFile } from 'node:fs/promises';
import { expectAccessible } from '../support/a11y';
import { apiUrl, E2E_USER, expect, signIn, snap, test } from '../support/fixtures';
import { createLandingMachine, signInToken, type LandingMachine } from './landing-data';

/**
 * Issue 31, tried as the quality manager, an auditor and the administrator would: the certificate number in
 * the list, period presets and the units of a filter, voiding what was chosen, the audit trail for auditors,
 * a lock an administrator lifts, one navigation with a title per screen, and a deep link kept across sign-in.
 */

const stamp = Date.now().toString(36);
const PASSWORD = 'taeglich-Passwort-31';
let machine: LandingMachine;
let token: string;
interface Issued {
  id: number;
  serial_no: string;
  endSerialNo: string;
  version: number;
}
const issued: Issued[] = [];

async function api<T>(page: Page, method: 'get' | 'post' | 'put', path: string, data?: object): Promise<T> {
  const response = await page.request[method](apiUrl(path), { headers: { Authorization: token }, data });
  expect(response.ok(), `${method} ${path}: ${await response.text()}`).toBe(true);
  return (await response.json()) as T;
}

test.beforeAll(async ({ baseURL, browser }) => {
  test.setTimeout(120_000);
  token = await signInToken(baseURL!);
  machine = await createLandingMachine(baseURL!, token, `Alltag ${stamp}`);
  const page = await browser.newPage();
  const brands = await api<{ data: { id: number; name: string }[] }>(page, 'get', apiPaths.brands());
  const brand = brands.data.find((b) => b.name === 'BDS Maschinen')!;
  for (const crowd of [3, 2]) {
    const [certificate] = await api<Issued[]>(page, 'post', apiPaths.certificateCreate(), {
      ...CERTIFICATE_DEFAULTS,
      brand_id: brand.id,
      machine_id: machine.machineId,
      checked_by: 'Erika Alltag',
      crowd,
    });
    issued.push(certificate);
  }
  // The second one voided whole: its row is dimmed and offers no printing.
  await api(page, 'post', apiPaths.certificateVoid(issued[1].id), {
    version: 1,
    reason: 'Doppelt ausgestellt',
  });
  for (const [email, roles] of [
    [`auditorin-${stamp}@example.com`, ['lesen', 'audit']],
    [`gesperrt-${stamp}@example.com`, ['lesen']],
  ] as const) {
    const created = await api<{ id: number }>(page, 'post', apiPaths.accounts(), {
      email,
      password: 'erstes-Passwort-31',
      roles,
    });
    // Its own password already, so sign-in leads straight into the app.
    const first = await page.request.post(apiUrl(apiPaths.login()), {
      data: { username: email, password: 'erstes-Passwort-31' },
    });
    const own = ((await first.json()) as { token: string }).token;
    await page.request.post(apiUrl(apiPaths.mePassword()), {
      headers: { Authorization: own },
      data: { current_password: 'erstes-Passwort-31', new_password: PASSWORD },
    });
    expect(created.id).toBeGreaterThan(0);
  }
  await page.close();
});

const WIDTHS = [1366, 1024, 768] as const;

/** No part of the page sticks out sideways: what is there is reachable without scrolling the window. */
async function expectNoSidewaysScroll(page: Page, what: string) {
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow, `${what}: page wider than the window`).toBeLessThanOrEqual(0);
}

test('the list: the number as a column and a search, presets with the units they hold, voided rows', async ({
  page,
}) => {
  await signIn(page, '/?tab=certificate_list');
  await expect(page).toHaveTitle('Daten – BDS PRÜFBERICHT SOFTWARE');
  const search = page.getByRole('searchbox', { name: 'SUCHEN...' });
  // As printed: „Nr. 7“ finds certificate 7 (a bare 7 finds it too, beside article numbers with a 7).
  await search.fill(`Nr. ${issued[0].id}`);
  await search.press('Enter');
  const table = page.getByRole('table', { name: 'Prüfberichte' });
  await expect(table.getByRole('row')).toHaveCount(2);
  await expect(table.getByRole('row').nth(1)).toContainText(issued[0].serial_no);
  await expect(page.getByText('1 Prüfbericht mit 3 Einheiten im Filter')).toBeVisible();

  await page.goto(`/?tab=certificate_list&search=${encodeURIComponent(machine.name)}`);
  await page.getByRole('button', { name: 'Heute' }).click();
  await expect(page.getByRole('button', { name: 'Heute' })).toHaveAttribute('aria-pressed', 'true');
  await expect(page.getByText(/Prüfberichte mit 6 Einheiten im Filter/)).toBeVisible();
  await expect(page.getByRole('button', { name: 'ANWENDEN' })).toHaveCount(0);
  const voidedRow = table.getByRole('row').filter({ hasText: issued[1].serial_no });
  await expect(voidedRow).toHaveClass(/cert-row--voided/);
  await expect(voidedRow.getByRole('link', { name: /^Drucken/ })).toHaveCount(0);
  await expect(voidedRow.getByRole('link', { name: /^Etiketten/ })).toHaveCount(0);
  await expect(
    table
      .getByRole('row')
      .filter({ hasText: issued[0].serial_no })
      .getByRole('link', { name: /^Drucken/ }),
  ).toHaveCount(1);

  for (const width of WIDTHS) {
    await page.setViewportSize({ width, height: 768 });
    // Every column, STATUS and AKTION too, is on screen or in the table's own scroll box.
    await expectNoSidewaysScroll(page, `list at ${width}`);
    await expect(page.getByRole('columnheader', { name: 'AKTION' })).toBeAttached();
    await snap(page, `daily-list-${width}`);
  }
  await page.setViewportSize({ width: 1366, height: 768 });
  await expectAccessible(page, 'daily-list-filtered');
});

test('voiding asks, naming the units chosen; the detail page keeps the areas and has its own title', async ({
  page,
}) => {
  await signIn(page, `/certificates/${issued[0].id}`);
  await expect(page).toHaveTitle(`Prüfbericht Nr. ${issued[0].id} – BDS PRÜFBERICHT SOFTWARE`);
  await expect(
    page.getByRole('navigation', { name: 'Bereiche' }).getByRole('link', { name: 'Daten' }),
  ).toBeVisible();
  await page.getByRole('button', { name: 'STORNIEREN' }).click();
  await expect(page.getByRole('radio', { name: 'Nur diese Einheiten stornieren:' })).toBeChecked();
  await page.getByRole('checkbox', { name: issued[0].endSerialNo }).check();
  await page.getByLabel('GRUND DER STORNIERUNG').fill('Transportschaden');
  await page.getByRole('button', { name: 'STORNIEREN', exact: true }).last().click();
  const dialog = page.getByRole('alertdialog', { name: 'Stornierung bestätigen' });
  await expect(dialog).toContainText(
    `Von Prüfbericht Nr. ${issued[0].id} die Einheit ${issued[0].endSerialNo} stornieren?`,
  );
  await expectAccessible(page, 'daily-void-confirm');
  await dialog.getByRole('button', { name: 'JA, STORNIEREN' }).click();
  await expect(page.getByText('◐')).toBeVisible();
});

test('an auditor reads the trail in German without administering, filters it by serial and exports it', async ({
  page,
}) => {
  await page.goto('/login');
  await page.getByLabel('E-Mail').fill(`auditorin-${stamp}@example.com`);
  await page.getByLabel('Passwort').fill(PASSWORD);
  await page.getByRole('button', { name: 'EINLOGGEN' }).click();
  await page.getByRole('link', { name: 'Protokoll' }).click();
  await expect(page).toHaveTitle('Protokoll – BDS PRÜFBERICHT SOFTWARE');
  await expect(page.getByRole('link', { name: 'Verwaltung' })).toHaveCount(0);
  await expect(page.getByRole('navigation', { name: 'Verwaltung' }).getByRole('link')).toHaveText([
    'Protokoll',
  ]);
  await page.getByLabel('Seriennummer').fill(issued[1].endSerialNo);
  await page.getByRole('button', { name: 'FILTERN' }).click();
  const trail = page.getByRole('table', { name: 'Protokoll' });
  await expect(trail.getByRole('cell', { name: 'Storniert', exact: true }).first()).toBeVisible();
  await expect(trail).toContainText('Grund: Doppelt ausgestellt');
  await expect(trail).not.toContainText('{');
  await expect(trail).not.toContainText('certificate_id');
  await expectAccessible(page, 'daily-audit-auditor');
  await page.getByLabel('Format').selectOption('csv');
  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'EXPORTIEREN' }).click();
  const file = await download;
  expect(file.suggestedFilename()).toMatch(/^protokoll-\d{4}-\d{2}-\d{2}\.csv$/);
  const text = await readFile((await file.path())!, 'utf8');
  expect(text).toContain('Zeitpunkt;Konto;Aktion;Gegenstand;Details');
  expect(text).toContain('Grund: Doppelt ausgestellt');
  await expect(page.getByRole('status').filter({ hasText: 'Export gespeichert' })).toBeVisible();
  for (const width of WIDTHS) {
    await page.setViewportSize({ width, height: 768 });
    await expectNoSidewaysScroll(page, `audit at ${width}`);
    await snap(page, `daily-audit-${width}`);
  }
});

test('a lockout stays on the form with its end; the administrator sees the lock and lifts it', async ({
  page,
  browser,
}) => {
  const email = `gesperrt-${stamp}@example.com`;
  const other = await (await browser.newContext()).newPage();
  await other.goto('/login');
  for (let i = 0; i < 5; i++) {
    await other.getByLabel('E-Mail').fill(email);
    await other.getByLabel('Passwort').fill(`falsch-${i}-falsch`);
    const answered = other.waitForResponse((r) => r.url().endsWith(apiUrl(apiPaths.login())));
    await other.getByRole('button', { name: 'EINLOGGEN' }).click();
    await answered;
  }
  await other.getByLabel('Passwort').fill(PASSWORD);
  await other.getByRole('button', { name: 'EINLOGGEN' }).click();
  const notice = other.getByRole('form').getByRole('alert');
  await expect(notice).toContainText(/Gesperrt bis \d{2}:\d{2} Uhr\./);
  await expect(other).toHaveTitle('Anmelden – BDS PRÜFBERICHT SOFTWARE');
  await expectAccessible(other, 'daily-login-locked');
  // A toast is gone after 5 s; the notice is part of the form and stays until the next attempt.
  await expect(other.locator('.Toastify')).not.toContainText('Gesperrt');

  await signIn(page, '/admin/accounts');
  const row = page.getByTestId(`account-${email}`);
  await expect(row).toContainText(/Nach Fehlversuchen gesperrt bis/);
  await row.getByRole('button', { name: /Bearbeiten/ }).click();
  await expect(page.getByTestId('account-lock')).toBeVisible();
  await expectAccessible(page, 'daily-admin-locked-account');
  await page.getByRole('button', { name: 'SPERRE AUFHEBEN' }).click();
  await expect(row).not.toContainText(/gesperrt bis/);
  await page.getByRole('checkbox', { name: 'Zwei-Faktor-Anmeldung für dieses Konto vorschreiben' }).click();
  await expect(
    page.getByRole('checkbox', { name: 'Zwei-Faktor-Anmeldung für dieses Konto vorschreiben' }),
  ).toBeChecked();
  for (const width of WIDTHS) {
    await page.setViewportSize({ width, height: 768 });
    await expectNoSidewaysScroll(page, `accounts at ${width}`);
    await snap(page, `daily-accounts-${width}`);
  }
  await other.getByRole('button', { name: 'EINLOGGEN' }).click();
  await expect(other.getByRole('heading', { name: /Zwei-Faktor-Anmeldung/ })).toBeVisible();
});

test('a deep link opened while signed out returns there after sign-in; the header fits at 1024 px', async ({
  page,
}) => {
  await page.setViewportSize({ width: 1024, height: 768 });
  await page.goto(`/units/${issued[0].serial_no}`);
  await expect(page).toHaveURL(/\/login$/);
  await page.getByLabel('E-Mail').fill(E2E_USER.email);
  await page.getByLabel('Passwort').fill(E2E_USER.password);
  await page.getByRole('button', { name: 'EINLOGGEN' }).click();
  await expect(page).toHaveURL(new RegExp(`/units/${issued[0].serial_no}$`));
  await expect(page).toHaveTitle(`Einheit ${issued[0].serial_no} – BDS PRÜFBERICHT SOFTWARE`);
  await expect(page.getByRole('navigation', { name: 'Bereiche' })).toBeVisible();
  // One line of header: the bar is no taller than its tallest control row.
  const height = await page.locator('.sh-header__bar').evaluate((bar) => bar.getBoundingClientRect().height);
  expect(height).toBeLessThan(90);
  await snap(page, 'daily-header-1024');
  await page.getByRole('link', { name: 'Mein Konto' }).click();
  await expect(page).toHaveTitle('Mein Konto – BDS PRÜFBERICHT SOFTWARE');
  // The busiest header: the list tab with ETIKETTEN DRUCKEN and the admin area, still one line at 1024 px.
  await page.getByRole('link', { name: 'Daten' }).click();
  await expect(page.getByRole('link', { name: 'ETIKETTEN DRUCKEN' })).toBeVisible();
  const busiest = await page.locator('.sh-header__bar').evaluate((bar) => bar.getBoundingClientRect().height);
  expect(busiest).toBeLessThan(90);
  await snap(page, 'daily-header-list-1024');
});
