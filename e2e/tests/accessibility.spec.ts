import Database from 'better-sqlite3';
import type { Locator, Page } from '@playwright/test';
import { apiPaths } from 'contracts';
import { expectAccessible } from '../support/a11y';
import { Secret, TOTP } from 'otpauth';
import {
  apiUrl,
  E2E_USER,
  enterPassingChecks,
  expect,
  remoteScreen,
  signIn,
  snap,
  test,
} from '../support/fixtures';
import { createLandingMachine, signInToken, type LandingMachine } from './landing-data';

let machine: LandingMachine;

test.beforeAll(async ({ baseURL }) => {
  test.setTimeout(120_000);
  machine = await createLandingMachine(baseURL!, await signInToken(baseURL!));
});

test.describe('Barrierefreiheit (axe-core, WCAG 2.2 AA)', () => {
  test('sign-in: empty, with field errors, with a wrong password, with the failure toast', async ({
    page,
  }) => {
    await page.goto('/login');
    await expect(page.getByRole('button', { name: 'EINLOGGEN' })).toBeVisible();
    await expectAccessible(page, 'login');

    await page.getByRole('button', { name: 'EINLOGGEN' }).click();
    await expect(page.getByText('E-Mail ist erforderlich')).toBeVisible();
    await expectAccessible(page, 'login-required');

    await page.getByLabel('E-Mail').fill('niemand@example.com');
    await page.getByLabel('Passwort').fill('falsches-Passwort');
    await page.getByRole('button', { name: 'EINLOGGEN' }).click();
    await expect(page.getByText('Passwort ist ungültig')).toBeVisible();
    await expectAccessible(page, 'login-wrong-password');

    await page.route(`**${apiUrl(apiPaths.login())}`, (route) => route.abort('connectionrefused'));
    await page.getByRole('button', { name: 'EINLOGGEN' }).click();
    await expect(page.getByText('Anmeldung fehlgeschlagen. Bitte versuchen Sie es erneut.')).toBeVisible();
    await expectAccessible(page, 'login-toast');
  });

  test('certificate form: empty and with errors; the sign-out dialog', async ({ page }) => {
    await signIn(page);
    await expect(remoteScreen(page, 'certificates/CertificateCreate')).toBeVisible();
    await expect(page.getByLabel('MENGE')).toBeVisible();
    await expectAccessible(page, 'certificate-create');

    await page.getByRole('button', { name: 'WEITER' }).click();
    await expect(page.getByText('Bitte wählen').first()).toBeVisible();
    await expectAccessible(page, 'certificate-create-errors');

    await page.getByRole('button', { name: 'Abmelden' }).click();
    await expect(page.getByRole('alertdialog')).toBeVisible();
    await expectAccessible(page, 'logout-dialog');
  });

  test('certificate list and reprint', async ({ page }) => {
    // The reprint opens the print dialog by itself; headless, it would wait for ever.
    await page.addInitScript(() => {
      window.print = () => {};
    });
    await signIn(page, '/?tab=certificate_list');
    const newest = page.getByTestId('certificate-list').getByRole('row').nth(1);
    await expect(newest).toContainText(machine.serial);
    await expectAccessible(page, 'certificate-list');

    await newest.getByRole('link', { name: /^Drucken:/ }).click();
    await expect(page).toHaveURL(/\/pdf\/\d+$/);
    await expect(page.getByRole('button', { name: 'DRUCKEN' })).toBeVisible();
    await expectAccessible(page, 'certificate-reprint');
  });

  test('machine list, brands, brand form with errors', async ({ page }) => {
    await signIn(page, '/?tab=machine_list');
    await page.getByPlaceholder('SUCHEN...').fill(machine.name);
    await page.getByPlaceholder('SUCHEN...').press('Enter');
    await expect(page.getByRole('cell', { name: machine.name })).toBeVisible();
    await expectAccessible(page, 'machine-list');

    await page.getByRole('button', { name: 'Marken' }).click();
    await expect(page.getByRole('cell', { name: 'BDS Maschinen', exact: true })).toBeVisible();
    await expectAccessible(page, 'brand-list');

    await page.getByRole('button', { name: '+ HINZUFÜGEN' }).click();
    await expect(page.getByRole('heading', { name: 'MARKE HINZUFÜGEN' })).toBeVisible();
    await page.getByRole('button', { name: 'SPEICHERN' }).click();
    await expect(page.getByText('Pflichtfeld')).toBeVisible();
    await expectAccessible(page, 'brand-form-errors');
  });

  test('machine form: new with errors, edit', async ({ page }) => {
    await signIn(page, '/machines');
    await expect(page.getByRole('button', { name: 'SPEICHERN' })).toBeVisible();
    await expectAccessible(page, 'machine-new');

    await page.getByRole('button', { name: 'SPEICHERN' }).click();
    await expect(page.locator('[aria-invalid="true"]').first()).toBeVisible();
    await expectAccessible(page, 'machine-new-errors');

    await page.goto(`/machines/${machine.machineId}`);
    await expect(page.getByLabel('ARTIKELNUMMER')).toHaveValue(machine.name);
    await expectAccessible(page, 'machine-edit');

    await page.getByLabel('ARTIKELNUMMER').fill(`${machine.name} geändert`);
    await page.getByRole('link', { name: 'Zurück' }).click();
    await expect(page.getByRole('alertdialog', { name: 'Änderungen verwerfen?' })).toBeVisible();
    await expectAccessible(page, 'machine-edit-leave-dialog');
  });

  test('labels and the not-found page', async ({ page }) => {
    await signIn(page, '/labels');
    await expect(remoteScreen(page, 'certificates/Labels')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Nächste Seite' })).toBeVisible();
    await expectAccessible(page, 'labels');

    await page.getByRole('button', { name: 'PRODUKTETIKETTEN' }).click();
    await expect(page.getByRole('button', { name: /^Auswählen: / }).first()).toBeVisible();
    await expectAccessible(page, 'labels-product');

    await page.goto('/gibt-es-nicht');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    // In the app's layout: the header with sign-out is there, the way back too.
    await expect(page.getByRole('banner').getByRole('button', { name: 'Abmelden' })).toBeVisible();
    await expectAccessible(page, 'not-found');
  });
});

const devices = [
  { name: 'phone', viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true },
  { name: 'desktop', viewport: { width: 1280, height: 800 }, isMobile: false, hasTouch: false },
];

for (const device of devices) {
  test.describe(`Barrierefreiheit der Kundenseite (${device.name})`, () => {
    test.use({ viewport: device.viewport, isMobile: device.isMobile, hasTouch: device.hasTouch });

    test('confirmed serial, unconfirmed serial, no serial, unknown machine', async ({ page }) => {
      await page.goto(`/landing/${machine.machineId}/${machine.serial}`);
      await expect(page.getByRole('heading', { level: 1, name: machine.name })).toBeVisible();
      await expectAccessible(page, `landing-confirmed-${device.name}`);

      await page.goto(`/landing/${machine.machineId}/GIBTESNICHT1`);
      await expect(page.getByRole('heading', { level: 1, name: machine.name })).toBeVisible();
      await expectAccessible(page, `landing-unconfirmed-${device.name}`);

      await page.goto(`/landing/${machine.machineId}`);
      await expect(page.getByRole('heading', { level: 1, name: machine.name })).toBeVisible();
      await expectAccessible(page, `landing-no-serial-${device.name}`);

      await page.goto('/landing/999999999/X1');
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      await expect(page.getByTestId('serial-unconfirmed')).toBeVisible();
      await expectAccessible(page, `landing-unknown-${device.name}`);

      // A GS1 Digital Link whose GTIN names no machine: the same state.
      await page.goto('/01/04006381333932/21/X1');
      await expect(page.getByTestId('serial-unconfirmed')).toBeVisible();
      await expectAccessible(page, `landing-gs1-unknown-${device.name}`);
    });

    test('in Portuguese, chosen with the language switch', async ({ page }) => {
      await page.goto(`/landing/${machine.machineId}/GIBTESNICHT1`);
      await page.getByRole('button', { name: 'PT' }).click();
      await expect(page.getByText('NÃO CONFIRMADO')).toBeVisible();
      await expectAccessible(page, `landing-portuguese-${device.name}`);
    });

    test('loading and a server error', async ({ page }) => {
      // Held until the loading state is checked.
      let release = () => {};
      const held = new Promise<void>((resolve) => (release = resolve));
      await page.route('**/api/brandMachineById/**', async (route) => {
        await held;
        // The page has moved on by then; whether the held request still exists does not matter.
        await route.abort().catch(() => {});
      });
      await page.goto(`/landing/${machine.machineId}/${machine.serial}`);
      await expect(page.getByText('Data loading ...')).toBeVisible();
      await expectAccessible(page, `landing-loading-${device.name}`);
      release();

      await page.unroute('**/api/brandMachineById/**');
      await page.route('**/api/brandMachineById/**', (route) => route.fulfill({ status: 500, body: '{}' }));
      await page.goto(`/landing/${machine.machineId}/${machine.serial}`);
      await expect(page.getByRole('button', { name: 'ERNEUT VERSUCHEN' })).toBeVisible();
      await expectAccessible(page, `landing-error-${device.name}`);
    });
  });
}

/** The computed focus look of the element that has the focus: what a keyboard user sees. */
const focusLook = (page: Page, selector: string) =>
  page.locator(selector).evaluate((element) => {
    const style = getComputedStyle(element);
    return { borderColor: style.borderTopColor, boxShadow: style.boxShadow };
  });

/** Presses `key` (Tab or Shift+Tab) until `target` has the focus: it must be reachable by keyboard alone. */
async function tabTo(page: Page, target: Locator, key: 'Tab' | 'Shift+Tab' = 'Tab') {
  for (let presses = 0; presses < 80; presses++) {
    if (await target.evaluate((element) => element === document.activeElement)) return;
    await page.keyboard.press(key);
  }
  throw new Error(`not reached by ${key}: ${target}`);
}

test.describe('Tastatur', () => {
  test('labels and the machine form by keyboard alone: search, choose, other kind, next page; the leave question', async ({
    page,
  }) => {
    await signIn(page, '/labels');
    await expect(remoteScreen(page, 'certificates/Labels')).toBeVisible();
    const search = page.getByLabel('PRÜFBERICHT SUCHEN');
    await tabTo(page, search);
    await page.keyboard.type(machine.serial);
    await page.keyboard.press('Enter');
    const choose = page.getByRole('button', { name: `Auswählen: ${machine.name} ${machine.serial}` });
    await expect(page.getByRole('button', { name: /^Auswählen: / })).toHaveCount(1);
    await tabTo(page, choose);
    await page.keyboard.press('Enter');
    await expect(page.getByRole('region', { name: 'Vorschau' })).toBeVisible();
    // Chosen, the button says so in its name too.
    await expect(
      page.getByRole('button', { name: `Ausgewählt: ${machine.name} ${machine.serial}` }),
    ).toHaveAttribute('aria-pressed', 'true');

    // The other kind starts with its own, empty search and pages through the whole catalogue.
    const productKind = page.getByRole('button', { name: 'PRODUKTETIKETTEN' });
    await tabTo(page, productKind, 'Shift+Tab');
    await page.keyboard.press('Enter');
    await expect(productKind).toHaveAttribute('aria-pressed', 'true');
    await expect(page.getByLabel('MASCHINE SUCHEN')).toHaveValue('');
    await expect(page.getByText(/^1-10 VON \d+$/)).toBeVisible();
    await tabTo(page, page.getByRole('button', { name: 'Nächste Seite' }));
    await page.keyboard.press('Enter');
    await expect(page.getByText(/^11-\d+ VON \d+$/)).toBeVisible();

    // A change on the machine form, then Zurück: the question takes the focus and keeps it.
    await page.goto(`/machines/${machine.machineId}`);
    const name = page.getByLabel('ARTIKELNUMMER');
    await expect(name).toHaveValue(machine.name);
    await tabTo(page, name);
    await page.keyboard.press('End');
    await page.keyboard.type(' x');
    const back = page.getByRole('link', { name: 'Zurück' });
    await tabTo(page, back, 'Shift+Tab');
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('alertdialog', { name: 'Änderungen verwerfen?' });
    await expect(dialog).toBeVisible();
    const cancel = dialog.getByRole('button', { name: 'ABBRECHEN' });
    const discard = dialog.getByRole('button', { name: 'VERWERFEN' });
    await expect(cancel).toBeFocused();
    await page.keyboard.press('Tab');
    await expect(discard).toBeFocused();
    await page.keyboard.press('Tab');
    await expect(cancel).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(dialog).toBeHidden();
    await expect(back).toBeFocused();
    await expect(name).toHaveValue(`${machine.name} x`);
    await page.keyboard.press('Enter');
    await expect(cancel).toBeFocused();
    await page.keyboard.press('Shift+Tab');
    await expect(discard).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(/\/\?tab=machine_list$/);
  });

  test('after sign-in and on each tab the first field has the focus', async ({ page }) => {
    await page.goto('/login');
    await page.getByLabel('E-Mail').fill(E2E_USER.email);
    await page.getByLabel('Passwort').fill(E2E_USER.password);
    await page.getByRole('button', { name: 'EINLOGGEN' }).click();
    await expect(page.getByLabel('MARKE')).toBeFocused();

    await page.getByRole('link', { name: 'Daten' }).click();
    await expect(page.getByTestId('certificate-list').getByPlaceholder('SUCHEN...')).toBeFocused();
    await page.getByRole('link', { name: 'Auswertung' }).click();
    await expect(page.locator('#panel-reports').getByLabel('ZEITRAUM DER MONATE')).toBeFocused();
    await page.getByRole('link', { name: 'Bearbeiten' }).click();
    await expect(page.locator('#panel-machine_list').getByPlaceholder('SUCHEN...')).toBeFocused();
    await page.getByRole('link', { name: 'Prüfbericht erstellen' }).click();
    // The list's filter has a MARKE too, in its (hidden) tab: the form's is meant.
    await expect(page.getByTestId('certificate-create').getByLabel('MARKE')).toBeFocused();
  });

  test('the first Tab reaches a skip link that jumps over the header', async ({ page }) => {
    // A screen that puts the focus nowhere itself, so the first Tab starts at the top of the page.
    await signIn(page, '/labels');
    await expect(remoteScreen(page, 'certificates/Labels')).toBeVisible();
    await page.keyboard.press('Tab');
    const skip = page.getByRole('link', { name: 'Zum Inhalt springen' });
    await expect(skip).toBeFocused();
    await expect(skip).toBeInViewport();
    await snap(page, 'keyboard-skip-link');
    await page.keyboard.press('Enter');
    await expect(page.locator('#main')).toBeFocused();
    await page.keyboard.press('Tab');
    // The next stop is inside the page's content, not the header's logo or tabs.
    await expect
      .poll(() => page.evaluate(() => document.activeElement!.closest('#main') !== null))
      .toBe(true);
  });

  test('the brand and machine selects show the same focus ring as the other fields', async ({ page }) => {
    await signIn(page);
    await page.getByLabel('MENGE').focus();
    const input = await focusLook(page, '#cert-quantity');
    await page.getByLabel('MARKE').focus();
    // polled: react-select eases its border in.
    await expect
      .poll(() => focusLook(page, '[data-testid="certificate-create"] [class*="control"]:focus-within'))
      .toEqual(input);
    await snap(page, 'keyboard-select-focus');

    await page.goto('/machines');
    await page.getByLabel('ARTIKELNUMMER').focus();
    const machineInput = await focusLook(page, '.sui-input:focus');
    await page.getByLabel('MARKE').focus();
    await expect.poll(() => focusLook(page, '.mach-select__control--is-focused')).toEqual(machineInput);
  });

  test('a failed validation puts the focus on the first invalid field', async ({ page }) => {
    await page.goto('/login');
    await page.getByLabel('Passwort').fill('etwas');
    await page.getByRole('button', { name: 'EINLOGGEN' }).click();
    await expect(page.getByLabel('E-Mail')).toBeFocused();

    await signIn(page);
    await expect(page.getByLabel('MARKE')).toBeFocused();
    await page.getByRole('button', { name: 'WEITER' }).click();
    await expect(page.getByText('Bitte wählen').first()).toBeVisible();
    await expect(page.getByLabel('MARKE')).toBeFocused();
    // Scrolled back up from WEITER, the field shows below the sticky header, not under it (WCAG 2.4.11).
    const header = (await page.locator('.sh-header').boundingBox())!;
    const field = (await page.getByText('wählen...').first().boundingBox())!;
    expect(field.y).toBeGreaterThanOrEqual(header.y + header.height);

    await page.goto('/machines');
    await page.getByLabel('ARTIKELNUMMER').fill('Nur ein Feld');
    await page.getByRole('button', { name: 'SPEICHERN' }).click();
    await expect(page.getByLabel('MARKE')).toBeFocused();

    await page.goto('/?tab=machine_list');
    await page.getByRole('button', { name: 'Marken' }).click();
    await page.getByRole('button', { name: '+ HINZUFÜGEN' }).click();
    await page.getByLabel('E-MAIL').fill('kein-at');
    await page.getByRole('button', { name: 'SPEICHERN' }).click();
    await expect(page.getByLabel('NAME')).toBeFocused();
  });
});

test.describe('Mitarbeiterseiten', () => {
  // Below 1440 px POS. and the last serial, below 1100 px the checker too stay on the details page
  // (certificate-list.css); what is left fits the box, AKTION included, without scrolling sideways.
  for (const { width, hidden } of [
    { width: 1366, hidden: ['POS.', 'END SERIENNUMMER'] },
    { width: 1280, hidden: ['POS.', 'END SERIENNUMMER'] },
    { width: 1024, hidden: ['POS.', 'END SERIENNUMMER', 'GEPRÜFT VON'] },
  ])
    test(`at ${width} px the certificate list shows its columns, AKTION included`, async ({ page }) => {
      await page.setViewportSize({ width, height: 768 });
      await signIn(page, '/?tab=certificate_list');
      const list = page.getByTestId('certificate-list');
      await expect(list.getByRole('row').nth(1)).toContainText(machine.serial);
      const shown = [
        'POS.',
        'NR.',
        'ARTIKELNUMMER',
        'START SERIENNUMMER',
        'END SERIENNUMMER',
        'GEPRÜFT VON',
        'MENGE',
        'DATUM',
        'STATUS',
        'PRÜFERGEBNIS',
        'AKTION',
      ].filter((column) => !hidden.includes(column));
      for (const column of shown)
        await expect(list.getByRole('columnheader', { name: column })).toBeInViewport({ ratio: 1 });
      for (const column of hidden)
        await expect(list.getByRole('columnheader', { name: column })).toBeHidden();
      const scroll = list.locator('.sui-table__scroll');
      expect(
        await scroll.evaluate((box) => box.scrollWidth - box.clientWidth),
        'table wider than its box',
      ).toBe(0);
      // The row's actions for this administrator (details, reprint, labels), all there before they are checked.
      await expect(list.getByRole('row').nth(1).getByRole('link')).toHaveCount(3);
      for (const link of await list.getByRole('row').nth(1).getByRole('link').all())
        await expect(link).toBeInViewport({ ratio: 1 });
      await snap(page, `certificate-list-${width}`);
    });

  for (const viewport of [
    { width: 1280, height: 800 },
    { width: 390, height: 844 },
  ]) {
    test(`a toast never covers the sign-out button (${viewport.width} px)`, async ({ page }) => {
      await page.setViewportSize(viewport);
      await signIn(page, '/machines');
      await page.getByLabel('MARKE', { exact: true }).click();
      await page.getByRole('option', { name: 'BDS Maschinen', exact: true }).click();
      await page.getByLabel('ARTIKELNUMMER').fill(`Toast ${Date.now().toString(36)}`);
      await page.getByLabel('SERIENNUMMER PRÄFIX').fill('999');
      await page.getByLabel('ENGLISCHE PRODUKTSEITE').fill('https://example.com/en');
      await page.route(`**${apiUrl(apiPaths.machineCreate())}`, (route) => route.abort('connectionrefused'));
      await page.getByRole('button', { name: 'SPEICHERN' }).click();
      const toast = page
        .getByRole('alert')
        .filter({ hasText: 'Die Maschine konnte nicht hinzugefügt werden' });
      await expect(toast).toBeVisible();
      // Where the toast lands once it has flown in, measured in one go: it closes after a second.
      const overlaps = await toast.evaluate(async (element) => {
        const card = element.closest('.Toastify__toast')!;
        await Promise.all(card.getAnimations().map((animation) => animation.finished));
        const a = card.getBoundingClientRect();
        const b = document.querySelector('button[aria-label="Abmelden"]')!.getBoundingClientRect();
        return a.left < b.right && b.left < a.right && a.top < b.bottom && b.top < a.bottom;
      });
      expect(overlaps).toBe(false);
    });
  }
});

test.describe('Barrierefreiheit: Konten und Verwaltung', () => {
  /**
   * An account of its own for these screens: two-factor sign-in on the suite's account would lock the other
   * specs out. Made through the API as an administrator would, its first password already replaced.
   */
  async function ownAccount(page: Page, email: string, mustChange = false) {
    const signedIn = await page.request.post(apiUrl(apiPaths.login()), {
      data: { username: E2E_USER.email, password: E2E_USER.password },
    });
    const admin = ((await signedIn.json()) as { token: string }).token;
    const created = await page.request.post(apiUrl(apiPaths.accounts()), {
      headers: { Authorization: admin },
      data: { email, password: 'erstes-Passwort-77', roles: ['lesen'] },
    });
    expect(created.status()).toBe(201);
    const login = await page.request.post(apiUrl(apiPaths.login()), {
      data: { username: email, password: 'erstes-Passwort-77' },
    });
    const { token } = (await login.json()) as { token: string };
    if (!mustChange) {
      const changed = await page.request.post(apiUrl(apiPaths.mePassword()), {
        headers: { Authorization: token },
        data: { current_password: 'erstes-Passwort-77', new_password: 'eigenes-Passwort-78' },
      });
      expect(changed.status()).toBe(204);
    }
    await page.goto('/login');
    await page.evaluate((value) => window.localStorage.setItem('token', value), token);
  }

  test('admin area: the accounts with the add form and an account opened, the audit log', async ({
    page,
  }) => {
    await signIn(page, '/admin/accounts');
    await expect(page.getByRole('table', { name: 'Konten' })).toBeVisible();
    await expectAccessible(page, 'admin-accounts');
    await page.getByRole('button', { name: 'KONTO ANLEGEN' }).click();
    await page.getByRole('button', { name: 'ANLEGEN', exact: true }).click();
    await expect(page.getByText('Pflichtfeld').first()).toBeVisible();
    await expectAccessible(page, 'admin-account-add-errors');
    await page.getByRole('button', { name: 'ABBRECHEN' }).click();
    await page.getByRole('button', { name: `Bearbeiten: ${E2E_USER.email}` }).click();
    await expect(page.getByTestId('account-editor')).toBeVisible();
    await expectAccessible(page, 'admin-account-editor');
    await page.getByRole('link', { name: 'Protokoll' }).click();
    await expect(page.getByRole('table', { name: 'Protokoll' })).toBeVisible();
    await expectAccessible(page, 'admin-audit-log');
  });

  test('admin area: the jobs, a failed one retried', async ({ page }) => {
    // A job that failed for good, as the worker leaves it after its last try: the first certificate's seal.
    const db = new Database(process.env.E2E_DATABASE_FILE!);
    const at = new Date().toISOString();
    db.prepare(
      `insert into jobs (kind, subject, payload, state, attempts, error, run_after, created_at, finished_at)
       values ('seal-certificate', 'certificate:1', '{"certificate_id":1}', 'failed', 5, ?, ?, ?, ?)`,
    ).run('Schrift für Hindi nicht gefunden', at, at, at);
    db.close();
    await signIn(page, '/admin/accounts');
    await page.getByRole('link', { name: 'Aufträge' }).click();
    await expect(page).toHaveTitle('Aufträge – Verwaltung – BDS PRÜFBERICHT SOFTWARE');
    const failed = page.getByRole('table', { name: 'Fehlgeschlagene Aufträge' });
    await expect(failed.getByRole('row', { name: /Schrift für Hindi nicht gefunden/ })).toBeVisible();
    await expectAccessible(page, 'admin-jobs');
    await failed
      .getByRole('button', { name: /^Erneut versuchen: Auftrag \d+$/ })
      .first()
      .click();
    await expect(page.getByText(/^Auftrag \d+ wartet wieder\.$/)).toBeVisible();
    await expect(page.getByText('Keine fehlgeschlagenen Aufträge.')).toBeVisible();
  });

  test('own account; two-factor enrolment with the QR code and the recovery codes', async ({ page }) => {
    await ownAccount(page, `a11y-konto-${Date.now()}@example.com`);
    await page.goto('/account');
    await expect(page.getByRole('heading', { name: 'Mein Konto' })).toBeVisible();
    await expect(page.getByRole('region', { name: 'Letzte Anmeldungen' }).getByRole('row')).not.toHaveCount(
      0,
    );
    await expectAccessible(page, 'account');
    await page.getByLabel('Ihr aktuelles Passwort').fill('eigenes-Passwort-78');
    await page.getByRole('button', { name: 'EINRICHTEN' }).click();
    await page.getByText('Ohne Kamera: Schlüssel von Hand eingeben').click();
    // Where that click leaves the page scrolled is timing: axe then counted the password form's button, under the
    // sticky header, as obscured. Focus never hides there (scroll-padding-top, shell/src/app/layout/app-layout.css).
    await page.evaluate(() => window.scrollTo(0, 0));
    await expectAccessible(page, 'account-two-factor-enrolment');
    const secret = (await page.locator('.sh-enrol__secret').innerText()).replace(/\s/g, '');
    await page
      .getByLabel('Sechsstelliger Code')
      .fill(new TOTP({ secret: Secret.fromBase32(secret) }).generate());
    await page.getByRole('button', { name: 'BESTÄTIGEN' }).click();
    await expect(page.getByTestId('recovery-codes')).toBeVisible();
    await page.evaluate(() => window.scrollTo(0, 0));
    await expectAccessible(page, 'account-recovery-codes');
  });

  test('the own password an administrator’s first one asks for; the sign-in code step', async ({ page }) => {
    const email = `a11y-erstes-${Date.now()}@example.com`;
    await ownAccount(page, email, true);
    await page.goto('/');
    await expect(page.getByRole('heading', { name: 'Bitte wählen Sie Ihr eigenes Passwort' })).toBeVisible();
    await page.getByRole('button', { name: 'PASSWORT ÄNDERN' }).click();
    await expectAccessible(page, 'first-password-errors');

    // An account with two-factor sign-in: after the password, the code.
    await page.getByLabel('Bisheriges Passwort').fill('erstes-Passwort-77');
    await page.getByLabel('Neues Passwort', { exact: true }).fill('eigenes-Passwort-78');
    await page.getByLabel('Neues Passwort wiederholen').fill('eigenes-Passwort-78');
    await page.getByRole('button', { name: 'PASSWORT ÄNDERN' }).click();
    await expect(page.getByRole('heading', { name: 'Bitte wählen Sie Ihr eigenes Passwort' })).toHaveCount(0);
    const token = await page.evaluate(() => window.localStorage.getItem('token')!);
    const setup = await (
      await page.request.post(apiUrl(apiPaths.meTwoFactorSetup()), {
        headers: { Authorization: token },
        // Enrolling asks for the current password: a stolen session alone cannot take over the second factor.
        data: { current_password: 'eigenes-Passwort-78' },
      })
    ).json();
    const code = new TOTP({ secret: Secret.fromBase32(setup.secret) }).generate();
    await page.request.post(apiUrl(apiPaths.meTwoFactorConfirm()), {
      headers: { Authorization: token },
      data: { code },
    });
    await page.evaluate(() => window.localStorage.clear());
    await page.goto('/login');
    await page.getByLabel('E-Mail').fill(email);
    await page.getByLabel('Passwort').fill('eigenes-Passwort-78');
    await page.getByRole('button', { name: 'EINLOGGEN' }).click();
    await page.getByRole('button', { name: 'BESTÄTIGEN' }).click();
    await expect(page.getByText('Code ist erforderlich')).toBeVisible();
    await expectAccessible(page, 'login-code-step');
  });
});

// Last: it issues a certificate, and the tests above expect the newest one to be the customer page's.
test.describe('API-Referenz', () => {
  test('/api/docs: the operations, opened, and a body schema', async ({ page }) => {
    // Three axe scans and three full-page pictures of the whole reference, each over every route: close to the
    // time every other test gets (docs/measurements.md#the-api-references-accessibility-test-has-90-s).
    test.setTimeout(90_000);
    await page.goto('/api/docs');
    const operation = (id: string) => page.locator(`#operations-default-${id}`);
    await expect(operation('post_api_login')).toBeVisible();
    await expectAccessible(page, 'api-docs');

    // An operation with a body, one with a header and a body, one with enum query parameters.
    for (const id of ['post_api_login', 'post_api_certificate', 'get_api_certificates'])
      await operation(id).locator('.opblock-summary-control').click();
    await expect(operation('get_api_certificates').getByText('Available values').first()).toBeVisible();
    await expectAccessible(page, 'api-docs-operations');

    // The schema of the certificate's body instead of its example.
    await operation('post_api_certificate').getByRole('tab', { name: 'Schema' }).first().click();
    await expect(operation('post_api_certificate').locator('.model-box').first()).toBeVisible();
    await expectAccessible(page, 'api-docs-schema');
  });
});

test.describe('Barrierefreiheit: Filter, Export und Auswertung', () => {
  test('the filtered list with a bad range, a running export, and the reports with their tables', async ({
    page,
  }) => {
    await signIn(page, `/?tab=certificate_list&search=${machine.serial}`);
    const list = page.getByTestId('certificate-list');
    await expect(list.getByRole('row').nth(1)).toContainText(machine.serial);
    await list.getByLabel('VON', { exact: true }).fill('2030-01-02');
    await list.getByLabel('BIS', { exact: true }).fill('2030-01-01');
    await expect(list.getByText('Das Bis-Datum liegt vor dem Von-Datum.')).toBeVisible();
    await expectAccessible(page, 'certificate-list-filter-error');

    // The export asked for for real; its status answered as a worker still at 40 %, so that its progress and
    // cancel button can be checked (the DELETE of ABBRECHEN goes to the server).
    await page.route(`**${apiUrl(apiPaths.certificatesExports())}/*`, async (route) => {
      if (route.request().method() !== 'GET') return route.continue();
      const response = await route.fetch();
      await route.fulfill({
        response,
        json: { ...(await response.json()), state: 'running', progress: 2, total: 5 },
      });
    });
    await list.getByLabel('BIS', { exact: true }).fill('');
    await list.getByLabel('VON', { exact: true }).fill('');
    await list.getByRole('button', { name: 'EXPORTIEREN' }).click();
    await expect(
      list.getByRole('status').filter({ hasText: 'Export wird vorbereitet … 40 %' }),
    ).toBeVisible();
    await expect(list.getByRole('button', { name: 'ABBRECHEN' })).toBeFocused();
    await expectAccessible(page, 'certificate-list-exporting');
    const cancelled = page.waitForResponse((response) => response.request().method() === 'DELETE');
    await list.getByRole('button', { name: 'ABBRECHEN' }).click();
    await expect(page.getByText('Export abgebrochen.')).toBeVisible();
    expect((await cancelled).status()).toBe(204);

    await page.getByRole('link', { name: 'Auswertung' }).click();
    const reports = page.getByTestId('reports');
    // Seven figures, each shown once its data is in: four of units and certificates, first-pass yield, the failure
    // reasons' Pareto and a measured value's trend (the last two without a chart while no machine has such values).
    await expect(reports.locator('figure')).toHaveCount(7);
    const charts = await reports.locator('canvas').count();
    expect(charts).toBeGreaterThanOrEqual(5);
    // Every chart's table opened: the summaries are there before they are collected.
    await expect(reports.getByText('Zahlen als Tabelle')).toHaveCount(charts);
    for (const summary of await reports.getByText('Zahlen als Tabelle').all()) await summary.click();
    await expect(reports.getByRole('table')).toHaveCount(charts);
    await expectAccessible(page, 'reports');
  });
});

test.describe('Barrierefreiheit nach WEITER', () => {
  test('certificate issued: the confirmation and the question before a second one', async ({ page }) => {
    await page.addInitScript(() => {
      window.print = () => {};
    });
    await signIn(page);
    // The open list's options: the header's language select has options too.
    const chooseFirstMachine = async () => {
      await page.getByLabel('MARKE', { exact: true }).click();
      await page.getByRole('listbox').getByRole('option').first().click();
      await page.getByLabel('ARTIKELNUMMER', { exact: true }).click();
      await page.getByRole('listbox').getByRole('option').first().click();
      await enterPassingChecks(page);
    };
    await chooseFirstMachine();
    await page.getByRole('button', { name: 'WEITER' }).click();
    await expect(page.getByRole('region', { name: 'Prüfbericht ausgestellt' })).toBeVisible();
    await expectAccessible(page, 'certificate-issued');

    // The form is empty for the next one; the same machine again asks first.
    await chooseFirstMachine();
    await page.getByRole('button', { name: 'WEITER' }).click();
    await expect(page.getByRole('alertdialog', { name: 'Noch einen Prüfbericht ausstellen?' })).toBeVisible();
    await expectAccessible(page, 'certificate-repeat-question');
  });
});
