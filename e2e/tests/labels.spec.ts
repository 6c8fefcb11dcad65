import fs from 'node:fs';
import path from 'node:path';
import type { APIRequestContext, APIResponse, Page } from '@playwright/test';
import {
  BarcodeFormat,
  BinaryBitmap,
  DecodeHintType,
  HybridBinarizer,
  MultiFormatReader,
  RGBLuminanceSource,
} from '@zxing/library';
import { PNG } from 'pngjs';
import {
  apiPaths,
  CERTIFICATE_DEFAULTS,
  eanCheckDigit,
  INSTRUCTIONS_MARKING,
  landingUrl,
  type Brand,
  type Machine,
  type PrintData,
} from 'contracts';
import { apiUrl, artifactPath, expect, signIn, test } from '../support/fixtures';
import { decodeQr, withQuietZone } from '../support/qr';

/** The presets as the page names them, with what a 3-unit certificate must print on each. */
const PRESETS = [
  { name: '62-mm-Endlosrolle (62 × 100 mm)', slug: 'roll-62', pages: 3, pageMm: [62, 100], marking: 6 },
  { name: 'Thermoetiketten 100 × 50 mm', slug: 'thermal-100x50', pages: 3, pageMm: [100, 50], marking: 2 },
  { name: 'A4-Bogen 3 × 8 (70 × 37 mm)', slug: 'a4-3x8', pages: 1, pageMm: [210, 297], marking: 0 },
] as const;

const MM_TO_PT = 72 / 25.4;

// The A4 sheet's barcode modules are 0.28 mm: about one CSS pixel, too few to decode at scale 1.
test.use({ deviceScaleFactor: 3 });

function authorized(request: APIRequestContext, token: string) {
  const headers = { Authorization: token };
  const json = async <T>(response: APIResponse, status: number): Promise<T> => {
    expect(response.status(), `${response.url()}: ${await response.text()}`).toBe(status);
    return (await response.json()) as T;
  };
  return {
    get: async <T>(url: string) => json<T>(await request.get(url, { headers }), 200),
    post: async <T>(url: string, data: unknown, status = 200) =>
      json<T>(await request.post(url, { headers, data }), status),
    upload: async (file: Buffer) =>
      json<{ path: string }>(
        await request.post(apiUrl(apiPaths.upload()), {
          headers,
          multipart: { file: { name: 'logo.png', mimeType: 'image/png', buffer: file } },
        }),
        200,
      ),
  };
}

/** A logo-like PNG: a coloured bar with a white block, wider than tall like most brand logos. */
function logoPng(): Buffer {
  const png = new PNG({ width: 240, height: 80 });
  for (let y = 0; y < png.height; y++) {
    for (let x = 0; x < png.width; x++) {
      const i = (y * png.width + x) * 4;
      const block = x > 20 && x < 70 && y > 20 && y < 60;
      png.data.set(block ? [255, 255, 255, 255] : [0, 158, 215, 255], i);
    }
  }
  return PNG.sync.write(png);
}

let machines = 0;

/** A brand with a logo and a machine with a valid EAN-13 of its own, so the test needs no seed data. */
async function createMachine(api: ReturnType<typeof authorized>): Promise<Machine> {
  const tag = `${Date.now()}-${++machines}`;
  const { path: logo } = await api.upload(logoPng());
  const brand = await api.post<Brand>(
    apiUrl(apiPaths.brandCreate()),
    { name: `Etiketten-Marke ${tag}`, logo },
    201,
  );
  const digits = String(Date.now() + machines).slice(-9);
  const ean = `400${digits}`;
  return api.post<Machine>(
    apiUrl(apiPaths.machineCreate()),
    {
      brand_id: brand.id,
      name: `MAB ${tag.slice(-6)}`,
      serial_prefix: '491',
      ean_number: ean + eanCheckDigit(ean),
      electronic_circuit_board: 1,
    },
    201,
  );
}

async function createCertificate(api: ReturnType<typeof authorized>, machine: Machine): Promise<PrintData> {
  const [certificate] = await api.post<PrintData[]>(apiUrl(apiPaths.certificateCreate()), {
    ...CERTIFICATE_DEFAULTS,
    brand_id: machine.brand_id,
    machine_id: machine.id,
    checked_by: 'E2E Etiketten',
    crowd: 3,
  });
  return certificate;
}

async function webBase(page: Page): Promise<string> {
  const config = (await (await page.request.get('/config.json')).json()) as { webBase: string };
  return config.webBase;
}

/** The EAN as ZXing's 1D reader, limited to EAN-13, scans it. */
function decodeEan13(png: Buffer): string {
  const { data, width, height } = withQuietZone(png);
  const luminance = new Uint8ClampedArray(width * height);
  for (let i = 0; i < luminance.length; i++) {
    luminance[i] = (data[i * 4] * 299 + data[i * 4 + 1] * 587 + data[i * 4 + 2] * 114) / 1000;
  }
  const hints = new Map<DecodeHintType, unknown>([
    [DecodeHintType.POSSIBLE_FORMATS, [BarcodeFormat.EAN_13]],
    [DecodeHintType.TRY_HARDER, true],
  ]);
  const bitmap = new BinaryBitmap(new HybridBinarizer(new RGBLuminanceSource(luminance, width, height)));
  return new MultiFormatReader().decode(bitmap, hints).getText();
}

/** Page count and page sizes (pt) of a PDF written by Chromium, which keeps its page dictionaries plain. */
function pdfPages(pdf: Buffer): number[][] {
  const text = pdf.toString('latin1');
  const pages = [...text.matchAll(/\/Type\s*\/Page\b(?!s)/g)];
  const boxes = [...text.matchAll(/\/MediaBox\s*\[\s*0\s+0\s+([\d.]+)\s+([\d.]+)\s*\]/g)].map((m) =>
    [m[1], m[2]].map(Number),
  );
  expect(boxes).toHaveLength(pages.length);
  return boxes;
}

async function imagesLoaded(page: Page): Promise<void> {
  await expect
    .poll(() =>
      page.evaluate(() => [...document.images].every((img) => img.complete && img.naturalWidth > 0)),
    )
    .toBe(true);
}

test.describe('Etiketten', () => {
  test('serial labels of a 3-unit certificate: every preset prints its page count, every code scans', async ({
    page,
  }) => {
    const urls: string[] = [];
    page.on('request', (request) => urls.push(request.url()));
    const token = await signIn(page, '/labels');
    const api = authorized(page.request, token);
    const machine = await createMachine(api);
    const certificate = await createCertificate(api, machine);
    const base = await webBase(page);
    const { serials } = certificate;
    expect(serials).toHaveLength(3);

    // Found by the middle unit's serial, as a sticker on the machine would give it.
    await page.getByLabel('PRÜFBERICHT SUCHEN').fill(serials[1]);
    await page.getByLabel('PRÜFBERICHT SUCHEN').press('Enter');
    await page.getByRole('button', { name: `Auswählen: ${certificate.machine_type} ${serials[0]}` }).click();
    await expect(page).toHaveURL(new RegExp(`/labels\\?certificate=${certificate.id}$`));

    const preview = page.getByRole('region', { name: 'Vorschau' });
    for (const preset of PRESETS) {
      await page.getByLabel('ETIKETTENFORMAT').selectOption({ label: preset.name });
      // The sheet is laid out for this preset (its page width), not still for the one before.
      await expect(preview.locator('.cert-label-sheet')).toHaveAttribute(
        'style',
        new RegExp(`--page-w: ${preset.pageMm[0]}mm;`),
      );
      const labels = preview.getByTestId('label');
      await expect(labels).toHaveCount(3);
      await expect(preview.getByTestId('label-page')).toHaveCount(preset.pages);
      await imagesLoaded(page);
      await page.screenshot({ path: artifactPath(`labels-${preset.slug}`), fullPage: true });

      for (const [k, serial] of serials.entries()) {
        const label = labels.nth(k);
        await expect(label).toHaveAccessibleName(serial);
        await expect(label).toContainText(certificate.machine_type);
        const qr = decodeQr(await label.getByTestId('label-qr').screenshot());
        expect(qr).toBe(landingUrl(base, machine.id, serial));
        const ean = decodeEan13(await label.locator('svg.cert-label__barcode').screenshot());
        expect(ean).toBe(machine.ean_number);
        // Where the instructions are: the pictogram and the preset's languages, inside the label's edges.
        const marking = label.getByTestId('label-marking');
        await expect(marking.locator('span[lang]')).toHaveText(INSTRUCTIONS_MARKING.slice(0, preset.marking));
        if (preset.marking === 0)
          await expect(marking.getByRole('img', { name: INSTRUCTIONS_MARKING[0] })).toBeVisible();
        const [outer, inner] = [await label.boundingBox(), await marking.boundingBox()];
        expect(inner!.y + inner!.height).toBeLessThanOrEqual(outer!.y + outer!.height);
        expect(inner!.x + inner!.width).toBeLessThanOrEqual(outer!.x + outer!.width);
      }

      const pdfPath = path.join(path.dirname(artifactPath('x')), `labels-${preset.slug}.pdf`);
      const pdf = await page.pdf({ preferCSSPageSize: true, path: pdfPath });
      const pages = pdfPages(pdf);
      expect(pages).toHaveLength(preset.pages);
      // Chromium rounds the page box to whole CSS pixels (under 0.3 mm).
      for (const [width, height] of pages) {
        expect(Math.abs(width - preset.pageMm[0] * MM_TO_PT)).toBeLessThan(1);
        expect(Math.abs(height - preset.pageMm[1] * MM_TO_PT)).toBeLessThan(1);
      }
      expect(fs.statSync(pdfPath).size).toBeGreaterThan(0);
    }

    // A started sheet whose first 22 labels are used: the third unit goes onto a new sheet.
    await page.getByLabel('STARTPOSITION (1–24)').fill('23');
    await expect(preview.getByTestId('label-page')).toHaveCount(2);
    await page.screenshot({ path: artifactPath('labels-a4-3x8-start-23'), fullPage: true });
    const started = path.join(path.dirname(artifactPath('x')), 'labels-a4-3x8-start-23.pdf');
    expect(pdfPages(await page.pdf({ preferCSSPageSize: true, path: started }))).toHaveLength(2);

    // The choice is remembered for the next visit.
    await page.reload();
    await expect(page.getByLabel('ETIKETTENFORMAT')).toHaveValue('a4-3x8');

    expect(page.url()).not.toContain(token);
    expect(urls.filter((url) => url.includes(token))).toEqual([]);
  });

  test('product labels of a machine: the count, the EAN and the product page', async ({ page }) => {
    const urls: string[] = [];
    page.on('request', (request) => urls.push(request.url()));
    const token = await signIn(page, '/labels');
    const machine = await createMachine(authorized(page.request, token));
    const base = await webBase(page);

    await page.getByRole('button', { name: 'PRODUKTETIKETTEN' }).click();
    await page.getByLabel('MASCHINE SUCHEN').fill(machine.ean_number);
    await page.getByRole('button', { name: 'SUCHEN', exact: true }).click();
    await page.getByRole('button', { name: `Auswählen: ${machine.name}` }).click();
    await expect(page).toHaveURL(new RegExp(`/labels\\?machine=${machine.id}$`));
    await page.getByLabel('ETIKETTENFORMAT').selectOption({ label: PRESETS[1].name });
    await page.getByLabel('ANZAHL ETIKETTEN').fill('2');

    const labels = page.getByRole('region', { name: 'Vorschau' }).getByTestId('label');
    await expect(labels).toHaveCount(2);
    await imagesLoaded(page);
    await page.screenshot({ path: artifactPath('labels-product'), fullPage: true });
    const label = labels.first();
    await expect(label).toContainText(machine.name);
    expect(decodeQr(await label.getByTestId('label-qr').screenshot())).toBe(landingUrl(base, machine.id));
    expect(decodeEan13(await label.locator('svg.cert-label__barcode').screenshot())).toBe(machine.ean_number);
    expect(urls.filter((url) => url.includes(token))).toEqual([]);
  });

  test('print shows only the labels, also after the reprint screen was open in the same tab', async ({
    page,
  }) => {
    // The reprint opens the print dialog by itself; headless, a real one would hold the page's own PDF.
    await page.addInitScript(() => {
      window.print = () => {};
    });
    const token = await signIn(page, '/labels');
    const api = authorized(page.request, token);
    const certificate = await createCertificate(api, await createMachine(api));
    // The reprint shows the archived PDF in a frame and prints that frame (mfe-certificates' certificate-pdf.tsx).
    const pdfFrame = page.getByTitle(`PDF des Prüfberichts Nr. ${certificate.id}`);
    await page.goto(`/pdf/${certificate.id}`);
    await expect(pdfFrame).toBeVisible();
    // Navigating inside the app keeps this document and those styles, as Back would.
    await page.evaluate((url) => {
      window.history.pushState(null, '', url);
      window.dispatchEvent(new PopStateEvent('popstate'));
    }, `/labels?certificate=${certificate.id}`);
    await expect(page.getByRole('region', { name: 'Vorschau' }).getByTestId('label')).toHaveCount(3);
    await expect(pdfFrame).not.toBeAttached();

    await page.emulateMedia({ media: 'print' });
    await expect(page.getByTestId('labels-print').getByTestId('label').first()).toBeVisible();
    await expect(page.locator('#root')).toBeHidden();
    expect(pdfPages(await page.pdf({ preferCSSPageSize: true }))).toHaveLength(3);
  });

  test("the header's ETIKETTEN DRUCKEN opens the built-in page in a new tab, signed in, without the token", async ({
    page,
  }) => {
    const token = await signIn(page, '/?tab=certificate_list');
    const [labelsTab] = await Promise.all([
      page.context().waitForEvent('page'),
      page.getByRole('link', { name: 'ETIKETTEN DRUCKEN' }).click(),
    ]);
    await expect(labelsTab.getByRole('heading', { name: 'ETIKETTEN DRUCKEN' })).toBeVisible();
    expect(new URL(labelsTab.url()).pathname).toBe('/labels');
    expect(labelsTab.url()).not.toContain(token);
    await labelsTab.close();
  });

  test("the Daten list's row action 'Etiketten' opens that certificate's labels in a new tab", async ({
    page,
  }) => {
    const token = await signIn(page, '/labels');
    const api = authorized(page.request, token);
    const certificate = await createCertificate(api, await createMachine(api));
    await page.goto('/?tab=certificate_list');
    const [labelsTab] = await Promise.all([
      page.context().waitForEvent('page'),
      page.getByRole('link', { name: `Etiketten: ${certificate.serial_no}` }).click(),
    ]);
    await expect(labelsTab).toHaveURL(new RegExp(`/labels\\?certificate=${certificate.id}$`));
    await expect(labelsTab.getByRole('region', { name: 'Vorschau' }).getByTestId('label')).toHaveCount(3);
    await labelsTab.close();
  });
});
