import { expect, snap, test } from '../support/fixtures';

test.describe('Kundenseite', () => {
  test('/landing/… opens the standalone page without the staff shell or a token', async ({ page }) => {
    const requested: string[] = [];
    page.on('request', (request) => requested.push(new URL(request.url()).pathname));
    await page.goto('/landing/1/4852406001');
    await expect(page.locator('#root > *').first()).toBeVisible();
    // Customers download neither the shell nor the federation runtime.
    expect(requested.filter((path) => path.startsWith('/remotes/') || path.startsWith('/main.'))).toEqual([]);
    expect(await page.evaluate(() => localStorage.getItem('token'))).toBeNull();
    await snap(page, 'landing');
  });
});
