import fs from 'node:fs';
import { execFileSync } from 'node:child_process';
import type { Page } from '@playwright/test';
import { apiPaths, type CertificateList, type PrintData } from 'contracts';
import { expectAccessible } from '../support/a11y';
import { apiUrl, artifactPath, expect, signIn, snap, test } from '../support/fixtures';
import { createLandingMachine, signInToken, type LandingMachine } from './landing-data';

/**
 * The sealed certificate (docs/decisions/0020-sealed-certificate.md): a released unit's customer page offers its
 * sealed PDF, a phone downloads it, the verification page (hash computed in the browser) says we issued it and
 * that it is current; after a void it is still ours, but no longer current; a changed copy is not ours.
 */
const PHONE = { width: 390, height: 844 };

let machine: LandingMachine;
let token: string;

test.beforeAll(async ({ baseURL }) => {
  token = await signInToken(baseURL!);
  machine = await createLandingMachine(baseURL!, token);
});

async function verifyFile(page: Page, file: string) {
  await page.goto('/landing/verify');
  await expect(page.getByRole('heading', { level: 1 })).toContainText('Verify a test certificate');
  await page.getByTestId('verify-file').setInputFiles(file);
}

test('a released unit’s sealed certificate: downloaded on a phone, verified current, then not current once voided', async ({
  page,
  request,
  browser,
}) => {
  await page.setViewportSize(PHONE);
  await page.goto(`/landing/${machine.machineId}/${machine.serial}`);
  const link = page.getByTestId('certificate-pdf');
  // One language at a time: the browser's (German here, e2e/playwright.config.ts).
  await expect(link).toHaveText('Prüfbericht (PDF)');
  await expectAccessible(page, 'sealed-certificate-unit-page-phone');

  const [download] = await Promise.all([page.waitForEvent('download'), link.click()]);
  expect(download.suggestedFilename()).toBe(`Pruefbericht-${machine.serial}.pdf`);
  const file = artifactPath('sealed-certificate-download').replace(/\.png$/, '.pdf');
  await download.saveAs(file);
  const bytes = fs.readFileSync(file);
  expect(bytes.subarray(0, 5).toString()).toBe('%PDF-');
  // Poppler reads the seal as intact (the API's tests check it in depth).
  expect(execFileSync('pdfsig', [file], { encoding: 'utf8' })).toContain('Signature is Valid');

  await verifyFile(page, file);
  const current = page.getByTestId('verify-current');
  await expect(current).toContainText('Issued by us, and current');
  await expect(current).toContainText('Von uns ausgestellt und aktuell');
  await expect(page.getByTestId('verify-serials')).toHaveText(machine.serial);
  await expectAccessible(page, 'sealed-certificate-verify-current-phone');
  await page.setViewportSize({ width: 1280, height: 800 });
  await snap(page, 'sealed-certificate-verify-current-desktop');
  await page.setViewportSize(PHONE);

  // A copy changed by one byte is not ours.
  const changed = Buffer.from(bytes);
  changed[Math.floor(changed.length / 2)] ^= 0x01;
  const forged = file.replace(/\.pdf$/, '-changed.pdf');
  fs.writeFileSync(forged, changed);
  await verifyFile(page, forged);
  await expect(page.getByTestId('verify-unknown')).toContainText('Not issued by us');
  await expectAccessible(page, 'sealed-certificate-verify-unknown-phone');

  // The manufacturer voids the certificate.
  const headers = { Authorization: token };
  const list = (await (
    await request.get(`${apiUrl(apiPaths.certificates())}?search=${machine.serial}`, { headers })
  ).json()) as CertificateList;
  const certificate = (await (
    await request.get(apiUrl(apiPaths.certificate(list.data[0].id)), { headers })
  ).json()) as PrintData;
  const voided = await request.post(apiUrl(apiPaths.certificateVoid(certificate.id)), {
    headers,
    data: { version: certificate.version, reason: 'E2E: zurückgezogen' },
  });
  expect(voided.ok(), await voided.text()).toBe(true);

  await verifyFile(page, file);
  const stale = page.getByTestId('verify-not-current');
  await expect(stale).toContainText('Issued by us, but no longer current');
  await expect(stale).toContainText('nicht mehr aktuell');
  await expectAccessible(page, 'sealed-certificate-verify-not-current-phone');

  // The customer page no longer offers a positive certificate (a new phone: this one may keep the page's
  // answer for a minute, api/src/modules/landing/landing.routes.ts), nor does the API hand one out.
  const other = await browser.newPage({ viewport: PHONE });
  await other.goto(`/landing/${machine.machineId}/${machine.serial}`);
  await expect(other.getByTestId('serial-withdrawn')).toBeVisible();
  await expect(other.getByTestId('certificate-pdf')).toHaveCount(0);
  await other.close();
  expect((await request.get(apiUrl(apiPaths.unitCertificate(machine.serial)))).status()).toBe(404);
});

test('a typed checksum is checked too; a malformed one is said so in English and German', async ({
  page,
}) => {
  await page.goto('/landing/verify');
  const field = page.getByLabel('SHA-256 checksum / SHA-256-Prüfsumme');
  await field.fill('not a checksum');
  await page.getByRole('button', { name: 'Verify / Prüfen' }).click();
  await expect(page.getByTestId('verify-malformed')).toContainText('64 characters');
  await field.fill('0'.repeat(64));
  await page.getByRole('button', { name: 'Verify / Prüfen' }).click();
  await expect(page.getByTestId('verify-unknown')).toContainText('Nicht von uns ausgestellt');
  await expectAccessible(page, 'sealed-certificate-verify-typed-desktop');
});

test('the verification page runs in the staff shell too (the remote ./Landing at /landing/verify)', async ({
  page,
}) => {
  // One-port mode answers /landing/… with the standalone page; a separately hosted shell serves its own route
  // there (landing-customer.spec.ts does the same for the unit's page).
  const shell = await page.request.get('/');
  const shellHtml = await shell.text();
  await page.route(/\/landing\/verify$/, (route) =>
    route.request().resourceType() === 'document'
      ? route.fulfill({ body: shellHtml, contentType: 'text/html', headers: shell.headers() })
      : route.continue(),
  );
  await signIn(page, '/landing/verify');
  const screen = page.locator('[data-remote="landing/Landing"]');
  await expect(screen.getByTestId('verify-page')).toBeVisible();
  await screen.getByLabel('SHA-256 checksum / SHA-256-Prüfsumme').fill('0'.repeat(64));
  await screen.getByRole('button', { name: 'Verify / Prüfen' }).click();
  await expect(screen.getByTestId('verify-unknown')).toContainText('Not issued by us');
  await snap(page, 'sealed-certificate-verify-in-shell');
});
