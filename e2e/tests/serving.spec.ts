import { expect, test } from '@playwright/test';

test.describe('Ein Port für alles', () => {
  test('/config.json comes from the environment and is never cached', async ({ request, baseURL }) => {
    const response = await request.get('/config.json');
    expect(response.headers()['cache-control']).toBe('no-cache');
    expect(await response.json()).toEqual({
      apiBase: '/api',
      webBase: baseURL,
      remotes: {
        certificates: '/remotes/certificates/mf-manifest.json',
        machines: '/remotes/machines/mf-manifest.json',
        landing: '/remotes/landing/mf-manifest.json',
      },
      labelPrintUrl: null,
      companyName: 'BDS Maschinen GmbH',
      companyAddress: 'Martinstrasse 108, 41063 Mönchengladbach, Germany',
      // Set for the e2e server in e2e/global-setup.ts; no logo.
      companyEmail: 'service@bds-maschinen.example',
      companyPhone: '+49 2161 123456',
      companyLogo: null,
      // No company account here (OIDC_ISSUER unset): the login page offers none.
      companySignIn: null,
      qrFormat: 'landing',
    });
  });

  test('manifests and entries are revalidated, hashed chunks are immutable', async ({ request }) => {
    for (const name of ['certificates', 'machines', 'landing']) {
      const manifest = await request.get(`/remotes/${name}/mf-manifest.json`);
      expect(manifest.status()).toBe(200);
      expect(manifest.headers()['cache-control']).toBe('no-cache');
      const entry = await request.get(`/remotes/${name}/remoteEntry.js`);
      expect(entry.headers()['cache-control']).toBe('no-cache');
      const { exposes } = (await manifest.json()) as { exposes: { assets: { js: { sync: string[] } } }[] };
      const chunk = exposes[0].assets.js.sync[0];
      const hashed = await request.get(`/remotes/${name}/${chunk}`);
      expect(hashed.status()).toBe(200);
      expect(hashed.headers()['cache-control']).toBe('public, max-age=31536000, immutable');
      // Precompressed at build time: Brotli when the browser takes it, the plain file otherwise.
      const brotli = await request.get(`/remotes/${name}/remoteEntry.js`, {
        headers: { 'Accept-Encoding': 'br' },
      });
      expect(brotli.headers()['content-encoding']).toBe('br');
      expect(brotli.headers()['vary']).toContain('accept-encoding');
      expect(await brotli.text()).toBe(await entry.text());
    }
  });

  test('the shell page is the SPA fallback, with security headers', async ({ request }) => {
    for (const path of ['/', '/machines/5', '/pdf/1', '/login']) {
      const response = await request.get(path);
      expect(response.status()).toBe(200);
      expect(response.headers()['content-type']).toContain('text/html');
      expect(response.headers()['cache-control']).toBe('no-cache');
      expect(response.headers()['content-security-policy']).toContain("script-src 'self'");
      expect(response.headers()['content-security-policy']).toContain("frame-ancestors 'none'");
      expect(await response.text()).toContain('BDS PRÜFBERICHT SOFTWARE');
    }
    const favicon = await request.get('/favicon.svg');
    expect(favicon.headers()['content-type']).toContain('image/svg+xml');
  });

  test('/landing/… is the standalone customer page, not the staff shell', async ({ request }) => {
    const page = await request.get('/landing/1/4852406001');
    expect(page.status()).toBe(200);
    const html = await page.text();
    expect(html).toContain('/landing/main.');
    expect(html).not.toContain('BDS PRÜFBERICHT SOFTWARE');
  });

  test('unknown files and paths outside the builds are 404, API paths keep JSON', async ({ request }) => {
    for (const path of [
      '/missing.js',
      '/remotes/unknown/mf-manifest.json',
      '/remotes/machines/../../package.json',
      '/remotes/machines/%2e%2e/%2e%2e/package.json',
      '/remotes/machines/..%2f..%2fpackage.json',
      '/%2e%2e/api/src/config.ts',
    ]) {
      const response = await request.get(path);
      expect(response.status(), path).toBe(404);
    }
    // Dotfiles are never served; a path without an extension is the shell's page.
    const git = await request.get('/.git/config');
    expect(await git.text()).not.toContain('[core]');
    const api = await request.get('/api/does-not-exist');
    expect(api.status()).toBe(404);
    expect(api.headers()['content-type']).toContain('application/json');
  });
});

test('a wrong /config.json shows a German error page naming the field, no blank screen', async ({ page }) => {
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  await page.route('**/config.json', async (route) => {
    const config = await (await route.fetch()).json();
    await route.fulfill({ json: { ...config, apiBase: 42 } });
  });
  await page.goto('/login');
  const alert = page.getByRole('alert');
  await expect(alert).toContainText('Die Konfiguration konnte nicht geladen werden.');
  await expect(alert).toContainText('/config.json ist fehlerhaft: „apiBase“ fehlt oder ist ungültig');
  await expect(alert.getByRole('button', { name: 'Erneut versuchen' })).toBeVisible();
  expect(errors).toEqual([]);
});
