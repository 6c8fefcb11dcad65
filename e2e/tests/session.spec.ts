import { apiPaths } from 'contracts';
import {
  apiUrl,
  E2E_USER,
  expect,
  remoteScreen,
  signIn,
  snap,
  test,
  toastInPlace,
} from '../support/fixtures';

test.describe('Abmelden und abgelaufene Sitzung', () => {
  test('the logout dialog closes on NEIN, Escape and a click outside', async ({ page }) => {
    await signIn(page);
    const open = () => page.getByRole('button', { name: 'Abmelden' }).click();
    const dialog = page.getByRole('alertdialog', { name: 'AUSLOGGEN' });

    await open();
    await expect(dialog).toContainText('Abmelden bestätigen?');
    await snap(page, 'logout-dialog');
    await page.getByRole('button', { name: 'NEIN' }).click();
    await expect(dialog).toBeHidden();

    await open();
    // Escape is the dialog's own key: pressed once the dialog holds the focus (its harmless answer).
    await expect(page.getByRole('button', { name: 'NEIN' })).toBeFocused();
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();

    await open();
    await page.mouse.click(10, 700);
    await expect(dialog).toBeHidden();

    await expect(page).toHaveURL(/\/$/);
    expect(await page.evaluate(() => localStorage.getItem('token'))).toBeTruthy();
  });

  test('JA revokes the session and goes to /login replacing history', async ({ page }) => {
    const token = await signIn(page);
    // The dashboard has settled on its tab before the history is counted.
    await expect(remoteScreen(page, 'certificates/CertificateCreate')).toBeVisible();
    const historyLength = await page.evaluate(() => history.length);
    await page.getByRole('button', { name: 'Abmelden' }).click();
    const logout = page.waitForResponse((r) => r.url().endsWith(apiUrl(apiPaths.logout())));
    await page.getByRole('button', { name: 'JA' }).click();
    expect((await logout).status()).toBe(204);
    await expect(page).toHaveURL(/\/login$/);
    // /login replaced the dashboard's history entry instead of adding one.
    expect(await page.evaluate(() => history.length)).toBe(historyLength);
    expect(await page.evaluate(() => localStorage.getItem('token'))).toBeNull();
    // The token is revoked on the server, not only forgotten in the browser.
    const brands = await page.request.get(apiUrl(apiPaths.brands()), { headers: { Authorization: token } });
    expect(brands.status()).toBe(401);

    // Signing in again on the app's own /login route (no page load in between).
    await page.getByLabel('E-Mail').fill(E2E_USER.email);
    await page.getByLabel('Passwort').fill(E2E_USER.password);
    await page.getByRole('button', { name: 'EINLOGGEN' }).click();
    await expect(remoteScreen(page, 'certificates/CertificateCreate')).toBeVisible();
  });

  test('a 401 removes the token, says so and goes to /login', async ({ page }) => {
    await signIn(page);
    await expect(remoteScreen(page, 'certificates/CertificateCreate')).toBeVisible();
    await page.evaluate(() => localStorage.setItem('token', 'abgelaufen-oder-falsch'));
    await page.reload();
    const toast = page.getByText('Token abgelaufen, bitte melden Sie sich an');
    await expect(toast).toBeVisible();
    await expect(page).toHaveURL(/\/login$/);
    expect(await page.evaluate(() => localStorage.getItem('token'))).toBeNull();
    // The toast slides in: the screenshot waits until it is in place.
    await toastInPlace(toast);
    await snap(page, 'session-expired');
  });
});
