import { apiPaths } from 'contracts';
import { apiUrl, E2E_USER, expect, remoteScreen, snap, test } from '../support/fixtures';

test.describe('Anmeldung', () => {
  test('shows the login form as staff know it', async ({ page }) => {
    const requested: string[] = [];
    page.on('request', (request) => requested.push(new URL(request.url()).pathname));
    await page.goto('/login');
    // Each screen its own title, the application's name after it (issue 31).
    await expect(page).toHaveTitle('Anmelden – BDS PRÜFBERICHT SOFTWARE');
    await expect(page.getByRole('heading', { name: 'einloggen' })).toBeVisible();
    await expect(page.getByLabel('E-Mail')).toHaveAttribute('name', 'username');
    await expect(page.getByLabel('Passwort')).toHaveAttribute('name', 'password');
    await expect(page.getByRole('button', { name: 'EINLOGGEN' })).toBeEnabled();
    await snap(page, 'login');
    // The sign-in screen needs no remote.
    expect(requested.filter((path) => path.startsWith('/remotes/'))).toEqual([]);
  });

  test('validates before sending anything', async ({ page }) => {
    let loginCalls = 0;
    page.on('request', (request) => {
      if (request.url().endsWith(apiUrl(apiPaths.login()))) loginCalls++;
    });
    await page.goto('/login');
    await page.getByRole('button', { name: 'EINLOGGEN' }).click();
    await expect(page.getByText('E-Mail ist erforderlich')).toBeVisible();
    await expect(page.getByText('Passwort ist erforderlich')).toBeVisible();
    await page.getByLabel('E-Mail').fill('kein-email');
    await page.getByRole('button', { name: 'EINLOGGEN' }).click();
    await expect(page.getByText('Email NICHT gültig')).toBeVisible();
    await snap(page, 'login-validation');
    expect(loginCalls).toBe(0);
  });

  test('a wrong password marks both fields', async ({ page }) => {
    await page.goto('/login');
    await page.getByLabel('E-Mail').fill(E2E_USER.email);
    await page.getByLabel('Passwort').fill('falsches-Passwort');
    await page.getByRole('button', { name: 'EINLOGGEN' }).click();
    await expect(page.getByText('E-Mail ist ungültig')).toBeVisible();
    await expect(page.getByText('Passwort ist ungültig')).toBeVisible();
    await expect(page.getByRole('button', { name: 'EINLOGGEN' })).toBeEnabled();
    expect(await page.evaluate(() => localStorage.getItem('token'))).toBeNull();
  });

  test('an unreachable server shows the toast', async ({ page }) => {
    await page.goto('/login');
    await page.route(`**${apiUrl(apiPaths.login())}`, (route) => route.abort('connectionrefused'));
    await page.getByLabel('E-Mail').fill(E2E_USER.email);
    await page.getByLabel('Passwort').fill(E2E_USER.password);
    await page.getByRole('button', { name: 'EINLOGGEN' }).click();
    await expect(page.getByText('Anmeldung fehlgeschlagen. Bitte versuchen Sie es erneut.')).toBeVisible();
  });

  test('signs in and lands on the dashboard', async ({ page }) => {
    await page.goto('/login');
    await page.getByLabel('E-Mail').fill(E2E_USER.email);
    await page.getByLabel('Passwort').fill(E2E_USER.password);
    await page.getByRole('button', { name: 'EINLOGGEN' }).click();
    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByRole('link', { name: 'Prüfbericht erstellen' })).toHaveAttribute(
      'aria-current',
      'page',
    );
    await expect(remoteScreen(page, 'certificates/CertificateCreate')).toBeVisible();
    expect(await page.evaluate(() => localStorage.getItem('token'))).toBeTruthy();
    await snap(page, 'dashboard');
    // Signed in, /login leads back to the dashboard.
    await page.goto('/login');
    await expect(page).toHaveURL(/\/$/);
  });

  test('a guarded URL while signed out goes to /login, and Back does not return to it', async ({ page }) => {
    await page.goto('/login');
    await page.goto('/?tab=certificate_list');
    await expect(page).toHaveURL(/\/login$/);
    await page.goto('/machines/1');
    await expect(page).toHaveURL(/\/login$/);
    await page.goBack();
    // The guarded entries were replaced: Back goes to the earlier /login, never to a staff page.
    await expect(page).toHaveURL(/\/login$/);
    await expect(page.getByRole('heading', { name: 'einloggen' })).toBeVisible();
  });
});
