import { apiPaths } from 'contracts';
import { expectAccessible } from '../support/a11y';
import { apiUrl, expect, remoteScreen, signIn, snap, test } from '../support/fixtures';

const FIRST = 'erstes-Passwort-7';
const OWN = 'eigenes-Passwort-8';

test.describe('Sprachen der Mitarbeiter-App', () => {
  test('a Polish account sees the shell in Polish; the header switches it without a reload and keeps it', async ({
    page,
  }) => {
    const admin = await signIn(page);
    const email = `polski-${Date.now()}@example.com`;
    const created = await page.request.post(apiUrl(apiPaths.accounts()), {
      headers: { authorization: admin },
      data: { email, password: FIRST, roles: ['pruefer'], language: 'pl' },
    });
    expect(created.status()).toBe(201);
    const login = await page.request.post(apiUrl(apiPaths.login()), {
      data: { username: email, password: FIRST },
    });
    const { token } = (await login.json()) as { token: string };
    const changed = await page.request.post(apiUrl(apiPaths.mePassword()), {
      headers: { authorization: token },
      data: { current_password: FIRST, new_password: OWN },
    });
    expect(changed.status()).toBe(204);
    await page.evaluate((value) => window.localStorage.setItem('token', value), token);
    await page.goto('/');

    await expect(page.getByRole('link', { name: 'Utwórz protokół' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Moje konto' })).toBeVisible();
    await expect(page.getByLabel('Język')).toHaveValue('pl');
    await expect(page.locator('html')).toHaveAttribute('lang', 'pl');
    await expect(remoteScreen(page, 'certificates/CertificateCreate')).toBeVisible();
    await expectAccessible(page, 'shell-pl');

    // No reload: a value kept in the page survives the switch.
    await page.evaluate(() => Object.assign(window, { kept: 'still here' }));
    await page.getByLabel('Język').selectOption('en');
    await expect(page.getByRole('link', { name: 'Create certificate' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'My account' })).toBeVisible();
    expect(await page.evaluate(() => (window as unknown as { kept?: string }).kept)).toBe('still here');
    await snap(page, 'shell-en');

    await page.reload();
    await expect(page.getByRole('link', { name: 'Create certificate' })).toBeVisible();
    await expect(page.getByLabel('Language')).toHaveValue('en');
  });

  test('the login page follows the browser language and has a switch', async ({ browser }) => {
    const context = await browser.newContext({ locale: 'pl-PL', viewport: { width: 1366, height: 768 } });
    const page = await context.newPage();
    await page.goto('/login');
    await expect(page.getByRole('heading', { name: 'logowanie' })).toBeVisible();
    await page.getByRole('button', { name: 'ZALOGUJ' }).click();
    await expect(page.getByText('Adres e-mail jest wymagany')).toBeVisible();
    await expectAccessible(page, 'login-pl');
    await page.getByLabel('Język').selectOption('de');
    await expect(page.getByRole('heading', { name: 'einloggen' })).toBeVisible();
    await context.close();
  });
});
