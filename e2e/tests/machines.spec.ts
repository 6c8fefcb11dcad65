import { crc32, deflateSync } from 'node:zlib';
import type { Page } from '@playwright/test';
import { apiPaths } from 'contracts';
import { apiUrl, E2E_USER, errorOf, expect, signIn, snap, test } from '../support/fixtures';

/** A real PNG of one colour, made here so the upload sends bytes the server must accept as an image. */
function makePng(width: number, height: number, [r, g, b]: [number, number, number]): Buffer {
  const chunk = (type: string, data: Buffer) => {
    const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(body));
    return Buffer.concat([length, body, crc]);
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([8, 2, 0, 0, 0], 8); // 8 bits per channel, RGB
  const row = Buffer.concat([
    Buffer.from([0]),
    Buffer.from(Array.from({ length: width }, () => [r, g, b]).flat()),
  ]);
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(Buffer.concat(Array.from({ length: height }, () => row)))),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

/**
 * The demo brands and machines these tests search for. The server seeds them only into a database without
 * users, and global setup adds the e2e user first; so they are added here when missing (once per run).
 */
const DEMO_BRANDS = ['BDS Maschinen', 'MABtec', 'Kernbohr Pro'];
const DEMO_MACHINES = [
  { name: 'MAB 825', brand: 'BDS Maschinen', serial_prefix: '485' },
  { name: 'Öl-Kühler 200', brand: 'MABtec', serial_prefix: 'OK-2' },
];
let demoDataReady = false;

async function ensureDemoData(page: Page) {
  if (demoDataReady) return;
  const login = await page.request.post(apiUrl(apiPaths.login()), {
    data: { username: E2E_USER.email, password: E2E_USER.password },
  });
  const headers = { Authorization: ((await login.json()) as { token: string }).token };
  const listBrands = async () =>
    (
      (await (await page.request.get(apiUrl(apiPaths.brands()), { headers })).json()) as {
        data: { id: number; name: string }[];
      }
    ).data;
  const existing = new Set((await listBrands()).map((brand) => brand.name));
  for (const name of DEMO_BRANDS.filter((brand) => !existing.has(brand)))
    expect(
      (await page.request.post(apiUrl(apiPaths.brandCreate()), { headers, data: { name } })).status(),
    ).toBe(201);
  const brandIds = new Map((await listBrands()).map((brand) => [brand.name, brand.id]));
  for (const { brand, ...machine } of DEMO_MACHINES) {
    const response = await page.request.post(apiUrl(apiPaths.machineCreate()), {
      headers,
      data: { ...machine, brand_id: brandIds.get(brand), electronic_circuit_board: 0 },
    });
    // 409: the seeded machine is there already.
    expect([201, 409]).toContain(response.status());
  }
  demoDataReady = true;
}

const unique = (prefix: string) => `${prefix} ${Date.now().toString(36).toUpperCase()}`;

async function openMachineTab(page: Page): Promise<string> {
  const token = await signIn(page, '/?tab=machine_list');
  await expect(page.getByPlaceholder('SUCHEN...')).toBeFocused();
  return token;
}

async function search(page: Page, text: string) {
  await page.getByPlaceholder('SUCHEN...').fill(text);
  await page.getByPlaceholder('SUCHEN...').press('Enter');
}

async function chooseBrand(page: Page, name: string) {
  await page.getByLabel('MARKE', { exact: true }).click();
  await page.getByRole('option', { name, exact: true }).click();
}

/** The certificate form (another remote) offers the machine under its brand: both share the brand cache. */
async function expectInCertificateForm(page: Page, brand: string, machine: string) {
  await page.getByRole('link', { name: 'Prüfbericht erstellen' }).click();
  const form = page.getByTestId('certificate-create');
  await form.getByLabel('MARKE', { exact: true }).click();
  await page.getByRole('option', { name: brand, exact: true }).click();
  await form.getByLabel('ARTIKELNUMMER', { exact: true }).click();
  await expect(page.getByRole('option', { name: machine, exact: true })).toBeVisible();
}

test.describe('Maschinen und Marken', () => {
  test.beforeEach(async ({ page }) => {
    await ensureDemoData(page);
    // No test here may ever open a dialog: hostile names and links must stay text.
    page.on('dialog', (dialog) => {
      throw new Error(`unexpected dialog: ${dialog.message()}`);
    });
  });

  test('the list searches on Enter only, without umlauts mattering, and sorts over all machines', async ({
    page,
  }) => {
    const token = await openMachineTab(page);
    const table = page.getByRole('table', { name: 'Maschinen' });
    await expect(table.getByRole('row').nth(2)).toBeVisible();
    await expect(page.getByText(/^1-\d+ VON \d+$/)).toBeVisible();

    const requests: string[] = [];
    page.on('request', (request) => {
      if (request.url().includes(apiUrl(apiPaths.machines()))) requests.push(request.url());
    });
    await page.getByPlaceholder('SUCHEN...').fill('  öl ');
    // Proof of an absence: no state marks a search that is never sent, so a typed search gets the time a
    // search-as-you-type would take to go out. The only deliberate wait in the suite.
    await page.waitForTimeout(700);
    expect(requests).toEqual([]);
    await page.getByPlaceholder('SUCHEN...').press('Enter');
    await expect(table.getByRole('row')).toHaveCount(2);
    await expect(table.getByRole('cell', { name: 'Öl-Kühler 200' })).toBeVisible();
    expect(new URL(requests[0]).searchParams.get('search')).toBe('öl');

    await search(page, '');
    await table.getByRole('button', { name: /ARTIKELNUMMER/ }).click();
    await table.getByRole('button', { name: /ARTIKELNUMMER/ }).click();
    await expect(table.getByRole('columnheader', { name: /ARTIKELNUMMER/ })).toHaveAttribute(
      'aria-sort',
      'descending',
    );
    // Sorted on the server: the first row of page 1 is the last name of the whole catalogue.
    const last = await page.request.get(`${apiUrl(apiPaths.machines())}?sort=name&order=desc&per_page=1`, {
      headers: { Authorization: token },
    });
    const [{ name }] = ((await last.json()) as { data: { name: string }[] }).data;
    await expect(table.getByRole('row').nth(1).getByRole('cell').nth(1)).toHaveText(name);
    await snap(page, 'machines-list');
  });

  test('adds a machine with a photo, finds it, edits it', async ({ page }) => {
    const name = unique('E2E Bohrer');
    await openMachineTab(page);
    await page.getByRole('link', { name: '+ HINZUFÜGEN' }).click();
    await expect(page).toHaveURL(/\/machines$/);
    await expect(page.getByRole('heading', { name: 'MASCHINE HINZUFÜGEN' })).toBeVisible();

    await page.getByRole('button', { name: 'SPEICHERN' }).click();
    await expect(await errorOf(page, 'ARTIKELNUMMER')).toHaveText('Pflichtfeld');
    await expect(page.getByText('Bitte wählen')).toBeVisible();
    await page.getByLabel('DEUTSCHE PRODUKTSEITE').fill('javascript:alert(1)');
    await page.getByLabel('GEBEN SIE DIE EAN-NUMMER EIN').fill('4006381333932');
    await page.getByRole('button', { name: 'SPEICHERN' }).click();
    await expect(await errorOf(page, 'DEUTSCHE PRODUKTSEITE')).toHaveText(
      'Bitte eine gültige Adresse mit http:// oder https:// eingeben',
    );
    await expect(await errorOf(page, 'GEBEN SIE DIE EAN-NUMMER EIN')).toHaveText(
      'Ungültige EAN: 8 oder 13 Ziffern mit gültiger Prüfziffer',
    );
    await snap(page, 'machine-add-errors');

    await chooseBrand(page, 'MABtec');
    await page.getByRole('radio', { name: 'Ja' }).check();
    await page.getByLabel('ARTIKELNUMMER').fill(name);
    await page.getByLabel('SERIENNUMMER PRÄFIX').fill('E2E');
    await page.getByLabel('DEUTSCHE PRODUKTSEITE').fill('https://www.mabtec.example/de/e2e');
    await page.getByLabel('ENGLISCHE PRODUKTSEITE').fill('https://www.mabtec.example/en/e2e');
    await page.getByLabel('GEBEN SIE DIE EAN-NUMMER EIN').fill('4006381333931');
    await page.getByLabel('PRODUKTFOTO').setInputFiles({
      name: 'foto.png',
      mimeType: 'image/png',
      buffer: makePng(120, 80, [0, 158, 215]),
    });
    const preview = page.getByRole('img', { name: /PRODUKTFOTO/ });
    await expect(preview).toHaveAttribute('src', /\/api\/uploads\/[0-9a-f]{64}\.png$/);
    await expect.poll(() => preview.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(120);
    await snap(page, 'machine-add-filled');

    await page.getByRole('button', { name: 'SPEICHERN' }).click();
    await expect(page.getByText('Maschine erfolgreich hinzugefügt!')).toBeVisible();
    // The new machine's own page, not the list's first page (which need not show it).
    await expect(page).toHaveURL(/\/machines\/\d+$/);
    await expect(page.getByRole('heading', { name: 'MASCHINE BEARBEITEN' })).toBeVisible();
    await expect(page.getByLabel('ARTIKELNUMMER')).toHaveValue(name);
    await expect(page.getByTestId('machine-documents')).toBeVisible();
    await page.getByRole('link', { name: 'Zurück' }).click();
    await expect(page).toHaveURL(/\/\?tab=machine_list$/);

    await search(page, name.toLowerCase());
    const table = page.getByRole('table', { name: 'Maschinen' });
    await expect(table.getByRole('row')).toHaveCount(2);
    await expect(table.getByRole('row').nth(1)).toContainText('MABtec');
    await expect(table.getByRole('row').nth(1)).toContainText('4006381333931');
    await table.getByRole('link', { name: 'Bearbeiten' }).click();

    await expect(page).toHaveURL(/\/machines\/\d+$/);
    await expect(page.getByRole('heading', { name: 'MASCHINE BEARBEITEN' })).toBeVisible();
    await expect(page.getByLabel('ARTIKELNUMMER')).toHaveValue(name);
    await expect(page.locator('.mach-select__single-value')).toHaveText('MABtec');
    await expect(page.getByRole('radio', { name: 'Ja' })).toBeChecked();
    await expect(page.getByRole('img', { name: /PRODUKTFOTO/ })).toBeVisible();
    await snap(page, 'machine-edit');

    await page.getByLabel('GEBEN SIE DIE EAN-NUMMER EIN').fill('96385074');
    await page.getByRole('button', { name: 'SPEICHERN' }).click();
    await expect(page.getByText('Maschine erfolgreich aktualisiert!')).toBeVisible();
    await expect(page).toHaveURL(/\/\?tab=machine_list$/);
    await search(page, name);
    await expect(table.getByRole('row').nth(1)).toContainText('96385074');
    await expectInCertificateForm(page, 'MABtec', name);
  });

  test('the form asks before Zurück, the header link, Back or closing the page throws away unsaved changes', async ({
    page,
  }) => {
    await openMachineTab(page);
    await search(page, 'MAB 825');
    const table = page.getByRole('table', { name: 'Maschinen' });
    await table.getByRole('row').nth(1).getByRole('link', { name: 'Bearbeiten' }).click();
    await expect(page).toHaveURL(/\/machines\/\d+$/);
    const edit = page.url();
    const name = page.getByLabel('ARTIKELNUMMER');
    await expect(name).toHaveValue('MAB 825');
    const dialog = page.getByRole('alertdialog', { name: 'Änderungen verwerfen?' });

    // Unchanged, Zurück leaves at once.
    await page.getByRole('link', { name: 'Zurück' }).click();
    await expect(page).toHaveURL(/\/\?tab=machine_list$/);
    await page.goBack();
    await expect(name).toHaveValue('MAB 825');

    // Typed by keys, as a person would, so the page has the user activation a browser needs to ask on unload.
    await name.press('End');
    await name.pressSequentially(' geändert');
    await page.getByRole('link', { name: 'Zurück' }).click();
    await expect(dialog).toBeVisible();
    await expect(page.getByRole('button', { name: 'ABBRECHEN' })).toBeFocused();
    await snap(page, 'machine-edit-leave-dialog');
    await page.getByRole('button', { name: 'ABBRECHEN' }).click();
    await expect(dialog).toBeHidden();
    await expect(page).toHaveURL(edit);
    await expect(name).toHaveValue('MAB 825 geändert');

    // The logo in the header leads home, as any other link of the app would.
    await page.getByRole('banner').getByRole('link').first().click();
    await expect(dialog).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
    await expect(page).toHaveURL(edit);

    // The browser's Back stays on the form too, until the change is thrown away.
    await page.goBack();
    await expect(dialog).toBeVisible();
    await expect(name).toHaveValue('MAB 825 geändert');
    await page.getByRole('button', { name: 'ABBRECHEN' }).click();

    // Reloading or closing the tab gets the browser's own question; staying keeps the change.
    page.removeAllListeners('dialog');
    const asked: string[] = [];
    page.on('dialog', (question) => {
      asked.push(question.type());
      void question.dismiss();
    });
    await page.close({ runBeforeUnload: true });
    await expect.poll(() => asked).toEqual(['beforeunload']);
    expect(page.isClosed()).toBe(false);
    await expect(name).toHaveValue('MAB 825 geändert');

    await page.getByRole('link', { name: 'Zurück' }).click();
    await page.getByRole('button', { name: 'VERWERFEN' }).click();
    await expect(page).toHaveURL(/\/\?tab=machine_list$/);
    await search(page, 'MAB 825');
    await expect(table.getByRole('row').nth(1)).toContainText('MAB 825');
    await expect(table.getByRole('cell', { name: 'MAB 825 geändert' })).toHaveCount(0);
  });

  test('a taken article number is refused in German and nothing typed is lost', async ({ page }) => {
    await signIn(page, '/machines');
    await chooseBrand(page, 'BDS Maschinen');
    await page.getByLabel('ARTIKELNUMMER').fill('MAB 825');
    await page.getByLabel('SERIENNUMMER PRÄFIX').fill('999');
    await page.getByLabel('ENGLISCHE PRODUKTSEITE').fill('https://example.com/en');
    await page.getByRole('button', { name: 'SPEICHERN' }).click();
    await expect(
      page.getByText('Die Maschine konnte nicht hinzugefügt werden. Bitte die markierten Felder prüfen.'),
    ).toBeVisible();
    await expect(await errorOf(page, 'ARTIKELNUMMER')).toHaveText(
      'Diese Artikelnummer gibt es für diese Marke schon',
    );
    await expect(page.getByLabel('SERIENNUMMER PRÄFIX')).toHaveValue('999');
    await expect(page.getByLabel('ENGLISCHE PRODUKTSEITE')).toHaveValue('https://example.com/en');
    await expect(page.getByRole('button', { name: 'SPEICHERN' })).toBeEnabled();
    await expect(page).toHaveURL(/\/machines$/);
    await snap(page, 'machine-duplicate');
  });

  test('an expired session while saving says so and opens the login', async ({ page }) => {
    const token = await signIn(page, '/machines');
    await chooseBrand(page, 'MABtec');
    await page.getByLabel('ARTIKELNUMMER').fill(unique('E2E Abgelaufen'));
    await page.getByLabel('SERIENNUMMER PRÄFIX').fill('E2E');
    // The session ends on the server while the form is open.
    expect(
      (await page.request.post(apiUrl(apiPaths.logout()), { headers: { Authorization: token } })).status(),
    ).toBe(204);
    await page.getByRole('button', { name: 'SPEICHERN' }).click();
    await expect(page.getByText('Token abgelaufen, bitte melden Sie sich an')).toBeVisible();
    await expect(page).toHaveURL(/\/login$/);
    await expect(
      page.getByText('Die Maschine konnte nicht hinzugefügt werden.', { exact: false }),
    ).toHaveCount(0);
  });

  test('refuses an SVG renamed to .png and a file over 5 MB with a message', async ({ page }) => {
    await signIn(page, '/machines');
    const uploads: string[] = [];
    page.on('request', (request) => {
      if (request.url().endsWith(apiUrl(apiPaths.upload()))) uploads.push(request.url());
    });
    const photo = page.getByLabel('PRODUKTFOTO');
    await photo.setInputFiles({
      name: 'gross.png',
      mimeType: 'image/png',
      buffer: Buffer.alloc(5 * 1024 * 1024 + 1),
    });
    await expect(page.getByRole('alert')).toHaveText('Die Datei ist zu groß (höchstens 5 MB).');
    expect(uploads).toEqual([]);

    await photo.setInputFiles({
      name: 'bild.png',
      mimeType: 'image/png',
      buffer: Buffer.from(
        '<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"><rect width="10" height="10"/></svg>',
      ),
    });
    // The browser believed the name; the server read the bytes.
    await expect(page.getByRole('alert')).toHaveText('Nur PNG-, JPEG- und GIF-Bilder sind erlaubt.');
    expect(uploads).toHaveLength(1);
    await expect(page.getByRole('img', { name: /PRODUKTFOTO/ })).toHaveCount(0);
  });

  test('a machine named like HTML shows as text and opens no dialog', async ({ page }) => {
    const name = `<img src=x onerror=alert(1)> ${unique('<script>alert(1)</script>')}`;
    await signIn(page, '/machines');
    await chooseBrand(page, 'Kernbohr Pro');
    await page.getByLabel('ARTIKELNUMMER').fill(name);
    await page.getByLabel('SERIENNUMMER PRÄFIX').fill('X1');
    await page.getByRole('button', { name: 'SPEICHERN' }).click();
    // The new machine's own page, its name as text.
    await expect(page).toHaveURL(/\/machines\/\d+$/);
    await expect(page.getByLabel('ARTIKELNUMMER')).toHaveValue(name);
    await page.getByRole('link', { name: 'Zurück' }).click();
    await expect(page).toHaveURL(/\/\?tab=machine_list$/);

    await search(page, name);
    const table = page.getByRole('table', { name: 'Maschinen' });
    await expect(table.getByRole('cell', { name, exact: true })).toBeVisible();
    await expect(table.locator('img, script')).toHaveCount(0);
    await table.getByRole('link', { name: 'Bearbeiten' }).click();
    await expect(page.getByLabel('ARTIKELNUMMER')).toHaveValue(name);
    await page.getByRole('link', { name: 'Zurück' }).click();
    await expectInCertificateForm(page, 'Kernbohr Pro', name);
    await expect(page.locator('[data-testid="certificate-create"] img[src="x"]')).toHaveCount(0);
  });

  test('a brand with a very long web address keeps the brand table within its box', async ({ page }) => {
    const token = await openMachineTab(page);
    // Named to sort first: other tests add brands too, and the table shows ten a page.
    const brand = unique('0 Lange Adresse');
    const website = `https://www.${'sehr-lange-adresse-'.repeat(10)}example.com/produkte/alle`;
    const created = await page.request.post(apiUrl(apiPaths.brandCreate()), {
      headers: { Authorization: token },
      data: { name: brand, website_link: website },
    });
    expect(created.status()).toBe(201);
    await page.getByRole('button', { name: 'Marken' }).click();
    const link = page.getByRole('table', { name: 'Marken' }).getByRole('link', { name: website });
    await expect(page.getByRole('table', { name: 'Marken' }).getByRole('row').nth(1)).toContainText(brand);
    await expect(link).toBeVisible();
    const scroll = page.locator('.sui-table__scroll').filter({ has: link });
    const { scrollWidth, clientWidth } = await scroll.evaluate((box) => ({
      scrollWidth: box.scrollWidth,
      clientWidth: box.clientWidth,
    }));
    expect(scrollWidth).toBeLessThanOrEqual(clientWidth);
    await link.scrollIntoViewIfNeeded();
    await snap(page, 'brands-long-website');
  });

  test('adds a brand with a logo, edits it and uses it for a machine', async ({ page }) => {
    const brand = unique('E2E Marke');
    await openMachineTab(page);
    await page.getByRole('button', { name: 'Marken' }).click();
    await page.getByRole('button', { name: '+ HINZUFÜGEN' }).click();
    await expect(page.getByRole('heading', { name: 'MARKE HINZUFÜGEN' })).toBeVisible();
    await page.getByLabel('E-MAIL').fill('kein-at');
    await page.getByLabel('WEBSEITE').fill('javascript:alert(1)');
    await page.getByRole('button', { name: 'SPEICHERN' }).click();
    await expect(await errorOf(page, 'NAME')).toHaveText('Pflichtfeld');
    await expect(await errorOf(page, 'E-MAIL')).toHaveText('Bitte eine gültige E-Mail-Adresse eingeben');
    await expect(await errorOf(page, 'WEBSEITE')).toHaveText(
      'Bitte eine gültige Adresse mit http:// oder https:// eingeben',
    );
    await snap(page, 'brand-add-errors');

    await page.getByLabel('NAME').fill(brand);
    await page.getByLabel('E-MAIL').fill('info@e2e.example');
    await page.getByLabel('WEBSEITE').fill('https://e2e.example');
    await page.getByLabel('LOGO').setInputFiles({
      name: 'logo.png',
      mimeType: 'image/png',
      buffer: makePng(64, 64, [214, 64, 45]),
    });
    await expect(page.getByRole('img', { name: /LOGO/ })).toBeVisible();
    await page.getByRole('button', { name: 'SPEICHERN' }).click();
    await expect(page.getByText('Marke erfolgreich hinzugefügt!')).toBeVisible();
    const table = page.getByRole('table', { name: 'Marken' });
    const row = table.getByRole('row').filter({ hasText: brand });
    await expect(row).toContainText('info@e2e.example');
    await expect(row.locator('img')).toHaveAttribute('src', /\/api\/uploads\/[0-9a-f]{64}\.png$/);
    await snap(page, 'brands');

    await row.getByRole('button', { name: 'Bearbeiten' }).click();
    await expect(page.getByRole('heading', { name: 'MARKE BEARBEITEN' })).toBeVisible();
    await expect(page.getByLabel('NAME')).toHaveValue(brand);
    await page.getByLabel('WEBSEITE').fill('https://www.e2e.example');
    await snap(page, 'brand-edit');
    await page.getByRole('button', { name: 'SPEICHERN' }).click();
    await expect(page.getByText('Marke erfolgreich aktualisiert!')).toBeVisible();
    await expect(row.getByRole('link', { name: 'https://www.e2e.example' })).toBeVisible();

    await page.getByRole('button', { name: 'Maschinen' }).click();
    await page.getByRole('link', { name: '+ HINZUFÜGEN' }).click();
    await chooseBrand(page, brand);
    await page.getByLabel('ARTIKELNUMMER').fill('E2E 1');
    await page.getByLabel('SERIENNUMMER PRÄFIX').fill('E21');
    await page.getByRole('button', { name: 'SPEICHERN' }).click();
    await expect(page.getByText('Maschine erfolgreich hinzugefügt!')).toBeVisible();
    await expect(page).toHaveURL(/\/machines\/\d+$/);
    await expect(page.getByLabel('ARTIKELNUMMER')).toHaveValue('E2E 1');
    await page.getByRole('link', { name: 'Zurück' }).click();
    await search(page, brand);
    await expect(page.getByRole('table', { name: 'Maschinen' }).getByRole('row').nth(1)).toContainText(
      'E2E 1',
    );
    await expectInCertificateForm(page, brand, 'E2E 1');
  });
});
