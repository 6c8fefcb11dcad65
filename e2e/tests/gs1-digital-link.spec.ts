import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { ChildProcess } from 'node:child_process';
import type { APIRequestContext, Browser, Locator, Page } from '@playwright/test';
import {
  apiPaths,
  CERTIFICATE_DEFAULTS,
  eanCheckDigit,
  type Brand,
  type Machine,
  type PrintData,
} from 'contracts';
import { startServer } from '../support/deployment';
import { apiUrl, E2E_USER, expect, snap, test } from '../support/fixtures';
import { pdfShownBy, pdfToPngs } from '../support/pdf';
import { decodeQr } from '../support/qr';

/**
 * Print → scan → customer page, as a customer's phone does it: the QR codes of the printed certificate and of
 * the labels are read from screenshots and opened. With QR_FORMAT=gs1 (a server of its own) they are GS1
 * Digital Links (`/01/<GTIN-14>/21/<serial>`, contracts/src/gs1.ts); by default, and for a machine without a
 * valid EAN, the customer page's own `/landing/<id>/<serial>`.
 */

// The certificate's QR code is 100 CSS pixels: three device pixels each give the decoder room.
test.use({ deviceScaleFactor: 3 });

interface Server {
  origin: string;
  token: string;
}

async function signInOn(page: Page, { origin, token }: Server, target: string) {
  await page.goto(`${origin}/login`);
  await page.evaluate((value) => window.localStorage.setItem('token', value), token);
  // The reprint opens the print dialog by itself; headless, it would wait for ever.
  await page.addInitScript(() => {
    window.print = () => {};
  });
  await page.goto(`${origin}${target}`);
}

async function login(request: APIRequestContext, origin: string, email: string, password: string) {
  const response = await request.post(`${origin}${apiUrl(apiPaths.login())}`, {
    data: { username: email, password },
  });
  expect(response.status()).toBe(200);
  return ((await response.json()) as { token: string }).token;
}

let made = 0;

/** A machine of the first brand, with `ean` ('' for none), and a certificate for two units of it. */
async function machineWithCertificate(request: APIRequestContext, server: Server, ean: string) {
  const headers = { Authorization: server.token };
  const brands = (await (
    await request.get(`${server.origin}${apiUrl(apiPaths.brands())}`, { headers })
  ).json()) as {
    data: Brand[];
  };
  const tag = `${Date.now().toString(36)}${++made}`.toUpperCase();
  const created = await request.post(`${server.origin}${apiUrl(apiPaths.machineCreate())}`, {
    headers,
    data: {
      brand_id: brands.data[0].id,
      name: `GS1 ${tag}`,
      serial_prefix: 'G1',
      ean_number: ean,
      electronic_circuit_board: 0,
      link_en: 'https://example.com/en',
      link_ger: 'https://example.com/de',
    },
  });
  expect(created.status(), await created.text()).toBe(201);
  const machine = (await created.json()) as Machine;
  const issued = await request.post(`${server.origin}${apiUrl(apiPaths.certificateCreate())}`, {
    headers,
    data: {
      ...CERTIFICATE_DEFAULTS,
      brand_id: machine.brand_id,
      machine_id: machine.id,
      checked_by: 'E2E GS1',
      crowd: 2,
    },
  });
  expect(issued.status(), await issued.text()).toBe(200);
  const [certificate] = (await issued.json()) as PrintData[];
  expect(certificate.serials).toHaveLength(2);
  return { machine, certificate, serials: certificate.serials };
}

/** A fresh EAN-13 with its check digit, so every run has a GTIN of its own. */
function newEan13(): string {
  const body = `400${String(Date.now() + made).slice(-9)}`;
  return body + eanCheckDigit(body);
}

async function qrOf(code: Locator): Promise<string> {
  await code.scrollIntoViewIfNeeded();
  return decodeQr(await code.screenshot());
}

/**
 * What the printed reprint's QR codes say, one per page (each of the two units has two pages), read from the
 * archived PDF the page shows and prints, rasterised at 200 dpi as a printer would put it on paper.
 * Sealed without a request and without WEB_BASE, a document names its server as localhost
 * (api/src/modules/certificate-pdf/certificate-archive.wiring.ts): each code must, and is read on `server`'s origin.
 */
async function certificateCodes(page: Page, server: Server, certificateId: number): Promise<string[]> {
  const shown = pdfShownBy(page);
  await signInOn(page, server, `/pdf/${certificateId}`);
  await expect(page.getByRole('button', { name: 'DRUCKEN' })).toBeVisible();
  const pages = pdfToPngs(await shown(), 200);
  expect(pages).toHaveLength(4);
  const sealedOrigin = `http://localhost:${new URL(server.origin).port}`;
  return pages.map((png) => {
    const code = decodeQr(png);
    expect(code.startsWith(`${sealedOrigin}/`)).toBe(true);
    return server.origin + code.slice(sealedOrigin.length);
  });
}

async function labelCodes(page: Page, server: Server, query: string, count: number): Promise<string[]> {
  await signInOn(page, server, `/labels?${query}`);
  // The search results above the preview first, so nothing moves while the codes are photographed.
  const results = query.startsWith('machine=') ? 'Maschinen' : 'Prüfberichte';
  await expect(page.getByRole('table', { name: results }).getByRole('row').nth(1)).toBeVisible();
  const labels = page.getByRole('region', { name: 'Vorschau' }).getByTestId('label-qr');
  await expect(labels).toHaveCount(count);
  const decoded: string[] = [];
  for (let i = 0; i < count; i++) decoded.push(await qrOf(labels.nth(i)));
  return decoded;
}

/**
 * Opens a scanned address as a phone would: a new page without the staff session. The resolver answers an
 * unknown item 404 and a malformed link 400, with the same page (docs/decisions/0012-documents.md).
 */
async function openScanned(browser: Browser, url: string, name: string, status = 200) {
  const phone = await browser.newContext({
    viewport: { width: 390, height: 844 },
    isMobile: true,
    hasTouch: true,
    locale: 'de-DE',
  });
  const page = await phone.newPage();
  const response = await page.goto(url);
  expect(response?.status(), url).toBe(status);
  await expect(page.getByTestId('landing-page')).toBeVisible();
  await expect(page.getByRole('status')).toHaveCount(0);
  await snap(page, name);
  return { page, close: () => phone.close() };
}

test.describe('QR-Codes: gedruckt, gescannt, geöffnet', () => {
  test.describe('QR_FORMAT=gs1', () => {
    let dir: string;
    let child: ChildProcess;
    let server: Server;

    test.beforeAll(async ({ playwright }) => {
      test.setTimeout(120_000);
      dir = fs.mkdtempSync(path.join(os.tmpdir(), 'pruefbericht-gs1-'));
      const started = await startServer(dir, { QR_FORMAT: 'gs1', PUBLIC_RATE_LIMIT: '100000' });
      child = started.child;
      const request = await playwright.request.newContext();
      const token = await login(request, started.origin, started.account.email, started.account.password);
      await request.dispose();
      server = { origin: started.origin, token };
    });

    test.afterAll(async () => {
      await new Promise<void>((resolve) => {
        if (child.exitCode !== null) return resolve();
        child.once('exit', () => resolve());
        child.kill('SIGTERM');
      });
      fs.rmSync(dir, { recursive: true, force: true });
    });

    test('certificate and labels encode /01/<GTIN-14>/21/<serial>; scanned, each opens its confirmed customer page', async ({
      page,
      browser,
    }) => {
      const ean = newEan13();
      const gtin = `0${ean}`;
      const { machine, certificate, serials } = await machineWithCertificate(page.request, server, ean);
      const expected = serials.map((serial) => `${server.origin}/01/${gtin}/21/${serial}`);

      expect(await certificateCodes(page, server, certificate.id)).toEqual(
        expected.flatMap((url) => [url, url]),
      );
      await snap(page, 'gs1-certificate');
      expect(await labelCodes(page, server, `certificate=${certificate.id}`, 2)).toEqual(expected);
      await snap(page, 'gs1-labels');
      expect(await labelCodes(page, server, `machine=${machine.id}`, 1)).toEqual([
        `${server.origin}/01/${gtin}`,
      ]);

      for (const [k, url] of expected.entries()) {
        const scanned = await openScanned(browser, url, `gs1-landing-unit-${k + 1}-phone`);
        await expect(scanned.page).toHaveURL(url);
        await expect(scanned.page.getByRole('heading', { level: 1, name: machine.name })).toBeVisible();
        await expect(scanned.page.getByTestId('serial-verified')).toBeVisible();
        await expect(scanned.page.getByText(serials[k], { exact: true })).toBeVisible();
        await scanned.close();
      }
      const product = await openScanned(browser, `${server.origin}/01/${gtin}`, 'gs1-landing-product-phone');
      await expect(product.page.getByRole('heading', { level: 1, name: machine.name })).toBeVisible();
      await expect(product.page.getByTestId('serial-verified')).toHaveCount(0);
      await product.close();
    });

    test('a machine without a valid EAN keeps the /landing/ link, which opens its page', async ({
      page,
      browser,
    }) => {
      const { machine, certificate, serials } = await machineWithCertificate(page.request, server, '');
      const expected = serials.map((serial) => `${server.origin}/landing/${machine.id}/${serial}`);
      expect(await certificateCodes(page, server, certificate.id)).toEqual(
        expected.flatMap((url) => [url, url]),
      );
      expect(await labelCodes(page, server, `certificate=${certificate.id}`, 2)).toEqual(expected);
      const scanned = await openScanned(browser, expected[1], 'gs1-fallback-landing-phone');
      await expect(scanned.page.getByRole('heading', { level: 1, name: machine.name })).toBeVisible();
      await expect(scanned.page.getByTestId('serial-verified')).toBeVisible();
      await scanned.close();
    });

    test('a wrong GTIN or another machine’s serial gets the clear NOT CONFIRMED state (status 400 or 404), never an error page', async ({
      page,
      browser,
    }) => {
      const ean = newEan13();
      const gtin = `0${ean}`;
      const { machine } = await machineWithCertificate(page.request, server, ean);
      const other = await machineWithCertificate(page.request, server, newEan13());

      const foreign = await openScanned(
        browser,
        `${server.origin}/01/${gtin}/21/${other.serials[0]}`,
        'gs1-landing-foreign-serial-phone',
        404,
      );
      await expect(foreign.page.getByRole('heading', { level: 1, name: machine.name })).toBeVisible();
      await expect(foreign.page.getByTestId('serial-unconfirmed')).toContainText('NICHT BESTÄTIGT');
      await expect(foreign.page.getByTestId('serial-verified')).toHaveCount(0);
      await foreign.close();

      const wrongCheckDigit = `${gtin.slice(0, 13)}${(Number(gtin[13]) + 1) % 10}`;
      for (const [name, url] of [
        ['gs1-landing-bad-gtin-phone', `${server.origin}/01/${wrongCheckDigit}/21/${other.serials[0]}`],
        ['gs1-landing-malformed-gtin-phone', `${server.origin}/01/%3Cscript%3E/21/${other.serials[0]}`],
      ]) {
        const scanned = await openScanned(browser, url, name, 400);
        await expect(scanned.page.getByRole('alert')).toContainText('Maschine nicht gefunden');
        await expect(scanned.page.getByTestId('serial-unconfirmed')).toContainText(other.serials[0]);
        await expect(scanned.page.getByTestId('serial-unconfirmed')).toContainText('NICHT BESTÄTIGT');
        await expect(scanned.page.getByTestId('serial-verified')).toHaveCount(0);
        await scanned.close();
      }
    });
  });

  test('default format: the printed code is /landing/<id>/<serial> and opens the confirmed customer page', async ({
    page,
    browser,
    baseURL,
  }) => {
    const token = await login(page.request, baseURL!, E2E_USER.email, E2E_USER.password);
    const server = { origin: baseURL!, token };
    const { machine, certificate, serials } = await machineWithCertificate(page.request, server, newEan13());
    const expected = serials.map((serial) => `${baseURL}/landing/${machine.id}/${serial}`);
    expect(await certificateCodes(page, server, certificate.id)).toEqual(
      expected.flatMap((url) => [url, url]),
    );
    const scanned = await openScanned(browser, expected[0], 'landing-scanned-phone');
    await expect(scanned.page.getByRole('heading', { level: 1, name: machine.name })).toBeVisible();
    await expect(scanned.page.getByTestId('serial-verified')).toBeVisible();
    await scanned.close();
  });
});
