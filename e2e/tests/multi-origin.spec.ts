import type { Page, Request } from '@playwright/test';
import { apiPaths } from 'contracts';
import { PNG } from 'pngjs';
import { signInAcross, startDeployment, type Deployment } from '../support/deployment';
import {
  apiUrl,
  enterPassingChecks,
  enterUnitValues,
  expect,
  remoteScreen,
  snap,
  test,
} from '../support/fixtures';

/**
 * Issue 14, item 2: the apps across origins as a CDN serves them (e2e/support/deployment.ts): the shell on one
 * origin, the API on a second, each remote on its own. Signed in, a certificate is issued, a machine gets a
 * photo and is saved (PUT, the call a CORS default had refused), and the customer page opens.
 */

let deployment: Deployment;
test.beforeAll(async () => {
  test.setTimeout(120_000);
  deployment = await startDeployment();
});
test.afterAll(async () => deployment?.stop());

/** Every request the page makes, and every one that failed or was refused. */
function watch(page: Page) {
  const requests: Request[] = [];
  const failures: string[] = [];
  page.on('request', (request) => requests.push(request));
  page.on('requestfailed', (request) => failures.push(`${request.url()}: ${request.failure()?.errorText}`));
  page.on('console', (message) => {
    if (message.type() === 'error') failures.push(`console: ${message.text()}`);
  });
  page.on('pageerror', (error) => failures.push(`page: ${error.message}`));
  page.on('dialog', (dialog) => failures.push(`dialog: ${dialog.message()}`));
  return { requests, failures };
}

/**
 * Does `action` and returns the 200 answer to the `method` request to `url` it makes. It waits for the request,
 * not a response: one refused by CORS fails here at once instead of never answering.
 */
async function answerTo(page: Page, method: string, url: string, action: () => Promise<void>) {
  const request = page.waitForRequest((r) => r.url() === url && r.method() === method);
  await action();
  const response = await (await request).response();
  expect(response?.status(), `${method} ${url}`).toBe(200);
  return response!;
}

function png(rgb: [number, number, number]): Buffer {
  const image = new PNG({ width: 64, height: 48 });
  for (let i = 0; i < image.data.length; i += 4) image.data.set([...rgb, 255], i);
  return PNG.sync.write(image);
}

test('signed in across origins: certificate, machine saved with a photo (PUT), customer page', async ({
  page,
}) => {
  test.setTimeout(90_000);
  const { api, shell, remotes } = deployment;
  const { requests, failures } = watch(page);
  await page.addInitScript(() => {
    window.print = () => undefined;
  });

  await signInAcross(page, deployment);
  await expect(remoteScreen(page, 'certificates/CertificateCreate')).toBeVisible();

  // A certificate for the seeded MAB 825.
  const form = page.getByTestId('certificate-create');
  await page.getByLabel('MARKE', { exact: true }).fill('BDS Maschinen');
  await page.getByRole('option', { name: 'BDS Maschinen', exact: true }).click();
  await page.getByLabel('ARTIKELNUMMER', { exact: true }).fill('MAB 825');
  await page.getByRole('option', { name: 'MAB 825', exact: true }).click();
  await page.getByLabel('MENGE').fill('1');
  // Its demo plan measures three values per unit (api/src/db/seed.ts); the rest passes.
  await enterUnitValues(page, 1, { Schutzleiter: '0,12', Isolationswiderstand: '2,5', Restspannung: '12' });
  // Two of them name the kinds of the seeded instruments, one of each in the register.
  for (const [step, inventory] of [
    ['Isolationswiderstand', 'PM-0101'],
    ['Restspannung', 'PM-0102'],
  ]) {
    const choice = page.getByLabel(`Prüfmittel: ${step}`, { exact: true });
    await choice.selectOption(
      (await choice.locator('option', { hasText: inventory }).getAttribute('value'))!,
    );
  }
  await enterPassingChecks(page);
  const created = await answerTo(page, 'POST', `${api}${apiUrl(apiPaths.certificateCreate())}`, () =>
    form.getByRole('button', { name: 'WEITER' }).click(),
  );
  const [certificate] = (await created.json()) as { machine_id: number; serial_no: string }[];
  await expect(form.getByRole('button', { name: 'WEITER' })).toBeEnabled();

  // The same machine edited: a new photo uploaded, then saved with PUT.
  await page.goto(`${shell}/machines/${certificate.machine_id}`);
  await expect(page.getByRole('heading', { name: 'MASCHINE BEARBEITEN' })).toBeVisible();
  await expect(page.getByLabel('ARTIKELNUMMER')).toHaveValue('MAB 825');
  const uploaded = await answerTo(page, 'POST', `${api}${apiUrl(apiPaths.upload())}`, () =>
    page
      .getByLabel('PRODUKTFOTO')
      .setInputFiles({ name: 'foto.png', mimeType: 'image/png', buffer: png([200, 40, 40]) }),
  );
  const photo = ((await uploaded.json()) as { path: string }).path;
  await expect(page.getByRole('img', { name: /PRODUKTFOTO/ })).toHaveAttribute('src', `${api}/api/${photo}`);
  await answerTo(page, 'PUT', `${api}${apiUrl(apiPaths.machine(certificate.machine_id))}`, () =>
    page.getByRole('button', { name: 'SPEICHERN' }).click(),
  );
  await expect(page).toHaveURL(`${shell}/?tab=machine_list`);
  await expect(page.getByRole('table', { name: 'Maschinen' }).getByRole('row').nth(1)).toBeVisible();
  await snap(page, 'multi-origin-machine-list');

  // The landing remote inside the shell (a link within the app, no page load), from its own origin.
  const landingPath = `/landing/${certificate.machine_id}/${certificate.serial_no}`;
  await page.evaluate((target) => {
    window.history.pushState(null, '', target);
    window.dispatchEvent(new PopStateEvent('popstate'));
  }, landingPath);
  await expect(remoteScreen(page, 'landing/Landing').getByTestId('serial-verified')).toBeVisible();

  // The customer page from the QR code, on the shell's origin, reading the API on its own.
  await page.goto(`${shell}${landingPath}`);
  await expect(page.locator('[data-remote]')).toHaveCount(0);
  await expect(page.getByRole('heading', { level: 1, name: 'MAB 825' })).toBeVisible();
  await expect(page.getByTestId('serial-verified')).toBeVisible();
  await expect(page.getByRole('img', { name: 'MAB 825' })).toHaveAttribute('src', `${api}/api/${photo}`);
  await snap(page, 'multi-origin-landing');

  expect(failures).toEqual([]);
  // Each part came from its own origin: no remote from the shell's host, no API call to it.
  const origins = new Set(requests.map((request) => new URL(request.url()).origin));
  for (const origin of [api, shell, ...Object.values(remotes)]) expect(origins).toContain(origin);
  for (const [name, origin] of Object.entries(remotes))
    expect(
      requests.some((r) => r.url() === `${origin}/mf-manifest.json`),
      name,
    ).toBe(true);
  expect(requests.filter((r) => r.url().startsWith(`${shell}/api`))).toEqual([]);
});
