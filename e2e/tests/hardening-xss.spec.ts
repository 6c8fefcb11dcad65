import type { Page } from '@playwright/test';
import { apiPaths } from 'contracts';
import {
  createHostileData,
  expectNothingRan,
  guard,
  hostileEmail,
  hostileUrl,
  PAYLOAD_NAMES,
  XSS_PAYLOADS,
  type HostileRecord,
} from '../support/hostile';
import {
  apiUrl,
  enterPassingChecks,
  errorOf,
  expect,
  remoteScreen,
  signIn,
  snap,
  test,
} from '../support/fixtures';
import { pdfPageTexts, pdfShownBy, printCalls, stubPrint } from '../support/pdf';
import { signInToken } from './landing-data';

/**
 * Issue 8, item 5: script-injection payloads in every text field staff can fill, then every screen that
 * shows them. Nothing may run (no dialog, no `window.__xss`), nothing may break the CSP, and each payload
 * is shown as the literal text that was typed.
 */

const TAG = `H${Date.now().toString(36).toUpperCase()}`;
let records: HostileRecord[];

/**
 * A PDF's text without whitespace: the renderer breaks a long word where the line ends
 * (api/src/modules/certificate-pdf/pdf-text.ts), so a payload reads as its characters in order.
 */
const unspaced = (text: string) => text.replace(/\s+/g, '');
/**
 * What the PDF's text holds of a name: its Latin letters. The committed fonts have no Hebrew, Arabic, Han or
 * emoji: those print as empty boxes and carry no text (docs/decisions/0019-server-rendered-certificate.md).
 */
const inFonts = (text: string) => unspaced(text).replace(/[^!-\u024f]/gu, '');
/** The website as the sheet prints it: lower case, on one line, shortened with … (pdf-document.ts). */
function expectWebsite(printed: string, website: string) {
  const shown = /https:\/\/hostile\.example\/\S*/.exec(printed)?.[0] ?? '';
  expect(shown.length).toBeGreaterThan(30);
  expect(website.toLowerCase().startsWith(shown.replace(/…$/, ''))).toBe(true);
}
/** A plain brand for the machines typed in through the form. */
let plainBrand: string;

test.beforeAll(async ({ playwright, baseURL }) => {
  const token = await signInToken(baseURL!);
  const request = await playwright.request.newContext({ baseURL });
  records = await createHostileData(request, token, TAG);
  plainBrand = `Härtetest ${TAG}`;
  const brand = await request.post(apiUrl(apiPaths.brandCreate()), {
    headers: { Authorization: token },
    data: { name: plainBrand },
  });
  expect(brand.status()).toBe(201);
  await request.dispose();
});

async function search(page: Page, text: string) {
  const box = page.locator('[role="search"]:visible').getByPlaceholder('SUCHEN...');
  await box.fill(text);
  await box.press('Enter');
}

test.describe('Härtetest: Skripteinschleusung', () => {
  test('sanity: the guard notices a dialog, the marker and a CSP violation', async ({ page }) => {
    const watch = await guard(page);
    await page.goto('/login');
    await expect(page.getByRole('heading', { name: 'einloggen' })).toBeVisible();
    // What an injection would do: an inline handler (blocked by the CSP), a dialog, the marker.
    await page.evaluate(() =>
      document.body.insertAdjacentHTML('beforeend', '<img src="x" onerror="window.__xss=1">'),
    );
    await page.evaluate(() => alert('absichtlich'));
    // The blocked handler is reported when the image's load has failed.
    await expect.poll(async () => (await watch.findings()).cspViolations.length).toBeGreaterThan(0);
    const caught = await watch.findings();
    expect(caught.dialogs).toEqual(['alert: absichtlich']);
    expect(caught.cspViolations.length).toBeGreaterThan(0);
    expect(caught.marker).toBeUndefined();
    await page.evaluate(() => ((window as unknown as { __xss: number }).__xss = 1));
    expect((await watch.findings()).marker).toBe(1);
    await expect(expectNothingRan(page, watch)).rejects.toThrow();
  });

  test('machine form: the payloads in every text field; prefix, EAN and links are refused in German', async ({
    page,
  }) => {
    test.setTimeout(120_000);
    const watch = await guard(page);
    const token = await signIn(page, '/machines');

    for (const [i, payload] of XSS_PAYLOADS.entries()) {
      await expect(page.getByRole('heading', { name: 'MASCHINE HINZUFÜGEN' })).toBeVisible();
      await page.getByLabel('MARKE', { exact: true }).fill(plainBrand);
      await page.getByRole('option', { name: plainBrand, exact: true }).click();
      const name = `${payload} ${TAG}F${i}`;
      await page.getByLabel('ARTIKELNUMMER').fill(name);
      await page.getByLabel('SERIENNUMMER PRÄFIX').fill(payload.slice(0, 20));
      await page.getByLabel('GEBEN SIE DIE EAN-NUMMER EIN').fill(payload.slice(0, 13));
      await page.getByLabel('DEUTSCHE PRODUKTSEITE').fill(payload);
      await page.getByLabel('ENGLISCHE PRODUKTSEITE').fill(payload);
      await page.getByRole('button', { name: 'SPEICHERN' }).click();
      await expect(await errorOf(page, 'SERIENNUMMER PRÄFIX')).toHaveText(
        'Nur Buchstaben, Ziffern und „-“ erlaubt',
      );
      await expect(await errorOf(page, 'GEBEN SIE DIE EAN-NUMMER EIN')).toHaveText(
        'Ungültige EAN: 8 oder 13 Ziffern mit gültiger Prüfziffer',
      );
      for (const link of ['DEUTSCHE PRODUKTSEITE', 'ENGLISCHE PRODUKTSEITE'])
        await expect(await errorOf(page, link)).toHaveText(
          'Bitte eine gültige Adresse mit http:// oder https:// eingeben',
        );
      if (i === 0) await snap(page, 'hardening-xss-machine-form-refused');

      // What the browser refused, the API refuses too, with the same German words under the field.
      const refused = await page.request.post(apiUrl(apiPaths.machineCreate()), {
        headers: { Authorization: token },
        data: {
          brand_id: records[0].brandId,
          name,
          serial_prefix: payload.slice(0, 20),
          link_en: payload,
          electronic_circuit_board: 0,
        },
      });
      expect(refused.status()).toBe(400);
      const { error } = (await refused.json()) as { error: { fields: Record<string, string> } };
      expect(error.fields.serial_prefix).toBe('Nur Buchstaben, Ziffern und „-“ erlaubt');
      expect(error.fields.link_en).toBe('Bitte eine gültige Adresse mit http:// oder https:// eingeben');

      // The name stays hostile; the links become http(s) addresses that still carry markup.
      await page.getByLabel('SERIENNUMMER PRÄFIX').fill(`XF${i}`);
      await page.getByLabel('GEBEN SIE DIE EAN-NUMMER EIN').fill('');
      await page.getByLabel('DEUTSCHE PRODUKTSEITE').fill(hostileUrl(i));
      await page.getByLabel('ENGLISCHE PRODUKTSEITE').fill(hostileUrl(i));
      await page.getByRole('button', { name: 'SPEICHERN' }).click();
      await expect(page.getByText('Maschine erfolgreich hinzugefügt!')).toBeVisible();
      // The new machine's own page opens, with what was saved; then the list shows it as text.
      await expect(page).toHaveURL(/\/machines\/\d+$/);
      await expect(page.getByLabel('ARTIKELNUMMER')).toHaveValue(name);
      await expect(page.getByLabel('DEUTSCHE PRODUKTSEITE')).toHaveValue(hostileUrl(i));
      await page.getByRole('link', { name: 'Zurück' }).click();

      await search(page, `${TAG}F${i}`);
      const table = page.getByRole('table', { name: 'Maschinen' });
      await expect(table.getByRole('cell', { name, exact: true })).toBeVisible();
      await expectNothingRan(page, watch);
      await page.goto('/machines');
    }
  });

  test('brand form: the payloads in NAME, E-MAIL and WEBSEITE', async ({ page }) => {
    test.setTimeout(90_000);
    const watch = await guard(page);
    await signIn(page, '/?tab=machine_list');
    await page.getByRole('button', { name: 'Marken' }).click();
    const brands = page.getByRole('region', { name: 'Marken' });

    for (const [i, payload] of XSS_PAYLOADS.entries()) {
      await brands.getByRole('button', { name: '+ HINZUFÜGEN' }).click();
      const name = `${TAG}FB${i} ${payload}`;
      await page.getByLabel('NAME').fill(name);
      await page.getByLabel('E-MAIL').fill(payload);
      await page.getByLabel('WEBSEITE').fill(payload);
      await page.getByRole('button', { name: 'SPEICHERN' }).click();
      await expect(await errorOf(page, 'E-MAIL')).toHaveText('Bitte eine gültige E-Mail-Adresse eingeben');
      await expect(await errorOf(page, 'WEBSEITE')).toHaveText(
        'Bitte eine gültige Adresse mit http:// oder https:// eingeben',
      );
      await page.getByLabel('E-MAIL').fill(hostileEmail(i));
      await page.getByLabel('WEBSEITE').fill(hostileUrl(i));
      await page.getByRole('button', { name: 'SPEICHERN' }).click();
      await expect(page.getByText('Marke erfolgreich hinzugefügt!').first()).toBeVisible();
      await expect(page.getByRole('heading', { name: 'MARKE HINZUFÜGEN' })).toBeHidden();
      await expectNothingRan(page, watch);
    }
    await snap(page, 'hardening-xss-brand-form');
  });

  test('certificate form: hostile brands and machines in the selects, printed as text', async ({ page }) => {
    test.setTimeout(90_000);
    await stubPrint(page);
    const watch = await guard(page);
    await signIn(page);
    const form = page.getByTestId('certificate-create');
    await expect(form).toBeVisible();

    for (const [k, record] of records.entries()) {
      // Each record on a fresh form: the PDF frame of the one before is gone, so nothing it loads late takes
      // the focus from the select being typed in.
      if (k > 0) {
        await page.goto('/');
        await expect(form).toBeVisible();
      }
      await form.getByLabel('MARKE', { exact: true }).fill(`${TAG}B${record.index}`);
      await page.getByRole('option', { name: record.brandName, exact: true }).click();
      await form.getByLabel('ARTIKELNUMMER', { exact: true }).click();
      await page.getByRole('option', { name: record.machineName, exact: true }).click();
      await enterPassingChecks(page);
      const before = await printCalls(page);
      const shown = pdfShownBy(page);
      await page.getByRole('button', { name: 'WEITER' }).click();
      await expect.poll(() => printCalls(page)).toBe(before + 1);
      const printed = unspaced(pdfPageTexts(await shown()).join(' '));
      expect(printed).toContain(inFonts(record.machineName));
      expect(printed).toContain(unspaced(record.brandEmail));
      // The one frame is the PDF's, from a blob: URL; nothing the payloads carry became an element.
      await expect(form.locator('iframe')).toHaveCount(1);
      await expect(form.locator('iframe')).toHaveAttribute('src', /^blob:/);
      await expect(form.locator('script, img[src="x"], svg[onload]')).toHaveCount(0);
      await expectNothingRan(page, watch);
    }
    await snap(page, 'hardening-xss-certificate-form');
  });

  test('machine list and edit form: the payloads as text, the search box takes them too', async ({
    page,
  }) => {
    test.setTimeout(90_000);
    const watch = await guard(page);
    await signIn(page, '/?tab=machine_list');
    const table = page.getByRole('table', { name: 'Maschinen' });
    await search(page, `${TAG}M`);
    await expect(table.getByRole('row')).toHaveCount(records.length + 1);
    for (const record of records)
      await expect(table.getByRole('cell', { name: record.machineName, exact: true })).toBeVisible();
    await expect(table.locator('script, iframe, img, svg[onload]')).toHaveCount(0);
    await snap(page, 'hardening-xss-machine-list');

    for (const record of records) {
      // The search box gets the payload itself; the server finds the machine by it.
      await search(page, record.payload.slice(0, 100));
      await expect(table.getByRole('cell', { name: record.machineName, exact: true })).toBeVisible();
      await expectNothingRan(page, watch);
    }

    for (const record of records) {
      await page.goto(`/machines/${record.machineId}`);
      await expect(page.getByLabel('ARTIKELNUMMER')).toHaveValue(record.machineName);
      await expect(page.getByLabel('DEUTSCHE PRODUKTSEITE')).toHaveValue(record.link);
      await expect(page.getByLabel('ENGLISCHE PRODUKTSEITE')).toHaveValue(record.link);
      await expect(page.locator('.mach-select__single-value')).toHaveText(record.brandName);
      await expectNothingRan(page, watch);
    }
    await snap(page, 'hardening-xss-machine-edit');
  });

  test('brand management: names and e-mails as text, websites as plain http(s) links, the edit form', async ({
    page,
  }) => {
    const watch = await guard(page);
    await signIn(page, '/?tab=machine_list');
    await page.getByRole('button', { name: 'Marken' }).click();
    const region = page.getByRole('region', { name: 'Marken' });
    const table = page.getByRole('table', { name: 'Marken' });
    await expect(table.getByRole('row').nth(1)).toBeVisible();
    // The whole list is loaded at once and paged in the browser: its size is known now.
    const range = region.getByText(/^\d+-\d+ VON \d+$/);
    const total = Number((await range.innerText()).split(' VON ')[1]);
    await region.getByLabel(/ZEILEN PRO SEITE/).selectOption('30');

    const missing = new Set(records.map((record) => record.index));
    for (let pageNo = 0; missing.size > 0 && pageNo < 50; pageNo++) {
      // This page is shown before its rows are looked for.
      const first = pageNo * 30 + 1;
      await expect(range).toHaveText(`${first}-${Math.min(first + 29, total)} VON ${total}`);
      for (const record of records.filter((r) => missing.has(r.index))) {
        const row = table.getByRole('row').filter({ hasText: `${TAG}B${record.index}` });
        if ((await row.count()) === 0) continue;
        await expect(row.getByRole('cell', { name: record.brandName, exact: true })).toBeVisible();
        await expect(row.getByRole('cell', { name: record.brandEmail, exact: true })).toBeVisible();
        await expect(row.getByRole('link', { name: record.brandWebsite, exact: true })).toHaveAttribute(
          'href',
          record.brandWebsite,
        );
        // The edit form gets the stored values back as input values.
        await row.getByRole('button', { name: 'Bearbeiten' }).click();
        await expect(page.getByRole('heading', { name: 'MARKE BEARBEITEN' })).toBeVisible();
        await expect(page.getByLabel('NAME')).toHaveValue(record.brandName);
        await expect(page.getByLabel('E-MAIL')).toHaveValue(record.brandEmail);
        await expect(page.getByLabel('WEBSEITE')).toHaveValue(record.brandWebsite);
        await page.getByRole('button', { name: 'Abbrechen' }).click();
        missing.delete(record.index);
      }
      if (missing.size === 0) break;
      const next = page.getByRole('button', { name: 'Nächste Seite' });
      if (await next.isDisabled()) break;
      await next.click();
    }
    expect([...missing]).toEqual([]);
    await expect(table.locator('script, iframe, img[src="x"], svg[onload]')).toHaveCount(0);
    await snap(page, 'hardening-xss-brands');
    await expectNothingRan(page, watch);
  });

  test('certificate list: machine names and checkers as text, searched by the payloads', async ({ page }) => {
    test.setTimeout(60_000);
    const watch = await guard(page);
    await signIn(page, '/?tab=certificate_list');
    const list = page.getByTestId('certificate-list');
    const table = list.getByRole('table');
    for (const record of records) {
      await search(page, record.machineName.slice(0, 100));
      const row = table.getByRole('row').filter({ hasText: record.serial });
      await expect(row.getByRole('cell', { name: record.machineName, exact: true })).toBeVisible();
      await expect(row.getByRole('cell', { name: record.checkedBy, exact: true })).toBeVisible();
      await expectNothingRan(page, watch);
    }
    await expect(table.locator('script, iframe, img, svg[onload]')).toHaveCount(0);
    await snap(page, 'hardening-xss-certificate-list');
  });

  test('printed certificate /pdf/:id: every payload printed as text', async ({ page }) => {
    test.setTimeout(60_000);
    await stubPrint(page);
    const watch = await guard(page);
    await signIn(page, '/login');
    for (const record of records) {
      const shown = pdfShownBy(page);
      await page.goto(`/pdf/${record.certificateId}`);
      await expect.poll(() => printCalls(page)).toBe(1);
      const screen = page.getByTestId('certificate-print');
      await expect(screen.getByRole('heading', { level: 1 })).toContainText(record.machineName);
      // The print names the signed-in tester; the typed checker (record.checkedBy) is the lists' (above).
      const pages = pdfPageTexts(await shown()).join(' ');
      const printed = unspaced(pages);
      expect(printed).toContain(inFonts(record.machineName));
      expect(printed).toContain(unspaced(record.brandEmail));
      expectWebsite(pages, record.brandWebsite);
      await expect(screen.locator('iframe')).toHaveCount(1);
      await expect(screen.locator('iframe')).toHaveAttribute('src', /^blob:/);
      await expect(screen.locator('script, img[src="x"], svg[onload]')).toHaveCount(0);
      await expectNothingRan(page, watch);
      if (record.index === 0) await snap(page, 'hardening-xss-print');
    }
  });

  test('labels page: serial and product labels and both search boxes with the payloads', async ({ page }) => {
    test.setTimeout(90_000);
    const watch = await guard(page);
    await signIn(page, '/login');
    for (const record of records) {
      await page.goto(`/labels?certificate=${record.certificateId}`);
      const labels = page.getByRole('region', { name: 'Vorschau' }).getByTestId('label');
      await expect(labels.first()).toContainText(record.machineName);
      await expect(labels.first()).toContainText(record.serial);
      if (record.index === 0) await snap(page, 'hardening-xss-labels');

      await page.getByLabel('PRÜFBERICHT SUCHEN').fill(record.machineName.slice(0, 100));
      await page.getByLabel('PRÜFBERICHT SUCHEN').press('Enter');
      // The certificate open on the page is the chosen one in the results.
      await expect(
        page.getByRole('button', { name: `Ausgewählt: ${record.machineName} ${record.serial}` }),
      ).toBeVisible();
      await expectNothingRan(page, watch);

      await page.goto(`/labels?machine=${record.machineId}`);
      await expect(labels.first()).toContainText(record.machineName);
      await page.getByLabel('MASCHINE SUCHEN').fill(record.machineName.slice(0, 100));
      await page.getByRole('button', { name: 'SUCHEN', exact: true }).click();
      await expect(page.getByRole('button', { name: `Ausgewählt: ${record.machineName}` })).toBeVisible();
      await expect(page.locator('script:not([src]), iframe, img[src="x"], svg[onload]')).toHaveCount(0);
      await expectNothingRan(page, watch);
    }
  });

  test('customer page: hostile names as text, hostile links only as href values', async ({ page }) => {
    const watch = await guard(page);
    for (const record of records) {
      await page.goto(`/landing/${record.machineId}/${record.serial}`);
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(record.machineName);
      await expect(page.getByTestId('serial-verified')).toBeVisible();
      await expect(page.getByRole('link', { name: 'PRODUKTSEITE' })).toHaveAttribute('href', record.link);
      await expect(page.locator('img')).toHaveCount(0);
      await expectNothingRan(page, watch);
      if (record.index === 0) await snap(page, 'hardening-xss-landing');
    }
  });

  test('a product link with a space is refused, so every stored link is the button on the customer page', async ({
    page,
  }) => {
    const watch = await guard(page);
    const token = await signIn(page, '/login');
    const body = {
      brand_id: records[0].brandId,
      name: `Link-Maschine ${TAG}`,
      serial_prefix: 'LZ',
      link_en: `https://hostile.example/datenblatt ${TAG}.pdf`,
      electronic_circuit_board: 0,
    };
    const refused = await page.request.post(apiUrl(apiPaths.machineCreate()), {
      headers: { Authorization: token },
      data: body,
    });
    expect(refused.status()).toBe(400);
    expect(
      ((await refused.json()) as { error: { fields: Record<string, string> } }).error.fields.link_en,
    ).toBe('Bitte eine gültige Adresse mit http:// oder https:// eingeben');
    const link = `https://hostile.example/datenblatt-${TAG}.pdf`;
    const machine = await page.request.post(apiUrl(apiPaths.machineCreate()), {
      headers: { Authorization: token },
      data: { ...body, link_en: link },
    });
    expect(machine.status()).toBe(201);
    const { id } = (await machine.json()) as { id: number };
    await page.goto(`/landing/${id}`);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(`Link-Maschine ${TAG}`);
    // No German product page: the German customer page offers the English one.
    await expect(page.getByRole('link', { name: 'PRODUKTSEITE' })).toHaveAttribute('href', link);
    await expectNothingRan(page, watch);
  });

  for (const [i, payload] of XSS_PAYLOADS.entries()) {
    test(`URL parameters: /landing/<${PAYLOAD_NAMES[i]}>/<${PAYLOAD_NAMES[i]}> and ?tab=<${PAYLOAD_NAMES[i]}>`, async ({
      page,
    }) => {
      const watch = await guard(page);
      const segment = encodeURIComponent(payload);
      await page.goto(`/landing/${segment}/${segment}`);
      await expect(page.getByRole('alert')).toContainText('Maschine nicht gefunden');
      await expectNothingRan(page, watch);

      // A real machine with a hostile serial, however long: the model page with the neutral note.
      await page.goto(`/landing/${records[0].machineId}/${segment}`);
      await expect(page.getByTestId('serial-unknown')).toBeVisible();
      await expect(page.getByRole('alert')).toHaveCount(0);
      await expectNothingRan(page, watch);

      await signIn(page, `/?tab=${segment}`);
      // An unknown tab is the default tab.
      await expect(page.getByRole('link', { name: 'Prüfbericht erstellen' })).toHaveAttribute(
        'aria-current',
        'page',
      );
      await expect(remoteScreen(page, 'certificates/CertificateCreate')).toBeVisible();
      await expectNothingRan(page, watch);

      // A last segment with a dot looks like a file to the one-port server: its JSON 404, shown as text.
      const serverNotFound = page.getByText('Diese Adresse gibt es nicht.');
      await page.goto(`/machines/${segment}`);
      await expect(page.getByText('Maschine nicht gefunden.').or(serverNotFound)).toBeVisible();
      await expectNothingRan(page, watch);
      await page.goto(`/pdf/${segment}`);
      await expect(page.getByText('Prüfbericht nicht gefunden.').or(serverNotFound)).toBeVisible();
      await expectNothingRan(page, watch);
      await page.goto(`/labels?certificate=${segment}&machine=${segment}`);
      await expect(page.getByRole('heading', { name: 'ETIKETTEN DRUCKEN' })).toBeVisible();
      await expectNothingRan(page, watch);
    });
  }

  test('the landing screen inside the staff shell with hostile names and URL parameters', async ({
    page,
  }) => {
    const watch = await guard(page);
    // As in landing-customer.spec.ts: the one-port server answers /landing/… with the standalone page, so the
    // browser gets the shell's page for these documents to run the remote ./Landing.
    const shell = await page.request.get('/');
    const shellHtml = await shell.text();
    await page.route(/\/landing\//, (route) =>
      route.request().resourceType() === 'document'
        ? route.fulfill({ body: shellHtml, contentType: 'text/html', headers: shell.headers() })
        : route.continue(),
    );
    await signIn(page);
    for (const record of records) {
      await page.goto(`/landing/${record.machineId}/${record.serial}`);
      const screen = page.locator('[data-remote="landing/Landing"]');
      await expect(screen.getByRole('heading', { level: 1 })).toHaveText(record.machineName);
      await expect(screen.getByRole('link', { name: 'PRODUKTSEITE' })).toHaveAttribute('href', record.link);
      await expectNothingRan(page, watch);

      const segment = encodeURIComponent(record.payload);
      await page.goto(`/landing/${segment}/${segment}`);
      await expect(screen.getByRole('alert')).toContainText('Maschine nicht gefunden');
      await expectNothingRan(page, watch);
    }
    await snap(page, 'hardening-xss-landing-in-shell');
  });
});
