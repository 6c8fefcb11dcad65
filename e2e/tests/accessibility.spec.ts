import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { E2E_USER, expect, remoteScreen, signIn, snap, test } from '../support/fixtures';
import { createLandingMachine, signInToken, type LandingMachine } from './landing-data';

/** WCAG 2.0, 2.1 and 2.2, levels A and AA: what the product promises (docs/architecture.md). */
const WCAG_AA = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'];

/**
 * axe-core on the page as it is now: no critical or serious violation, exactly one h1, and every link or
 * button whose name differs from its visible text names that text first (WCAG 2.5.3, label in name).
 * Leaves a screenshot of the state it checked.
 */
async function expectAccessible(page: Page, state: string) {
  await snap(page, `a11y-${state}`);
  const { violations } = await new AxeBuilder({ page }).withTags(WCAG_AA).analyze();
  const blocking = violations
    .filter((violation) => violation.impact === 'critical' || violation.impact === 'serious')
    .map((violation) => ({
      rule: violation.id,
      impact: violation.impact,
      nodes: violation.nodes.map((node) => `${node.target.join(' ')}: ${node.failureSummary}`),
    }));
  expect.soft(blocking, state).toEqual([]);
  expect.soft(await page.locator('h1').count(), `${state}: one h1`).toBe(1);
  const mismatched = await page.evaluate(() =>
    [...document.querySelectorAll<HTMLElement>('a[aria-label], button[aria-label]')]
      // Symbols (« ‹ › ») are not text a speech user would say (WCAG 2.5.3 understanding).
      .filter((element) => /[\p{L}\p{N}]/u.test(element.innerText))
      .filter((element) => {
        const name = element.getAttribute('aria-label')!.toLowerCase();
        return !name.startsWith(element.innerText.trim().replace(/\s+/g, ' ').toLowerCase());
      })
      .map((element) => `${element.getAttribute('aria-label')} ≠ ${element.innerText}`),
  );
  expect.soft(mismatched, `${state}: label in name`).toEqual([]);
}

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

    await page.route('**/api/login', (route) => route.abort('connectionrefused'));
    await page.getByRole('button', { name: 'EINLOGGEN' }).click();
    await expect(page.getByText('Anmeldung fehlgeschlagen. Bitte versuchen Sie es erneut.')).toBeVisible();
    await expectAccessible(page, 'login-toast');
  });

  test('certificate form: empty and with errors; the sign-out dialog', async ({ page }) => {
    await signIn(page);
    await expect(remoteScreen(page, 'certificates/CertificateCreate')).toBeVisible();
    await expect(page.getByLabel('MENGE')).toBeVisible();
    await expectAccessible(page, 'certificate-create');

    await page.getByLabel('GEPRÜFT VON').fill(' ');
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

    await newest.getByRole('link').first().click();
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
  });

  test('labels and the not-found page', async ({ page }) => {
    await signIn(page, '/labels');
    await expect(remoteScreen(page, 'certificates/Labels')).toBeVisible();
    await expectAccessible(page, 'labels');

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
      await expectAccessible(page, `landing-unknown-${device.name}`);
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
      await expect(page.getByRole('button', { name: 'TRY AGAIN / ERNEUT VERSUCHEN' })).toBeVisible();
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

test.describe('Tastatur', () => {
  test('after sign-in and on each tab the first field has the focus', async ({ page }) => {
    await page.goto('/login');
    await page.getByLabel('E-Mail').fill(E2E_USER.email);
    await page.getByLabel('Passwort').fill(E2E_USER.password);
    await page.getByRole('button', { name: 'EINLOGGEN' }).click();
    await expect(page.getByLabel('MARKE')).toBeFocused();

    await page.getByRole('link', { name: 'Daten' }).click();
    await expect(page.getByTestId('certificate-list').getByPlaceholder('SUCHEN...')).toBeFocused();
    await page.getByRole('link', { name: 'Bearbeiten' }).click();
    await expect(page.locator('#panel-machine_list').getByPlaceholder('SUCHEN...')).toBeFocused();
    await page.getByRole('link', { name: 'Prüfbericht erstellen' }).click();
    await expect(page.getByLabel('MARKE')).toBeFocused();
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
    expect(await page.evaluate(() => document.activeElement!.closest('#main') !== null)).toBe(true);
  });

  test('the brand and machine selects show the same focus ring as the other fields', async ({ page }) => {
    await signIn(page);
    await page.getByLabel('GEPRÜFT VON').focus();
    const input = await focusLook(page, '#cert-checked_by');
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
  test('at 1024 px the certificate list shows every column, AKTION included', async ({ page }) => {
    await page.setViewportSize({ width: 1024, height: 768 });
    await signIn(page, '/?tab=certificate_list');
    const list = page.getByTestId('certificate-list');
    await expect(list.getByRole('row').nth(1)).toContainText(machine.serial);
    for (const column of [
      'POS.',
      'ARTIKELNUMMER',
      'START SERIENNUMMER',
      'END SERIENNUMMER',
      'GEPRÜFT VON',
      'MENGE',
      'DATUM',
      'AKTION',
    ])
      await expect(list.getByRole('columnheader', { name: column })).toBeInViewport({ ratio: 1 });
    await expect(list.getByRole('row').nth(1).getByRole('link').first()).toBeInViewport({ ratio: 1 });
    await snap(page, 'certificate-list-1024');
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
      await page.route('**/api/machine', (route) => route.abort('connectionrefused'));
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

// Last: it issues a certificate, and the tests above expect the newest one to be the customer page's.
test.describe('Barrierefreiheit nach WEITER', () => {
  test('certificate issued: the confirmation and the question before a second one', async ({ page }) => {
    await page.addInitScript(() => {
      window.print = () => {};
    });
    await signIn(page);
    await page.getByLabel('MARKE', { exact: true }).click();
    await page.getByRole('option').first().click();
    await page.getByLabel('ARTIKELNUMMER', { exact: true }).click();
    await page.getByRole('option').first().click();
    await page.getByLabel('GEPRÜFT VON').fill('Erika Barrierefrei');
    await page.getByRole('button', { name: 'WEITER' }).click();
    await expect(page.getByRole('region', { name: 'Prüfbericht ausgestellt' })).toBeVisible();
    await expectAccessible(page, 'certificate-issued');

    await page.getByRole('button', { name: 'WEITER' }).click();
    await expect(page.getByRole('alertdialog', { name: 'Noch einen Prüfbericht ausstellen?' })).toBeVisible();
    await expectAccessible(page, 'certificate-repeat-question');
  });
});
