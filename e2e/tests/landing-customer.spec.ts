import type { Page, Request } from '@playwright/test';
import { apiPaths } from 'contracts';
import { apiUrl, expect, signIn, snap, test } from '../support/fixtures';
import { pageSettled } from '../support/hostile';
import { createLandingMachine, signInToken, type LandingMachine } from './landing-data';

const COMPANY = 'BDS Maschinen GmbH';
const ADDRESS = 'Martinstrasse 108, 41063 Mönchengladbach, Germany';
const HOSTILE_NAME = '<img src=x onerror=alert(1)>';

const berlinDate = (iso: string) =>
  new Intl.DateTimeFormat('de-DE', {
    timeZone: 'Europe/Berlin',
    day: '2-digit',
    month: '2-digit',
    year: 'numeric',
  }).format(new Date(iso));

let machine: LandingMachine;
let hostile: LandingMachine;

test.beforeAll(async ({ baseURL }) => {
  const token = await signInToken(baseURL!);
  machine = await createLandingMachine(baseURL!, token);
  hostile = await createLandingMachine(baseURL!, token, `${HOSTILE_NAME} ${Date.now().toString(36)}`);
});

/** Requests the page makes, to prove that it never sends a token. */
function recordRequests(page: Page): Request[] {
  const requests: Request[] = [];
  page.on('request', (request) => requests.push(request));
  return requests;
}

/**
 * The layout shifts the page has had so far (the CLS sum, without session windows): two frames are drawn
 * first, so a shift of the latest change is recorded; the buffered entries come through the observer or are
 * still in its queue.
 */
function layoutShift(page: Page): Promise<number> {
  return page.evaluate(async () => {
    let sum = 0;
    const add = (entries: PerformanceEntryList) => {
      for (const entry of entries) sum += (entry as unknown as { value: number }).value;
    };
    const observer = new PerformanceObserver((list) => add(list.getEntries()));
    observer.observe({ type: 'layout-shift', buffered: true });
    await new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)));
    add(observer.takeRecords());
    observer.disconnect();
    return sum;
  });
}

async function expectNoHorizontalScroll(page: Page) {
  const { scrollWidth, clientWidth } = await page.evaluate(() => ({
    scrollWidth: document.documentElement.scrollWidth,
    clientWidth: document.documentElement.clientWidth,
  }));
  expect(scrollWidth).toBeLessThanOrEqual(clientWidth);
}

const devices = [
  { name: 'phone', viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true },
  { name: 'desktop', viewport: { width: 1280, height: 800 }, isMobile: false, hasTouch: false },
];

for (const device of devices) {
  test.describe(`Kundenseite (${device.name})`, () => {
    test.use({ viewport: device.viewport, isMobile: device.isMobile, hasTouch: device.hasTouch });

    test('an issued serial: machine, verified mark, greetings, product links and footer', async ({
      page,
    }) => {
      const requests = recordRequests(page);
      await page.goto(`/landing/${machine.machineId}/${machine.serial}`);

      const title = page.getByRole('heading', { level: 1, name: machine.name });
      await expect(title).toBeVisible();
      const photo = page.getByRole('img', { name: machine.name });
      await expect(photo).toHaveAttribute('width', '600');
      await expect(photo).toHaveAttribute('height', '600');
      await expect.poll(() => photo.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);

      await expect(page.locator('.land-box', { hasText: 'MODELL' })).toContainText(machine.name);
      await expect(page.locator('.land-box', { hasText: 'SERIENNUMMER' })).toContainText(machine.serial);
      const date = berlinDate(machine.createdAt);
      const verified = page.getByTestId('serial-verified');
      await expect(verified).toContainText(`Echte Seriennummer, geprüft am ${date}`);
      await expect(page.getByText('Herzlichen Glückwunsch zu Ihrem kürzlichen Kauf einer')).toContainText(
        `${machine.name} von ${COMPANY}.`,
      );

      // German alone in a German browser: the German product page.
      await expect(page.getByText('Dear Customer,')).toHaveCount(0);
      const link = page.getByRole('link', { name: 'PRODUKTSEITE' });
      await expect(link).toHaveAttribute('href', machine.linkGer);
      await expect(link).toHaveAttribute('target', '_blank');
      await expect(link).toHaveAttribute('rel', /\bnoopener\b/);

      await expect(page.getByRole('contentinfo')).toContainText(
        `Copyright © ${new Date().getFullYear()} ${COMPANY}, ${ADDRESS}`,
      );
      await expect(page).toHaveTitle(`${machine.name} – ${COMPANY}`);
      await expect(page.locator('meta[name="description"]')).toHaveAttribute(
        'content',
        new RegExp(machine.name),
      );
      expect(await layoutShift(page)).toBe(0);
      // Valid HTML: nothing block-level inside a paragraph (the earlier app put <div> and <hr> inside <p>;
      // docs/earlier-app.md#its-bugs-we-do-not-copy).
      await expect(page.locator('p div, p hr, p p, p section')).toHaveCount(0);

      // Public: no token sent, and neither the staff shell nor the federation runtime downloaded.
      expect(requests.filter((request) => request.headers()['authorization'])).toEqual([]);
      const paths = requests.map((request) => new URL(request.url()).pathname);
      expect(paths.filter((path) => path.startsWith('/remotes/') || path.startsWith('/main.'))).toEqual([]);
      await snap(page, `landing-${device.name}-verified`);
    });

    test('the route without a serial shows the model without a serial box', async ({ page }) => {
      await page.goto(`/landing/${machine.machineId}`);
      await expect(page.getByRole('heading', { level: 1, name: machine.name })).toBeVisible();
      await expect(page.getByText('MODELL')).toBeVisible();
      await expect(page.getByText('SERIENNUMMER')).toHaveCount(0);
      await expect(page.getByTestId('serial-verified')).toHaveCount(0);
      await expect(page.getByRole('link', { name: 'PRODUKTSEITE' })).toHaveAttribute('href', machine.linkGer);
      await snap(page, `landing-${device.name}-without-serial`);
    });

    test('a serial that was never issued: the model page with a neutral note', async ({ page }) => {
      await page.goto(`/landing/${machine.machineId}/9999999999`);
      await expect(page.getByTestId('serial-unknown')).toContainText(
        'Diese Seriennummer können wir für dieses Modell nicht bestätigen.',
      );
      await expect(page.getByRole('heading', { level: 1, name: machine.name })).toBeVisible();
      await expect(page.getByRole('alert')).toHaveCount(0);
      await expect(page.getByTestId('serial-verified')).toHaveCount(0);
      // At a glance not the genuine look: the serial's box is not in the model box's blue.
      const background = (text: string) =>
        page.locator('.land-box', { hasText: text }).evaluate((box) => getComputedStyle(box).backgroundColor);
      expect(await background('SERIENNUMMER')).not.toBe(await background('MODELL'));
      await expect(page.locator('.land-box', { hasText: 'SERIENNUMMER' })).toContainText('NICHT BESTÄTIGT');
      await snap(page, `landing-${device.name}-unknown-serial`);
    });

    test('a serial longer than any issued one: still the model page, the serial unconfirmed', async ({
      page,
    }) => {
      const serial = '4'.repeat(65);
      await page.goto(`/landing/${machine.machineId}/${serial}`);
      await expect(page.getByRole('heading', { level: 1, name: machine.name })).toBeVisible();
      await expect(page.getByTestId('serial-unknown')).toBeVisible();
      await expect(page.getByText(serial)).toBeVisible();
      await expect(page.getByRole('alert')).toHaveCount(0);
    });

    test('an unknown machine: a message in the browser’s language with the contact, no retry', async ({
      page,
    }) => {
      await page.goto('/landing/999999/4852406001');
      const alert = page.getByRole('alert');
      await expect(alert).toContainText('Maschine nicht gefunden');
      await expect(page.getByText('Data loading ...')).toHaveCount(0);
      await expect(alert.getByRole('button')).toHaveCount(0);
      await expect(alert.getByRole('link', { name: 'service@bds-maschinen.example' })).toHaveAttribute(
        'href',
        'mailto:service@bds-maschinen.example',
      );
      await expect(alert.getByRole('link', { name: '+49 2161 123456' })).toHaveAttribute(
        'href',
        'tel:+492161123456',
      );
      await snap(page, `landing-${device.name}-unknown-machine`);
    });

    test('a failed request: loading, then a message, and the retry loads the page', async ({ page }) => {
      let release = () => {};
      const held = new Promise<void>((resolve) => (release = resolve));
      await page.route('**/api/brandMachineById/**', async (route) => {
        await held;
        await route.abort('internetdisconnected');
      });
      await page.goto(`/landing/${machine.machineId}/${machine.serial}`);
      await expect(page.getByRole('status')).toHaveText('Data loading ...');
      release();
      const alert = page.getByRole('alert');
      await expect(alert).toContainText('Die Seite konnte nicht geladen werden');
      await snap(page, `landing-${device.name}-error`);

      await page.unroute('**/api/brandMachineById/**');
      await alert.getByRole('button', { name: 'ERNEUT VERSUCHEN' }).click();
      await expect(page.getByTestId('serial-verified')).toBeVisible();
    });

    test('a machine named like HTML is shown as text and runs nothing', async ({ page }) => {
      const dialogs: string[] = [];
      page.on('dialog', async (dialog) => {
        dialogs.push(dialog.message());
        await dialog.dismiss();
      });
      await page.goto(`/landing/${hostile.machineId}/${hostile.serial}`);
      await expect(page.getByRole('heading', { level: 1, name: hostile.name })).toBeVisible();
      await expect(page.locator('.land-box', { hasText: 'MODELL' })).toContainText(HOSTILE_NAME);
      // The machine photo is the only image; the name made none.
      await expect(page.locator('img')).toHaveCount(1);
      // Loaded, and what an injected handler would have opened has had its moment.
      await pageSettled(page);
      expect(dialogs).toEqual([]);
      await expect(page).toHaveTitle(`${hostile.name} – ${COMPANY}`);
    });
  });
}

test.describe('Kundenseite, everywhere', () => {
  test('no token is read or sent, even with a staff session in the same browser', async ({ page }) => {
    await page.goto('/landing/999999');
    await page.evaluate(() => localStorage.setItem('token', 'staff-token-of-this-browser'));
    const requests = recordRequests(page);
    await page.goto(`/landing/${machine.machineId}/${machine.serial}`);
    await expect(page.getByTestId('serial-verified')).toBeVisible();
    expect(requests.length).toBeGreaterThan(0);
    for (const request of requests) {
      expect(request.headers()['authorization'], request.url()).toBeUndefined();
      expect(request.url()).not.toContain('staff-token');
    }
  });

  test('320 px wide: no horizontal scrolling in any state', async ({ page }) => {
    await page.setViewportSize({ width: 320, height: 640 });
    for (const url of [
      `/landing/${machine.machineId}/${machine.serial}`,
      `/landing/${hostile.machineId}/${'9'.repeat(40)}`,
      '/landing/999999/1',
    ]) {
      await page.goto(url);
      await expect(page.getByText('Data loading ...')).toHaveCount(0);
      await expectNoHorizontalScroll(page);
    }
    await page.goto(`/landing/${machine.machineId}/${machine.serial}`);
    await expect(page.getByTestId('serial-verified')).toBeVisible();
    await snap(page, 'landing-320px');
  });

  test('the API refuses a javascript: product link, so the page can never show one', async ({
    request,
    baseURL,
  }) => {
    const headers = { Authorization: await signInToken(baseURL!) };
    const current = await request.get(apiUrl(apiPaths.machine(machine.machineId)), { headers });
    expect(current.status()).toBe(200);
    const stored = (await current.json()) as Record<string, unknown>;
    const keep = ['brand_id', 'name', 'serial_prefix', 'ean_number', 'link_en', 'link_ger', 'image'] as const;
    const fields = {
      ...Object.fromEntries(keep.map((key) => [key, stored[key]])),
      electronic_circuit_board: stored.electronic_circuit_board,
    };
    // The same body with http(s) links is accepted: the refusals below are the links' doing.
    const control = await request.put(apiUrl(apiPaths.machine(machine.machineId)), { headers, data: fields });
    expect(control.status()).toBe(200);

    for (const link of ['javascript:alert(1)', 'JavaScript:alert(document.cookie)', ' javascript:alert(1)']) {
      for (const field of ['link_en', 'link_ger']) {
        const created = await request.post(apiUrl(apiPaths.machineCreate()), {
          headers,
          data: { ...fields, name: `${machine.name} JS`, [field]: link },
        });
        expect(created.status(), `POST ${field} = ${link}`).toBe(400);
        const updated = await request.put(apiUrl(apiPaths.machine(machine.machineId)), {
          headers,
          data: { ...fields, [field]: link },
        });
        expect(updated.status(), `PUT ${field} = ${link}`).toBe(400);
      }
    }
    const landing = await request.get(apiUrl(apiPaths.landing(machine.machineId)));
    expect(((await landing.json()) as { link_en: string }).link_en).toBe(machine.linkEn);
  });

  test('the same screen runs in the staff shell (the remote ./Landing), still without a token', async ({
    page,
  }) => {
    // In one-port mode the server answers /landing/… with the standalone page; the shell's route is what
    // a separately hosted shell serves. So the browser gets the shell's page for this one document.
    const shell = await page.request.get('/');
    const shellHtml = await shell.text();
    await page.route(/\/landing\/\d+/, (route) =>
      route.request().resourceType() === 'document'
        ? route.fulfill({ body: shellHtml, contentType: 'text/html', headers: shell.headers() })
        : route.continue(),
    );
    await signIn(page);
    const landingCalls = recordRequests(page);
    await page.goto(`/landing/${machine.machineId}/${machine.serial}`);

    const screen = page.locator('[data-remote="landing/Landing"]');
    await expect(screen.getByTestId('serial-verified')).toContainText(berlinDate(machine.createdAt));
    await expect(screen.getByRole('heading', { level: 1, name: machine.name })).toBeVisible();
    await expect(screen.getByRole('contentinfo')).toContainText(`${COMPANY}, ${ADDRESS}`);
    const api = landingCalls.filter((request) => request.url().includes('/api/brandMachineById/'));
    expect(api).toHaveLength(1);
    expect(api[0].headers()['authorization']).toBeUndefined();
    await snap(page, 'landing-in-shell');
  });
});

test.describe('Kundenseite in a French browser', () => {
  test.use({ locale: 'fr-FR', viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });

  test('shows French alone, and German alone on request', async ({ page }) => {
    await page.goto(`/landing/${machine.machineId}/${machine.serial}`);
    await expect(page.getByText('Chère cliente, cher client,')).toBeVisible();
    await expect(page.getByText('Numéro de série authentique, contrôlé le')).toBeVisible();
    await expect(page.getByText('Dear Customer,')).toHaveCount(0);
    await expectNoHorizontalScroll(page);
    await snap(page, 'landing-phone-french');
    await page.getByRole('button', { name: 'DE' }).click();
    await expect(page.getByText('Sehr geehrte Kundin, sehr geehrter Kunde,')).toBeVisible();
    await expect(page.getByText('Chère cliente, cher client,')).toHaveCount(0);
  });
});
