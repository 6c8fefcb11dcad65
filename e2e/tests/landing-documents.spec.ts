import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { ChildProcess } from 'node:child_process';
import Database from 'better-sqlite3';
import type { APIRequestContext, Browser, Page } from '@playwright/test';
import {
  apiPaths,
  CERTIFICATE_DEFAULTS,
  eanCheckDigit,
  type Brand,
  type Machine,
  type PrintData,
} from 'contracts';
import { PDFDocument } from 'pdf-lib';
import { expectAccessible } from '../support/a11y';
import { startServer } from '../support/deployment';
import { apiUrl, expect, snap, test } from '../support/fixtures';
import { productPhoto } from './landing-data';

/**
 * Documents behind the QR code (docs/decisions/0012-documents.md): staff upload instructions in German and
 * English, a newer German edition and an English one valid from a later day; the customer page of a unit issued before that edition shows the older
 * one and marks the newer, in English and (by fallback) in French; downloads read back; the GS1 resolver's
 * answers; a paper copy requested and done. A server of its own, so the unit's issue day can be set back.
 */

interface Server {
  origin: string;
  token: string;
  dir: string;
  child: ChildProcess;
}
let server: Server;

async function pdf(title: string, padding = 0): Promise<Buffer> {
  const document = await PDFDocument.create();
  document.setTitle(title);
  document.addPage().drawText(title, { x: 50, y: 700 });
  if (padding) document.setSubject('x'.repeat(padding));
  return Buffer.from(await document.save());
}

async function api(request: APIRequestContext, method: 'get' | 'post', path: string, data?: unknown) {
  const response = await request[method](`${server.origin}${apiUrl(path)}`, {
    headers: { Authorization: server.token },
    ...(data !== undefined && { data }),
  });
  expect(response.ok(), await response.text()).toBe(true);
  return response.json();
}

/** A machine with an EAN of its own and a certificate of `units` units issued on 10 March 2025. */
async function machineWithUnit(request: APIRequestContext, units = 1, image = '') {
  const brands = (await api(request, 'get', apiPaths.brands())) as { data: Brand[] };
  const body = `401${String(Date.now()).slice(-9)}`;
  const ean = body + eanCheckDigit(body);
  const machine = (await api(request, 'post', apiPaths.machineCreate(), {
    brand_id: brands.data[0].id,
    name: `Kernbohrer DOK-${Date.now().toString(36).toUpperCase()}`,
    serial_prefix: 'DK',
    ean_number: ean,
    electronic_circuit_board: 0,
    link_en: 'https://example.com/en',
    link_ger: 'https://example.com/de',
    image,
  })) as Machine;
  const [certificate] = (await api(request, 'post', apiPaths.certificateCreate(), {
    ...CERTIFICATE_DEFAULTS,
    brand_id: machine.brand_id,
    machine_id: machine.id,
    checked_by: 'E2E Dokumente',
    crowd: units,
  })) as PrintData[];
  const db = new Database(path.join(server.dir, 'api.db'));
  db.prepare('update certificates set created_at = ? where id = ?').run(
    '2025-03-10T09:00:00.000Z',
    certificate.id,
  );
  db.close();
  return {
    machine,
    serial: certificate.serials[0],
    serials: certificate.serials,
    certificate,
    gtin: ean.padStart(14, '0'),
  };
}

async function staffPage(page: Page, target: string) {
  await page.goto(`${server.origin}/login`);
  await page.evaluate((token) => window.localStorage.setItem('token', token), server.token);
  await page.goto(`${server.origin}${target}`);
}

async function uploadThroughScreen(
  page: Page,
  language: string,
  validFrom: string,
  file: Buffer,
  name: string,
) {
  const panel = page.getByTestId('machine-documents');
  await panel.getByLabel('ART').selectOption('instructions');
  await panel.getByLabel('SPRACHE (ISO 639-1)').fill(language);
  await panel.getByLabel('GÜLTIG AB').fill(validFrom);
  await panel.getByLabel(/PDF-DATEI/).setInputFiles({ name, mimeType: 'application/pdf', buffer: file });
  await panel.getByRole('button', { name: 'HOCHLADEN' }).click();
}

async function phone(browser: Browser, locale: string) {
  const context = await browser.newContext({
    viewport: { width: 390, height: 844 },
    isMobile: true,
    hasTouch: true,
    locale,
    acceptDownloads: true,
  });
  return { page: await context.newPage(), close: () => context.close() };
}

test.describe('Dokumente hinter dem QR-Code', () => {
  let unit: Awaited<ReturnType<typeof machineWithUnit>>;
  const files: Record<string, Buffer> = {};

  test.beforeAll(async ({ playwright }) => {
    test.setTimeout(120_000);
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'pruefbericht-docs-'));
    const started = await startServer(dir, {
      PUBLIC_RATE_LIMIT: '100000',
      COMPANY_EMAIL: 'service@bds-maschinen.example',
      COMPANY_PHONE: '+49 2161 123456',
    });
    const request = await playwright.request.newContext();
    const login = await request.post(`${started.origin}${apiUrl(apiPaths.login())}`, {
      data: { username: started.account.email, password: started.account.password },
    });
    server = { origin: started.origin, token: (await login.json()).token, dir, child: started.child };
    unit = await machineWithUnit(request);
    await request.dispose();
    files.de1 = await pdf('Betriebsanleitung DE Ausgabe 1');
    files.en1 = await pdf('Instructions EN edition 1');
    files.de2 = await pdf('Betriebsanleitung DE Ausgabe 2', 300_000);
  });

  test.afterAll(async () => {
    await new Promise<void>((resolve) => {
      if (server.child.exitCode !== null) return resolve();
      server.child.once('exit', () => resolve());
      server.child.kill('SIGTERM');
    });
    fs.rmSync(server.dir, { recursive: true, force: true });
  });

  test('staff upload DE, EN and a newer DE; a PDF with JavaScript is refused with a German reason', async ({
    page,
  }) => {
    await staffPage(page, `/machines/${unit.machine.id}`);
    const panel = page.getByTestId('machine-documents');
    await expect(panel.getByText('Noch keine Dokumente.')).toBeVisible();
    await expectAccessible(page, 'documents-empty');

    const hostile = await PDFDocument.create();
    hostile.addPage();
    hostile.addJavaScript('x', 'app.alert(1)');
    await uploadThroughScreen(page, 'de', '2024-01-01', Buffer.from(await hostile.save()), 'harmlos.pdf');
    await expect(panel.getByText('Das PDF enthält JavaScript und wird nicht angenommen.')).toBeVisible();
    await uploadThroughScreen(page, 'xx', '2024-01-01', files.de1, 'a.pdf');
    await expect(panel.getByText(/Sprachcode nach ISO 639-1/)).toBeVisible();
    await expectAccessible(page, 'documents-refused');

    const rows = panel.getByRole('table', { name: 'Dokumentfassungen' }).getByRole('row');
    await uploadThroughScreen(page, 'de', '2024-01-01', files.de1, 'anleitung-de.pdf');
    await expect(rows).toHaveCount(2);
    await uploadThroughScreen(page, 'en', '2024-01-01', files.en1, 'manual-en.pdf');
    await expect(rows).toHaveCount(3);
    await uploadThroughScreen(page, 'de', '2025-06-01', files.de2, 'anleitung-de-2.pdf');
    await expect(rows).toHaveCount(4);
    await expect(rows.filter({ hasText: 'abgelöst' })).toHaveCount(1);
    await expect(rows.filter({ hasText: '01.01.2024' }).filter({ hasText: 'DE' })).toContainText('abgelöst');
    // An English edition valid from a later day: marked so, and the one in force stays so until then (and
    // customers keep getting it: the English page below shows no newer one).
    await uploadThroughScreen(page, 'en', '2099-01-01', files.en1, 'manual-en-2099.pdf');
    await expect(rows).toHaveCount(5);
    // The language by its own cell: „EN“ as text would also match HERUNTERLADEN.
    const status = (day: string, language: string) =>
      rows
        .filter({ hasText: day })
        .filter({ has: page.getByRole('cell', { name: language, exact: true }) })
        .getByRole('cell')
        .nth(4);
    await expect(status('01.01.2099', 'EN')).toHaveText('gilt ab 01.01.2099');
    await expect(status('01.01.2024', 'EN')).toHaveText('gilt');
    await expect(rows.filter({ hasText: 'abgelöst' })).toHaveCount(1);
    await expectAccessible(page, 'documents-list');
    await page.setViewportSize({ width: 768, height: 1024 });
    await snap(page, 'documents-staff-768');
  });

  test('the unit’s page in English, then German: the edition of its issue day, the newer one marked; downloads read back', async ({
    browser,
  }) => {
    const { page, close } = await phone(browser, 'en-GB');
    await page.goto(`${server.origin}/landing/${unit.machine.id}/${unit.serial}`);
    const section = page.getByTestId('documents');
    await expect(section.getByRole('heading', { name: 'Documents' })).toBeVisible();
    // One language at a time (mfe-landing's language switch): in English the English edition, no newer one
    // (the 2099 edition is not in force before then), and no fallback.
    const items = section.getByTestId('document');
    await expect(items).toHaveCount(1);
    await expect(items).toContainText('EN ·');
    await expect(items.getByTestId('document-newer')).toHaveCount(0);
    await expect(section.getByTestId('document-fallback')).toHaveCount(0);
    await expectAccessible(page, 'landing-documents-en-phone');

    await page.getByRole('button', { name: 'DE', exact: true }).click();
    await expect(section.getByRole('heading', { name: 'Dokumente' })).toBeVisible();
    await expect(items).toHaveCount(1);
    const german = items.filter({ hasText: 'DE ·' });
    await expect(german).toContainText('gültig ab 01.01.2024');
    await expect(german.getByTestId('document-newer')).toContainText('Neuere Fassung, gültig ab 01.06.2025');

    const [download] = await Promise.all([
      page.waitForEvent('download'),
      german.getByRole('link', { name: 'Herunterladen' }).first().click(),
    ]);
    expect(download.suggestedFilename()).toMatch(
      /^Kernbohrer-DOK-[A-Z0-9]+_Instructions-for-use_DE_2024-01-01\.pdf$/,
    );
    const saved = fs.readFileSync((await download.path())!);
    expect(saved.equals(files.de1)).toBe(true);
    expect((await PDFDocument.load(saved)).getTitle()).toBe('Betriebsanleitung DE Ausgabe 1');

    // Opened in the browser (a phone's viewer asks for ranges): the newer edition, inline, 206 for a range.
    const newer = german.getByTestId('document-newer').getByRole('link', { name: 'Öffnen' });
    const href = (await newer.getAttribute('href'))!;
    const inline = await page.request.get(`${server.origin}${href}`);
    expect(inline.headers()['content-disposition']).toMatch(/^inline; filename=".*_DE_2025-06-01\.pdf"$/);
    expect(Buffer.from(await inline.body()).equals(files.de2)).toBe(true);
    const range = await page.request.get(`${server.origin}${href}`, { headers: { Range: 'bytes=100-199' } });
    expect(range.status()).toBe(206);
    expect(Buffer.from(await range.body()).equals(files.de2.subarray(100, 200))).toBe(true);
    await close();
  });

  test('in French: no French edition, the English one with the fallback said in French', async ({
    browser,
  }) => {
    const { page, close } = await phone(browser, 'fr-FR');
    await page.goto(`${server.origin}/landing/${unit.machine.id}/${unit.serial}`);
    const items = page.getByTestId('documents').getByTestId('document');
    await expect(items).toHaveCount(1);
    await expect(items).toContainText('Notice d’instructions');
    await expect(items).toContainText('EN ·');
    await expect(items.getByTestId('document-fallback')).toHaveText(
      'Non disponible en français ; affiché en anglais.',
    );
    await expectAccessible(page, 'landing-documents-fr-phone');
    await close();
  });

  test('a machine without documents shows no documents section', async ({ browser, playwright }) => {
    const request = await playwright.request.newContext();
    const bare = await machineWithUnit(request);
    await request.dispose();
    const { page, close } = await phone(browser, 'de-DE');
    await page.goto(`${server.origin}/landing/${bare.machine.id}/${bare.serial}`);
    await expect(page.getByTestId('serial-verified')).toBeVisible();
    await expect(page.getByTestId('documents')).toHaveCount(0);
    await close();
  });

  test('the GS1 resolver: linkset by query and Accept, a redirect per link type, the Link header, 400 and 404', async ({
    request,
  }) => {
    const base = `${server.origin}/01/${unit.gtin}/21/${unit.serial}`;
    const linkHeader = `<${base}?linkType=linkset>; rel="linkset"; type="application/linkset+json"`;
    for (const [url, headers] of [
      [`${base}?linkType=linkset`, {}],
      [base, { Accept: 'application/linkset+json' }],
    ] as const) {
      const response = await request.get(url, { headers });
      expect(response.status()).toBe(200);
      expect(response.headers()['content-type']).toBe('application/linkset+json');
      expect(response.headers().link).toBe(linkHeader);
      const [set] = (await response.json()).linkset;
      expect(set.anchor).toBe(base);
      expect(set['https://gs1.org/voc/pip'][0].href).toBe(
        `${server.origin}/landing/${unit.machine.id}/${unit.serial}`,
      );
      expect(
        set['https://gs1.org/voc/instructions'].map((link: { hreflang: string[] }) => link.hreflang),
      ).toEqual([['de'], ['en']]);
    }
    const page = await request.get(base);
    expect(page.status()).toBe(200);
    expect(page.headers()['content-type']).toMatch(/text\/html/);
    expect(page.headers().link).toBe(linkHeader);

    const redirect = await request.get(`${base}?linkType=gs1:instructions`, {
      headers: { 'Accept-Language': 'en' },
      maxRedirects: 0,
    });
    expect(redirect.status()).toBe(307);
    expect(redirect.headers().location).toMatch(/_EN_2024-01-01\.pdf$/);
    const pip = await request.get(`${base}?linkType=gs1:pip`, { maxRedirects: 0 });
    expect(pip.headers().location).toBe(`${server.origin}/landing/${unit.machine.id}/${unit.serial}`);
    // A released unit's certification is its sealed test certificate (docs/decisions/0020-sealed-certificate.md).
    const certification = await request.get(`${base}?linkType=gs1:certificationInfo`, { maxRedirects: 0 });
    expect(certification.status()).toBe(307);
    expect(certification.headers().location).toBe(
      `${server.origin}/api${apiPaths.unitCertificate(unit.serial)}`,
    );
    // No safety information was uploaded: that link type has no target.
    const none = await request.get(`${base}?linkType=gs1:safetyInfo`, { maxRedirects: 0 });
    expect(none.status()).toBe(404);
    expect(none.headers().link).toBe(linkHeader);

    const wrongDigit = `${unit.gtin.slice(0, 13)}${(Number(unit.gtin[13]) + 1) % 10}`;
    expect(
      (await request.get(`${server.origin}/01/${wrongDigit}/21/${unit.serial}?linkType=linkset`)).status(),
    ).toBe(400);
    expect((await request.get(`${server.origin}/01/abc`)).status()).toBe(400);
    expect(
      (await request.get(`${server.origin}/01/${unit.gtin}/21/UNKNOWN1?linkType=linkset`)).status(),
    ).toBe(404);
    const wellKnown = await request.get(`${server.origin}/.well-known/gs1resolver`);
    expect((await wellKnown.json()).supportedPrimaryKeys).toEqual(['gtin']);
  });

  test('each release state on the phone: released, deviation, failed, awaiting release; a correction dated', async ({
    browser,
    playwright,
  }) => {
    const request = await playwright.request.newContext();
    const states = await machineWithUnit(request, 4);
    await request.dispose();
    // The releases as the test record leaves them (docs/decisions/0010-test-record.md), and a correction.
    const db = new Database(path.join(server.dir, 'api.db'));
    for (const [k, release] of ['released', 'deviation', 'failed', 'awaiting_release'].entries())
      db.prepare('update certificate_units set release = ? where serial = ?').run(release, states.serials[k]);
    db.prepare('update certificates set revised_at = ? where id = ?').run(
      '2025-04-02T08:00:00.000Z',
      states.certificate.id,
    );
    db.close();
    const { page, close } = await phone(browser, 'en-GB');
    const open = async (k: number) => {
      await page.goto(`${server.origin}/landing/${states.machine.id}/${states.serials[k]}`);
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(states.machine.name);
    };

    await open(0);
    await expect(page.getByTestId('serial-verified')).toContainText(
      'Genuine serial number, tested on 10.03.2025',
    );
    await expect(page.getByTestId('serial-corrected').first()).toHaveText(
      'Certificate corrected on 02.04.2025',
    );
    // The product page is an action, not a grey, disabled-looking button (white on #005f8a: 6.6:1).
    await expect(page.getByRole('link', { name: 'PRODUCT PAGE' })).toHaveCSS(
      'background-color',
      'rgb(0, 95, 138)',
    );
    await expectAccessible(page, 'landing-released-corrected-phone');

    await open(1);
    await expect(page.getByTestId('serial-verified')).toContainText(
      'Genuine serial number, tested on 10.03.2025',
    );
    await expect(page.getByTestId('serial-deviation').first()).toContainText('documented deviation');
    await expectAccessible(page, 'landing-deviation-phone');

    for (const [k, id, text] of [
      [2, 'serial-failed', 'This unit did not pass its final inspection.'],
      [3, 'serial-awaiting', 'has not been released yet'],
    ] as const) {
      await open(k);
      await expect(page.getByTestId(id)).toContainText(text);
      // The way to the manufacturer right under the warning, its e-mail naming the unit.
      const contact = page.getByTestId('unit-contact');
      await expect(page.getByTestId(id).locator('+ [data-testid="unit-contact"]')).toBeVisible();
      await expect(contact.getByRole('link', { name: 'Write to us' })).toHaveAttribute(
        'href',
        new RegExp(
          `subject=${encodeURIComponent(`${states.machine.name}, serial number ${states.serials[k]}`)}`,
        ),
      );
      await expect(page.getByTestId('serial-verified')).toHaveCount(0);
      await expect(page.locator('body')).not.toContainText(
        /genuine|tested on|Congratulations|Echte Seriennummer/i,
      );
      await expectAccessible(page, `landing-${id}-phone`);
    }
    await close();
  });

  test('a German phone’s first screen: status and documents, then photo and letter; none for a failed or withdrawn unit; the contact names the unit', async ({
    browser,
    playwright,
  }) => {
    // Three units, each opened and checked with axe, then two more screen sizes.
    test.setTimeout(120_000);
    const request = await playwright.request.newContext();
    const upload = await request.post(`${server.origin}${apiUrl(apiPaths.upload())}`, {
      headers: { Authorization: server.token },
      multipart: { file: { name: 'photo.png', mimeType: 'image/png', buffer: productPhoto() } },
    });
    const units = await machineWithUnit(request, 3, (await upload.json()).path);
    const document = await request.post(
      `${server.origin}${apiUrl(apiPaths.machineDocuments(units.machine.id))}`,
      {
        headers: { Authorization: server.token },
        multipart: {
          kind: 'instructions',
          language: 'de',
          valid_from: '2024-01-01',
          file: { name: 'anleitung.pdf', mimeType: 'application/pdf', buffer: files.de1 },
        },
      },
    );
    expect(document.status(), await document.text()).toBe(201);
    await request.dispose();
    const [released, failed, withdrawn] = units.serials;
    const db = new Database(path.join(server.dir, 'api.db'));
    db.prepare('update certificate_units set release = ? where serial = ?').run('released', released);
    db.prepare('update certificate_units set release = ? where serial = ?').run('failed', failed);
    db.prepare('update certificate_units set voided_at = ? where serial = ?').run(
      '2025-03-11T09:00:00.000Z',
      withdrawn,
    );
    db.close();

    // Accept-Language: de, as a German phone sends it.
    const { page, close } = await phone(browser, 'de-DE');
    const open = async (serial: string) => {
      await page.goto(`${server.origin}/landing/${units.machine.id}/${serial}`);
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(units.machine.name);
      await expect(page.getByTestId('document')).toBeVisible();
    };
    const top = async (testId: string) => (await page.getByTestId(testId).boundingBox())!;

    await open(released);
    // German alone, and the switch offers one language at a time.
    const switcher = page.getByRole('navigation', { name: 'Language / Sprache' });
    await expect(switcher.getByRole('button', { name: 'DE' })).toHaveAttribute('aria-pressed', 'true');
    await expect(page.getByText('Sehr geehrte Kundin, sehr geehrter Kunde,')).toHaveCount(1);
    await expect(page.locator('body')).not.toContainText(/Dear Customer|Genuine serial|MODEL \//);
    // The first screen: the unit's status and its documents, above the photo and the letter.
    await expect(page.getByTestId('unit-status')).toHaveText('FREIGEGEBEN');
    await expect(page.getByTestId('unit-status')).toBeInViewport({ ratio: 1 });
    await expect(page.getByTestId('serial-verified')).toContainText(
      'Echte Seriennummer, geprüft am 10.03.2025',
    );
    await expect(page.getByTestId('documents').getByRole('heading', { name: 'Dokumente' })).toBeInViewport({
      ratio: 1,
    });
    await expect(page.getByTestId('document')).toBeInViewport();
    const photo = page.getByRole('img', { name: units.machine.name });
    const photoBox = (await photo.boundingBox())!;
    const documents = await top('documents');
    expect(photoBox.y).toBeGreaterThanOrEqual(documents.y + documents.height);
    expect(photoBox.width).toBeLessThanOrEqual(240);
    expect((await top('letters')).y).toBeGreaterThanOrEqual(photoBox.y + photoBox.height);

    // The contact names the unit: the company's phone, an e-mail with model and serial, the verification page.
    const contact = page.getByTestId('unit-contact');
    await expect(contact.getByRole('link', { name: 'Anrufen: +49 2161 123456' })).toHaveAttribute(
      'href',
      'tel:+492161123456',
    );
    const mail = new URL(
      (await contact.getByRole('link', { name: 'Schreiben Sie uns' }).getAttribute('href'))!,
    );
    expect(`${mail.protocol}${mail.pathname}`).toBe('mailto:service@bds-maschinen.example');
    expect(mail.searchParams.get('subject')).toBe(`${units.machine.name}, Seriennummer ${released}`);
    expect(mail.searchParams.get('body')).toContain(
      `Modell: ${units.machine.name}\nSeriennummer: ${released}`,
    );
    await snap(page, 'landing-first-screen-390-de');
    await expectAccessible(page, 'landing-first-screen-de-phone');

    // The switch: English alone, the status and the e-mail in English.
    await switcher.getByRole('button', { name: 'EN' }).click();
    await expect(switcher.getByRole('button', { name: 'EN' })).toHaveAttribute('aria-pressed', 'true');
    await expect(page.getByText('Dear Customer,')).toBeVisible();
    await expect(page.getByText('Sehr geehrte Kundin, sehr geehrter Kunde,')).toHaveCount(0);
    await expect(page.getByTestId('unit-status')).toHaveText('RELEASED');
    await expect(contact.getByRole('link', { name: 'Write to us' })).toHaveAttribute(
      'href',
      new RegExp(`subject=${encodeURIComponent(`${units.machine.name}, serial number ${released}`)}`),
    );
    await switcher.getByRole('button', { name: 'DE' }).click();

    // The verification page is one tap away.
    await contact.getByRole('link', { name: 'Echtheit eines Prüfberichts prüfen' }).click();
    await expect(page).toHaveURL(`${server.origin}/landing/verify`);
    await expect(page.getByTestId('verify-page')).toBeVisible();

    for (const [serial, status] of [
      [failed, 'NICHT BESTANDEN'],
      [withdrawn, 'ZURÜCKGEZOGEN'],
    ] as const) {
      await open(serial);
      await expect(page.getByTestId('unit-status')).toHaveText(status);
      await expect(page.getByTestId('unit-status')).toBeInViewport({ ratio: 1 });
      await expect(page.getByTestId('letters')).toHaveCount(0);
      await expect(page.locator('body')).not.toContainText(/Sehr geehrte|Glückwunsch/);
      await expect(
        page.getByTestId('unit-contact').getByRole('link', { name: 'Schreiben Sie uns' }),
      ).toHaveAttribute(
        'href',
        new RegExp(`subject=${encodeURIComponent(`${units.machine.name}, Seriennummer ${serial}`)}`),
      );
      await expectAccessible(
        page,
        `landing-first-screen-${status === 'ZURÜCKGEZOGEN' ? 'withdrawn' : 'failed'}-de-phone`,
      );
    }

    for (const viewport of [
      { width: 1366, height: 768 },
      { width: 1024, height: 768 },
    ]) {
      await page.setViewportSize(viewport);
      await open(released);
      await expect(page.getByTestId('unit-status')).toBeInViewport();
      await snap(page, `landing-first-screen-${viewport.width}-de`);
    }
    await close();
  });

  test('a paper copy: asked for on the phone (bad input refused in two languages), done by staff with the day', async ({
    browser,
    page,
  }) => {
    const customer = await phone(browser, 'de-DE');
    await customer.page.goto(`${server.origin}/landing/${unit.machine.id}/${unit.serial}`);
    await customer.page.getByRole('button', { name: 'Kostenloses Papierexemplar anfordern' }).click();
    const form = customer.page.getByTestId('paper-request');
    await form.getByLabel('Document / Dokument').selectOption({ label: 'Betriebsanleitung (DE)' });
    await form.getByLabel('Name').fill('<script>alert(1)</script>');
    await form.getByLabel('Postal address / Postanschrift').fill('Heidestraße 17\n51147 Köln');
    await form.getByLabel('E-mail / E-Mail').fill('kunde@example.com');
    await form.getByRole('button', { name: 'SEND REQUEST / ANFRAGE SENDEN' }).click();
    await expect(form.getByRole('alert')).toHaveText(
      'Please check the marked fields. / Bitte prüfen Sie die markierten Felder.',
    );
    await expect(form.getByLabel('Name')).toHaveAttribute('aria-invalid', 'true');
    await expect(form.getByText(/Please enter plain text without angle brackets/)).toBeVisible();
    await expectAccessible(customer.page, 'landing-paper-request-refused-phone');
    await form.getByLabel('Name').fill('Erika Mustermann');
    await form.getByRole('button', { name: 'SEND REQUEST / ANFRAGE SENDEN' }).click();
    await expect(customer.page.getByTestId('paper-request-sent')).toContainText(
      'Thank you. We will send the copy by',
    );
    await expectAccessible(customer.page, 'landing-paper-request-sent-phone');
    await customer.close();

    await staffPage(page, '/?tab=machine_list');
    await page.getByRole('button', { name: 'Papierexemplare' }).click();
    const row = page.getByTestId('paper-request-row').filter({ hasText: 'Erika Mustermann' });
    await expect(row).toContainText(unit.serial);
    await expect(row).toContainText('Betriebsanleitung (DE)');
    await expect(row).toContainText('offen');
    await expectAccessible(page, 'paper-requests-open');
    await row.getByRole('button', { name: 'ALS VERSANDT ERLEDIGEN' }).click();
    await expect(row).toContainText(/versandt am \d{2}\.\d{2}\.\d{4}/);
    await expectAccessible(page, 'paper-requests-done');
  });
});
