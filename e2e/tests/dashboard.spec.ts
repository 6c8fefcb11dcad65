import { expect, remoteScreen, signIn, snap, test } from '../support/fixtures';
import { stubPrint } from '../support/pdf';

test.describe('Dashboard und Remotes', () => {
  test('the active tab is in the URL and survives reload and Back', async ({ page }) => {
    await signIn(page);
    await page.getByRole('link', { name: 'Daten' }).click();
    await expect(page).toHaveURL(/\?tab=certificate_list$/);
    await expect(remoteScreen(page, 'certificates/CertificateList')).toBeVisible();
    await page.reload();
    await expect(page.getByRole('link', { name: 'Daten' })).toHaveAttribute('aria-current', 'page');
    await expect(remoteScreen(page, 'certificates/CertificateList')).toBeVisible();
    await page.getByRole('link', { name: 'Bearbeiten' }).click();
    await expect(remoteScreen(page, 'machines/MachineList')).toBeVisible();
    await page.goBack();
    await expect(page).toHaveURL(/\?tab=certificate_list$/);
    await expect(remoteScreen(page, 'certificates/CertificateList')).toBeVisible();
    await expect(remoteScreen(page, 'machines/MachineList')).toBeHidden();
    await snap(page, 'dashboard-daten');
  });

  test("a tab's remote is loaded only when the tab is first opened", async ({ page }) => {
    const requested: string[] = [];
    page.on('request', (request) => requested.push(new URL(request.url()).pathname));
    await signIn(page);
    await expect(remoteScreen(page, 'certificates/CertificateCreate')).toBeVisible();
    expect(requested).toContain('/remotes/certificates/mf-manifest.json');
    expect(requested.filter((p) => p.startsWith('/remotes/machines/'))).toEqual([]);
    expect(requested.filter((p) => p.startsWith('/remotes/landing/'))).toEqual([]);

    await page.getByRole('link', { name: 'Bearbeiten' }).click();
    await expect(remoteScreen(page, 'machines/MachineList')).toBeVisible();
    expect(requested).toContain('/remotes/machines/mf-manifest.json');
    expect(requested).toContain('/remotes/machines/remoteEntry.js');
  });

  test('a remote whose manifest is missing or whose script fails is contained too', async ({ page }) => {
    await page.route('**/remotes/certificates/mf-manifest.json', (route) =>
      route.fulfill({ status: 404, contentType: 'application/json', body: '{}' }),
    );
    await signIn(page);
    const fallback = page.getByRole('alert').filter({ hasText: 'Modul derzeit nicht verfügbar' });
    await expect(fallback).toBeVisible();
    // The shell itself works: header, tabs, other remotes.
    await page.getByRole('link', { name: 'Bearbeiten' }).click();
    await expect(remoteScreen(page, 'machines/MachineList')).toBeVisible();

    await page.unroute('**/remotes/certificates/mf-manifest.json');
    await page.route('**/remotes/certificates/remoteEntry.js', (route) =>
      route.fulfill({
        status: 200,
        contentType: 'application/javascript',
        body: 'throw new Error("kaputt")',
      }),
    );
    await page.getByRole('link', { name: 'Prüfbericht erstellen' }).click();
    await fallback.getByRole('button', { name: 'Erneut versuchen' }).click();
    await expect(fallback).toBeVisible();

    await page.unroute('**/remotes/certificates/remoteEntry.js');
    await fallback.getByRole('button', { name: 'Erneut versuchen' }).click();
    await expect(remoteScreen(page, 'certificates/CertificateCreate')).toBeVisible();
  });

  test('ETIKETTEN DRUCKEN opens the built-in label page without the token in any URL', async ({
    page,
    context,
  }) => {
    const token = await signIn(page);
    const urls: string[] = [];
    context.on('request', (request) => urls.push(request.url()));
    const button = page.getByRole('link', { name: 'ETIKETTEN DRUCKEN' });
    await expect(button).toBeVisible();
    const [popup] = await Promise.all([context.waitForEvent('page'), button.click()]);
    await popup.waitForLoadState();
    await expect(popup).toHaveURL(/\/labels$/);
    await expect(remoteScreen(popup, 'certificates/Labels')).toBeVisible();
    expect(urls.filter((url) => url.includes(token))).toEqual([]);
    await snap(popup, 'labels');

    await page.getByRole('link', { name: 'Daten' }).click();
    await expect(button).toBeVisible();
    await page.getByRole('link', { name: 'Bearbeiten' }).click();
    await expect(button).toBeHidden();
  });

  test('the routed screens of the remotes render', async ({ page }) => {
    // /pdf/1 prints its PDF as soon as it shows; a headless Chromium's page crashes on a PDF frame's print
    // (Debian's 156.0.8078.108), so the dialog is replaced as in the print specs.
    await stubPrint(page);
    await signIn(page, '/machines');
    await expect(remoteScreen(page, 'machines/MachineForm')).toBeVisible();
    await page.goto('/machines/3');
    await expect(remoteScreen(page, 'machines/MachineForm')).toBeVisible();
    await page.goto('/pdf/1');
    await expect(remoteScreen(page, 'certificates/CertificatePrint')).toBeVisible();
  });

  test('is usable at 375 px', async ({ page }) => {
    await page.setViewportSize({ width: 375, height: 740 });
    await signIn(page, '/?tab=certificate_list');
    await expect(remoteScreen(page, 'certificates/CertificateList')).toBeVisible();
    // The list's table, there once its data has come: the widest state of the page.
    await expect(remoteScreen(page, 'certificates/CertificateList').getByRole('table')).toBeVisible();
    await expect(page.getByRole('link', { name: 'Bearbeiten' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Abmelden' })).toBeVisible();
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    await snap(page, 'dashboard-375');
  });
});
