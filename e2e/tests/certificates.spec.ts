import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { APIRequestContext, Page } from '@playwright/test';
import { apiPaths, COPY_MARKS } from 'contracts';
import { PNG } from 'pngjs';
import { baseURL } from '../playwright.config';
import { pdfShownBy, printCalls, stubPrint } from '../support/pdf';
import { decodeQr } from '../support/qr';
import {
  apiUrl,
  artifactPath,
  E2E_USER,
  enterPassingChecks,
  expect,
  signIn,
  snap,
  test,
  toastInPlace,
} from '../support/fixtures';

const artifacts = path.join(import.meta.dirname, '..', 'artifacts');
/** Where the form sends a new certificate. */
const CREATE = apiUrl(apiPaths.certificateCreate());

interface PrintData {
  id: number;
  machine_id: number;
  crowd: number;
  serialNoPart1: string;
  recordsCount: number;
  serial_no: string;
  endSerialNo: string;
  checked_by: string;
}

/** A small solid-colour PNG, uploaded like a logo or photo from the machine form. */
async function uploadPng(request: APIRequestContext, token: string, rgb: [number, number, number]) {
  const png = new PNG({ width: 240, height: 120 });
  for (let i = 0; i < png.data.length; i += 4) png.data.set([...rgb, 255], i);
  const response = await request.post(apiUrl(apiPaths.upload()), {
    headers: { Authorization: token },
    multipart: { file: { name: 'logo.png', mimeType: 'image/png', buffer: PNG.sync.write(png) } },
  });
  expect(response.status()).toBe(200);
  return ((await response.json()) as { path: string }).path;
}

/** The brands of this file, one of normal and one of the longest texts: other suites see few extra rows. */
const brands = new Map<boolean, Promise<{ id: number; name: string }>>();

function testBrand(request: APIRequestContext, token: string, longest: boolean) {
  if (!brands.has(longest))
    brands.set(
      longest,
      (async () => {
        const response = await request.post(apiUrl(apiPaths.brandCreate()), {
          headers: { Authorization: token },
          data: {
            name: `Prüfmarke ${Date.now().toString(36).toUpperCase()}`,
            logo: await uploadPng(request, token, [0, 158, 215]),
            email: longest
              ? `qualitaetssicherung.${'abteilung.'.repeat(8)}@pruefmarke.example`
              : 'qualitaet@pruefmarke.example',
            website_link: `https://www.pruefmarke.example${longest ? '/produkte'.repeat(30) : ''}`,
          },
        });
        expect(response.status()).toBe(201);
        return (await response.json()) as { id: number; name: string };
      })(),
    );
  return brands.get(longest)!;
}

/**
 * A machine of this test only, with its own serial prefix, so its serials start at 001 whatever ran before.
 * `longest` fills every printed text the API allows to its limit (or far beyond any real value).
 */
async function createBrandAndMachine(request: APIRequestContext, token: string, longest = false) {
  const run = Date.now().toString(36).toUpperCase();
  const brand = await testBrand(request, token, longest);
  const machine = await request.post(apiUrl(apiPaths.machineCreate()), {
    headers: { Authorization: token },
    data: {
      brand_id: brand.id,
      name: longest
        ? `MAB ${run} ${'Magnetkernbohrmaschine mit Drehzahlregelung '.repeat(5)}`.slice(0, 200)
        : `MAB ${run}`,
      serial_prefix: longest ? `T${run}`.padEnd(20, 'X') : `T${run.slice(-4)}`,
      electronic_circuit_board: 1,
      image: await uploadPng(request, token, [214, 64, 45]),
    },
  });
  expect(machine.status()).toBe(201);
  const { id: machineId, name: machineName } = (await machine.json()) as { id: number; name: string };
  return { brandName: brand.name, machineId, machineName };
}

async function choose(page: Page, label: string, option: string) {
  await page.getByLabel(label, { exact: true }).fill(option);
  await page.getByRole('option', { name: option, exact: true }).click();
}

/** The PDF a page showed and printed (support/pdf.ts), kept in the artifacts as `name`.pdf. */
async function keptPdf(shown: () => Promise<Buffer>, name: string): Promise<string> {
  const file = path.join(artifacts, `${name}.pdf`);
  fs.writeFileSync(file, await shown());
  return file;
}

/** The page count, after checking that the pages are A4. */
function pdfPages(file: string): number {
  const info = execFileSync('pdfinfo', [file], { encoding: 'utf8' });
  expect(info).toMatch(/Page size:.*\(A4\)/);
  return Number(/Pages:\s+(\d+)/.exec(info)![1]);
}
/**
 * The PDF's text in the order it was drawn (`-raw`: the tester's and releaser's columns do not interleave), with
 * whitespace collapsed: a value that wraps inside its cell still reads as one string.
 */
const pdfText = (file: string) =>
  execFileSync('pdftotext', ['-raw', file, '-'], { encoding: 'utf8', maxBuffer: 256 * 1024 * 1024 }).replace(
    /\s+/g,
    ' ',
  );

/** Every page as a PNG (150 dpi), in page order. */
function pdfToPngs(file: string, prefix: string): string[] {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'cert-pages-'));
  execFileSync('pdftoppm', ['-r', '150', '-png', file, path.join(dir, 'page')]);
  return fs
    .readdirSync(dir)
    .sort()
    .map((page, i) => {
      const target = path.join(artifacts, `${prefix}-${i + 1}.png`);
      fs.copyFileSync(path.join(dir, page), target);
      return target;
    });
}

test.describe('Prüfberichte', () => {
  test('create 3 units, print 6 pages with their serials and QR codes, find and reprint them', async ({
    page,
  }) => {
    test.setTimeout(120_000);
    await stubPrint(page);
    const token = await signIn(page);
    const { brandName, machineId, machineName } = await createBrandAndMachine(page.request, token);
    await page.reload();

    const form = page.getByTestId('certificate-create');
    await expect(page.getByLabel('ARTIKELNUMMER', { exact: true })).toBeDisabled();
    // Screen readers hear the select's state in German.
    await page.getByLabel('MARKE', { exact: true }).fill(brandName);
    const brandField = form.locator('.sui-field', { has: page.getByLabel('MARKE', { exact: true }) });
    await expect(brandField.getByRole('log')).toContainText(`1 Treffer für „${brandName}“.`);
    await choose(page, 'MARKE', brandName);
    await expect(brandField.getByRole('log')).toContainText(`${brandName} gewählt.`);
    await choose(page, 'ARTIKELNUMMER', machineName);
    await expect(page.getByRole('img', { name: machineName })).toBeVisible();
    await expect(page.getByRole('img', { name: brandName })).toBeVisible();
    await expect(form.getByRole('checkbox', { name: 'Ja' })).toBeChecked();
    await page.getByLabel('MENGE').fill('3');
    // Nothing is pre-ticked: „Alle bestanden“, then one check failed. Every step of the default plan is
    // required, so it fails every unit, and the certificate says NOT OK in exactly that row.
    await enterPassingChecks(page);
    await form
      .getByRole('group', { name: 'Zubehör' })
      .getByRole('radio', { name: 'Nicht bestanden' })
      .check();
    await snap(page, 'certificate-create-form');

    const answer = page.waitForResponse((r) => r.url().endsWith(CREATE) && r.status() === 200);
    const shown = pdfShownBy(page);
    // Each print of the PDF is recorded once in the audit trail (POST …/printed).
    const recorded: unknown[] = [];
    page.on('request', (request) => {
      if (request.method() === 'POST' && request.url().endsWith('/printed'))
        recorded.push(request.postDataJSON());
    });
    await page.getByRole('button', { name: 'WEITER' }).click();
    // Every unit fails: asked once, in the plural.
    await page
      .getByRole('alertdialog', { name: '3 Einheiten nicht bestanden – trotzdem ausstellen?' })
      .getByRole('button', { name: 'TROTZDEM AUSSTELLEN' })
      .click();
    const [data] = (await (await answer).json()) as PrintData[];
    expect(data.crowd).toBe(3);
    // Each submission carries its own key, so a retry after a lost answer cannot issue twice.
    expect((await answer).request().headers()['idempotency-key']).toMatch(/^[0-9a-f]{32}$/);
    await expect(page.getByRole('button', { name: 'WEITER' })).toBeEnabled();
    await expect.poll(() => printCalls(page)).toBe(1);
    const issued = page.getByRole('region', { name: 'Prüfbericht ausgestellt' });
    await expect(issued).toContainText(`${data.serial_no} – ${data.endSerialNo}`);
    await expect(issued).toContainText(machineName);
    await expect(issued.getByRole('link', { name: 'ETIKETTEN' })).toHaveAttribute(
      'href',
      `/labels?certificate=${data.id}`,
    );
    await snap(page, 'certificate-issued');

    const serials = [0, 1, 2].map((k) => data.serialNoPart1 + String(data.recordsCount + k).padStart(3, '0'));
    expect([data.serial_no, data.endSerialNo]).toEqual([serials[0], serials[2]]);
    const first = await keptPdf(shown, 'certificate-3-units');
    expect(pdfPages(first)).toBe(6);
    const text = pdfText(first);
    for (const serial of serials) expect(text.split(serial).length - 1).toBe(2);
    // „Geprüft von“ is the signed-in account (its e-mail, as it has no display name).
    expect(text).toContain(E2E_USER.email);
    expect(text).toContain('परीक्षण प्रमाणपत्र');
    expect(text).toContain('NOT OK');
    expect(text).toContain('qualitaet@pruefmarke.example');
    // The form and the confirmation never print.
    expect(text).not.toContain('WEITER');
    expect(text).not.toContain('Prüfbericht ausgestellt');
    const pages = pdfToPngs(first, 'certificate-page');
    expect(pages.map((png) => decodeQr(fs.readFileSync(png)))).toEqual(
      serials.flatMap((serial) => {
        // Sealed without a request and without WEB_BASE (e2e/global-setup.ts), a document names this server as
        // localhost (api/src/modules/certificate-pdf/certificate-archive.wiring.ts).
        const url = `http://localhost:${new URL(baseURL).port}/landing/${machineId}/${serial}`;
        return [url, url];
      }),
    );

    await page.getByRole('link', { name: 'Daten' }).click();
    const list = page.getByTestId('certificate-list');
    const firstRow = list.getByRole('row').nth(1);
    await expect(firstRow).toContainText(serials[0]);
    await expect(firstRow).toContainText(serials[2]);
    await expect(firstRow).toContainText(E2E_USER.email);
    await snap(page, 'certificate-list');

    await list.getByPlaceholder('SUCHEN...').fill(`  ${serials[1]} `);
    await list.getByPlaceholder('SUCHEN...').press('Enter');
    await expect(list.getByRole('row')).toHaveCount(2);
    await expect(list.getByRole('row').nth(1)).toContainText(serials[0]);
    await snap(page, 'certificate-list-search');

    // The machine is renamed after the first print; the reprint still shows what was certified.
    const machine = await page.request.get(apiUrl(apiPaths.machine(machineId)), {
      headers: { Authorization: token },
    });
    const current = (await machine.json()) as Record<string, unknown>;
    const editable = ['brand_id', 'serial_prefix', 'ean_number', 'link_en', 'link_ger', 'image'] as const;
    const body = Object.fromEntries(editable.map((key) => [key, current[key]]));
    const renamed = await page.request.put(apiUrl(apiPaths.machine(machineId)), {
      headers: { Authorization: token },
      data: { ...body, electronic_circuit_board: 0, name: `${machineName} neu` },
    });
    expect(renamed.status()).toBe(200);

    await page.evaluate(() => ((window as unknown as { printCalls: number }).printCalls = 0));
    const reprinted = pdfShownBy(page);
    await list.getByRole('link', { name: `Drucken: ${serials[0]}` }).click();
    await expect(page).toHaveURL(`/pdf/${data.id}`);
    await expect.poll(() => printCalls(page)).toBe(1);
    await expect.poll(() => recorded).toEqual([{ kind: 'print' }, { kind: 'reprint' }]);
    await snap(page, 'certificate-reprint-screen');
    const reprint = await keptPdf(reprinted, 'certificate-3-units-reprint');
    expect(pdfPages(reprint)).toBe(6);
    expect(pdfText(reprint)).toBe(text);
    // What is printed again is what was archived: the same bytes.
    expect(fs.readFileSync(reprint).equals(fs.readFileSync(first))).toBe(true);
  });

  test('a tester named like HTML prints as text and runs nothing', async ({ page }) => {
    await stubPrint(page);
    const dialogs: string[] = [];
    page.on('dialog', (dialog) => {
      dialogs.push(dialog.message());
      void dialog.dismiss();
    });
    const admin = await signIn(page);
    const { brandName, machineName } = await createBrandAndMachine(page.request, admin);
    // „Geprüft von“ is the signed-in account's display name: an inspector whose name is HTML issues.
    const hostile = '<img src=x onerror=alert(1)>';
    const inspector = { email: `html-${Date.now()}@example.com`, password: 'Erstes-Passwort-1' };
    const created = await page.request.post(apiUrl(apiPaths.accounts()), {
      headers: { Authorization: admin },
      data: { ...inspector, name: hostile, roles: ['pruefer'] },
    });
    expect(created.status()).toBe(201);
    const login = await page.request.post(apiUrl(apiPaths.login()), {
      data: { username: inspector.email, password: inspector.password },
    });
    const { token } = (await login.json()) as { token: string };
    const changed = await page.request.post(apiUrl(apiPaths.mePassword()), {
      headers: { Authorization: token },
      data: { current_password: inspector.password, new_password: 'Zweites-Passwort-2' },
    });
    expect(changed.status()).toBe(204);
    await page.evaluate((value) => window.localStorage.setItem('token', value), token);
    await page.reload();
    await choose(page, 'MARKE', brandName);
    await choose(page, 'ARTIKELNUMMER', machineName);
    await expect(page.getByTestId('certificate-create')).toContainText(`Geprüft von: ${hostile}`);
    await enterPassingChecks(page);
    const shown = pdfShownBy(page);
    await page.getByRole('button', { name: 'WEITER' }).click();
    await expect.poll(() => printCalls(page)).toBe(1);
    await expect(page.locator('img[src="x"]')).toHaveCount(0);
    const file = await keptPdf(shown, 'certificate-hostile-checker');
    expect(pdfPages(file)).toBe(2);
    expect(pdfText(file)).toContain(hostile);
    await page.getByRole('link', { name: 'Daten' }).click();
    await expect(page.getByTestId('certificate-list').getByRole('row').nth(1)).toContainText(hostile);
    expect(dialogs).toEqual([]);
  });

  test('a failed creation says so in German and WEITER works again', async ({ page }) => {
    await stubPrint(page);
    const token = await signIn(page);
    const { brandName, machineName } = await createBrandAndMachine(page.request, token);
    await page.reload();
    await choose(page, 'MARKE', brandName);
    await choose(page, 'ARTIKELNUMMER', machineName);
    await enterPassingChecks(page);
    // An answer that is an error: a German toast, and WEITER works again.
    await page.route(`**${CREATE}`, (route) =>
      route.fulfill({
        status: 500,
        contentType: 'application/json',
        body: JSON.stringify({
          error: { code: 'INTERNAL', message: 'Ein unerwarteter Fehler ist aufgetreten.' },
        }),
      }),
    );
    await page.getByRole('button', { name: 'WEITER' }).click();
    const toast = page
      .getByRole('alert')
      .filter({ hasText: 'Der Prüfbericht konnte nicht erstellt werden.' });
    await expect(toast).toBeVisible();
    await expect(page.getByRole('button', { name: 'WEITER' })).toBeEnabled();
    // The toast slides in from the right: the screenshot waits until it is in place.
    await toastInPlace(toast);
    await page.screenshot({ path: artifactPath('certificate-create-failed') });
    await page.unroute(`**${CREATE}`);

    await page.route(`**${CREATE}`, (route) => route.abort('connectionrefused'));
    await page.getByRole('button', { name: 'WEITER' }).click();
    // No answer at all: said on the form beside WEITER, the draft kept, with a retry.
    const notice = page.getByRole('alert').filter({ hasText: 'Der Server ist nicht erreichbar.' });
    await expect(notice).toContainText('Der Entwurf mit allen Werten bleibt erhalten');
    await expect(page.getByRole('button', { name: 'WEITER' })).toBeEnabled();
    expect(await printCalls(page)).toBe(0);
    await page.screenshot({ path: artifactPath('certificate-create-offline') });

    await page.unroute(`**${CREATE}`);
    await notice.getByRole('button', { name: 'ERNEUT SENDEN' }).click();
    await expect.poll(() => printCalls(page)).toBe(1);
    await expect(notice).toHaveCount(0);
  });

  test('the form is usable at 375 px', async ({ page }) => {
    await page.setViewportSize({ width: 375, height: 740 });
    await signIn(page);
    await expect(page.getByRole('button', { name: 'WEITER' })).toBeVisible();
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    await snap(page, 'certificate-create-375');
  });

  test('100 units of the longest texts print every sheet on its own A4 page with nothing cut off', async ({
    page,
  }) => {
    test.setTimeout(180_000);
    await stubPrint(page);
    const token = await signIn(page);
    const { brandName, machineName } = await createBrandAndMachine(page.request, token, true);
    await page.reload();
    await choose(page, 'MARKE', brandName);
    await choose(page, 'ARTIKELNUMMER', machineName);
    await page.getByLabel('MENGE').fill('100');
    await enterPassingChecks(page);
    const shown = pdfShownBy(page);
    await page.getByRole('button', { name: 'WEITER' }).click();
    // The worker seals the 200 pages after the answer: until then the PDF is 503 with Retry-After, asked for again,
    // and the page says it is being prepared (docs/decisions/0021-jobs-and-one-worker.md).
    await expect(
      page
        .getByTestId('certificate-pdf')
        .getByRole('status')
        .filter({ hasText: 'Der Prüfbericht wird vorbereitet …' }),
    ).toBeVisible();
    await snap(page, 'certificate-100-units-preparing');
    await expect.poll(() => printCalls(page), { timeout: 20_000 }).toBe(1);

    // From the answer's arrival to the print dialog: the server renders and seals the 200 pages, the page
    // fetches the PDF and shows it (docs/printed-certificate.md#when-it-prints).
    const printReadyMs = await page.evaluate((create) => {
      const answer = performance
        .getEntriesByType('resource')
        .find((entry) => entry.name.endsWith(create)) as PerformanceResourceTiming;
      return (window as unknown as { printedAt: number }).printedAt - answer.responseEnd;
    }, CREATE);
    test
      .info()
      .annotations.push({ type: 'print-ready ms (100 units)', description: printReadyMs.toFixed(0) });
    console.log(`100 units: print dialog ${printReadyMs.toFixed(0)} ms after the answer`);

    const file = await keptPdf(shown, 'certificate-100-units-longest');
    // Every copy on its own A4 pages; a copy whose texts do not fit one sheet at 8 pt continues on the next, and
    // the sheets are numbered through the whole file as a printer numbers them
    // (api/src/modules/certificate-pdf/pdf-document.ts): „Seite 1 von n“ to „Seite n von n“, none missing.
    const texts = pdfText(file);
    const sheets = pdfPages(file);
    expect(sheets).toBeGreaterThanOrEqual(200);
    const numbers = [...texts.matchAll(/Seite (\d+) von (\d+)/g)].map((match) => [
      Number(match[1]),
      Number(match[2]),
    ]);
    expect(numbers).toEqual(Array.from({ length: sheets }, (_, index) => [index + 1, sheets]));
    for (const mark of COPY_MARKS) {
      expect(texts.split(mark).length - 1, mark).toBeGreaterThanOrEqual(100);
    }
    execFileSync('pdftoppm', [
      '-r',
      '100',
      '-png',
      '-f',
      '1',
      '-l',
      '1',
      '-singlefile',
      file,
      path.join(artifacts, 'certificate-longest-page'),
    ]);
  });

  test('bad inputs show the German messages and send nothing', async ({ page }) => {
    const posted: string[] = [];
    page.on('request', (request) => {
      if (request.method() === 'POST' && request.url().endsWith(CREATE)) posted.push(request.url());
    });
    await signIn(page);
    const form = page.getByTestId('certificate-create');
    await page.getByLabel('MENGE').fill('');
    await page.getByRole('button', { name: 'WEITER' }).click();
    await expect(form.getByText('Bitte wählen')).toHaveCount(2);
    await expect(form.getByText('Bitte EINGEBEN')).toHaveCount(1);
    await snap(page, 'certificate-create-errors');
    for (const quantity of ['0', '101', '1.5', '-3']) {
      await page.getByLabel('MENGE').fill(quantity);
      await page.getByRole('button', { name: 'WEITER' }).click();
      await expect(page.locator('#cert-quantity-error')).toHaveText('Bitte eine ganze Zahl von 1 bis 100');
    }
    expect(posted).toEqual([]);
  });
});
