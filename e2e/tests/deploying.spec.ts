import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { apiPaths, CERTIFICATE_DEFAULTS } from 'contracts';
import { request as requests, type APIRequestContext, type APIResponse, type Page } from '@playwright/test';
import { expect, remoteScreen, snap, test } from '../support/fixtures';
import { listing, nginxBinary, serviceUid, startProduction, type Production } from '../support/production';
import { createLandingMachine } from './landing-data';

/**
 * Issue 40, item 1 (README.md#deploying): built once, run anywhere. A deploy folder with the API's production
 * packages only, started with plain node and NODE_ENV=production by a user who can write nothing but its data
 * folder; nginx with the example configuration in front, serving the frontends as the API itself would.
 */

let production: Production;
test.beforeAll(async () => {
  // The deploy folder installs the API's packages from npm's cache (a few hundred, no compiling).
  test.setTimeout(240_000);
  production = await startProduction();
});
test.afterAll(async () => production?.stop());

test('the deploy folder runs the API with its production packages only, as an unprivileged user', async () => {
  const { app, api, apiProcess } = production;
  const installed = (name: string) => fs.existsSync(path.join(app, 'node_modules', name, 'package.json'));
  for (const runtime of ['fastify', 'kysely', 'better-sqlite3', 'sharp', 'pg'])
    expect(installed(runtime), runtime).toBe(true);
  for (const devOnly of ['tsx', 'esbuild', 'typescript', 'webpack', '@playwright/test', 'react'])
    expect(installed(devOnly), devOnly).toBe(false);
  expect(fs.existsSync(path.join(app, 'api', 'src'))).toBe(false);

  expect(fs.statSync(`/proc/${apiProcess.pid}`).uid).toBe(serviceUid);
  const ready = await fetch(`${api}/api/readyz`);
  expect(ready.status).toBe(200);
  // The manufacturer's seal from the PKCS#12 file: no notice of a development seal.
  expect(JSON.stringify(await ready.json())).not.toContain('Entwicklungssiegel');
});

test.describe('behind nginx (deploy/nginx/)', () => {
  test.skip(
    !nginxBinary,
    'nginx ist nicht installiert: apt-get install nginx (.ci/run installiert es); geprüft wurde nur der Deploy-Ordner',
  );
  test.use({ ignoreHTTPSErrors: true });

  let client: APIRequestContext;
  test.beforeAll(async () => {
    await production.startNginx();
    client = await requests.newContext({ ignoreHTTPSErrors: true });
  });
  test.afterAll(async () => client?.dispose());

  /** Headers about this one transfer, not about the file: they may differ between two servers. */
  const TRANSFER = new Set([
    'date',
    'connection',
    'keep-alive',
    'content-length',
    'transfer-encoding',
    'content-encoding',
    'etag',
    'last-modified',
    'accept-ranges',
    'vary',
    'server',
    'x-request-id',
  ]);
  function described(response: APIResponse) {
    const headers = Object.fromEntries(
      Object.entries(response.headers()).filter(([name]) => !TRANSFER.has(name) && name !== 'content-type'),
    );
    // An error's body is each server's own (the API's German JSON, nginx's page); a file's type is the file's.
    const type = response.ok() ? response.headers()['content-type']?.split(';')[0] : undefined;
    return { status: response.status(), type, headers };
  }

  /** The files of a build below `dist`, less the compressed copies of each (asked for below). */
  const filesOf = (dist: string, prefix: string, except = (_file: string) => false) =>
    (fs.readdirSync(dist, { recursive: true }) as string[])
      .filter(
        (file) => fs.statSync(path.join(dist, file)).isFile() && !/\.(br|gz)$/.test(file) && !except(file),
      )
      .map((file) => `${prefix}${file}`);

  test('every file and page comes as the API sends it: status, type, bytes, Cache-Control, security headers', async () => {
    const { app, api, https } = production;
    const page = { accept: 'text/html' };
    const asked: [string, Record<string, string>][] = [
      ...filesOf(path.join(app, 'shell', 'dist'), '/'),
      ...['certificates', 'machines', 'landing'].flatMap((name) =>
        filesOf(path.join(app, `mfe-${name}`, 'dist'), `/remotes/${name}/`, (file) =>
          file.startsWith('standalone'),
        ),
      ),
      ...filesOf(path.join(app, 'mfe-landing', 'dist', 'standalone'), '/landing/'),
    ].map((file) => [file, {}]);
    // Pages of the apps, what a browser asks for; a missing script is 404, never the page.
    for (const route of [
      '/',
      '/login',
      '/machines/3',
      '/certificates/a.b',
      '/landing',
      '/landing/1',
      '/landing/1/4852406001',
    ])
      asked.push([route, page]);
    asked.push(['/nothing.0123456789.js', {}], ['/remotes/machines/nothing.js', {}]);
    expect(asked.length).toBeGreaterThan(60);

    for (const [url, headers] of asked) {
      // The API as it answers behind a proxy that received HTTPS: with Strict-Transport-Security.
      const fromApi = await client.get(`${api}${url}`, {
        headers: { ...headers, 'accept-encoding': 'identity', 'x-forwarded-proto': 'https' },
      });
      const fromNginx = await client.get(`${https}${url}`, {
        headers: { ...headers, 'accept-encoding': 'identity' },
      });
      expect(described(fromNginx), url).toEqual(described(fromApi));
      if (fromApi.ok()) expect((await fromNginx.body()).equals(await fromApi.body()), url).toBe(true);
    }

    // Hashed files are kept for a year, entry files asked for every time (checked above against the API).
    const index = fs.readFileSync(path.join(app, 'shell', 'dist', 'index.html'), 'utf8');
    const main = /src="(\/main\.[0-9a-f]{10}\.js)"/.exec(index)![1];
    expect((await client.get(`${https}${main}`)).headers()['cache-control']).toBe(
      'public, max-age=31536000, immutable',
    );
    for (const entry of [
      '/',
      '/remotes/machines/remoteEntry.js',
      '/remotes/machines/mf-manifest.json',
      '/config.json',
    ])
      expect((await client.get(`${https}${entry}`)).headers()['cache-control'], entry).toBe('no-cache');
    // The builds' compressed copies.
    const compressed = await client.get(`${https}${main}`, { headers: { 'accept-encoding': 'gzip' } });
    expect(compressed.headers()['content-encoding']).toBe('gzip');
  });

  test('/config.json, /api and the GS1 resolver are the API’s; plain HTTP redirects to HTTPS', async () => {
    const { api, https, http } = production;
    const config = await client.get(`${https}/config.json`);
    expect(await config.json()).toEqual(await (await client.get(`${api}/config.json`)).json());
    expect(await config.json()).toMatchObject({ apiBase: '/api', webBase: https });

    const ready = await client.get(`${https}/api/readyz`);
    expect(ready.status()).toBe(200);
    // nginx's request id reached the API, which sends it back; one policy, the API's, not a second from nginx.
    expect(ready.headers()['x-request-id']).toMatch(/^[0-9a-f]{32}$/);
    expect(
      ready.headersArray().filter(({ name }) => name.toLowerCase() === 'content-security-policy'),
    ).toHaveLength(1);
    // Over HTTPS, as the proxy tells the API (TRUST_PROXY).
    expect(ready.headers()['strict-transport-security']).toBe('max-age=31536000; includeSubDomains');

    // The resolver's answers, a good and a malformed link, as the API gives them.
    for (const url of ['/.well-known/gs1resolver', '/01/123']) {
      const headers = { accept: 'application/json' };
      const [viaNginx, direct] = [
        await client.get(`${https}${url}`, { headers }),
        await client.get(`${api}${url}`, { headers }),
      ];
      expect([viaNginx.status(), await viaNginx.text()], url).toEqual([direct.status(), await direct.text()]);
    }
    expect((await client.get(`${https}/01/123`)).status()).toBe(400);
    // /metrics is for the scraper on the API's own port: through nginx it is a path of the staff app.
    const metrics = await client.get(`${https}/metrics`);
    expect(metrics.headers()['content-type']).toContain('text/html');
    expect(await metrics.text()).not.toContain('http_request_duration_seconds');

    const plain = await client.get(`${http}/landing/1`, { maxRedirects: 0 });
    expect(plain.status()).toBe(301);
    expect(plain.headers().location).toBe('https://127.0.0.1/landing/1');
  });

  test('the worker the API started from the folder seals with the manufacturer’s seal from its file; a backup', async () => {
    const { https, account } = production;
    const login = await client.post(`${https}/api${apiPaths.login()}`, {
      data: { username: account.email, password: account.password },
    });
    const { token } = (await login.json()) as { token: string };
    const headers = { Authorization: token };
    const { machineId } = await createLandingMachine(production.api, token, 'Bereitstellung 1');
    const brands = await client.get(`${https}/api${apiPaths.brands()}`, { headers });
    const brand = ((await brands.json()) as { data: { id: number; name: string }[] }).data.find(
      ({ name }) => name === 'BDS Maschinen',
    )!;
    const issued = await client.post(`${https}/api${apiPaths.certificateCreate()}`, {
      headers,
      data: {
        ...CERTIFICATE_DEFAULTS,
        brand_id: brand.id,
        machine_id: machineId,
        checked_by: 'Betrieb',
        crowd: 1,
      },
    });
    expect(issued.status()).toBe(200);
    const [{ id }] = (await issued.json()) as { id: number }[];
    // 503 until the worker has sealed it (api/src/workers/worker.ts).
    const document = () => client.get(`${https}/api${apiPaths.certificateDocument(id)}`, { headers });
    await expect.poll(async () => (await document()).status(), { timeout: 30_000 }).toBe(200);

    const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'pb-deployed-')), 'sealed.pdf');
    fs.writeFileSync(file, await (await document()).body());
    // pdfsig exits 2 for a signer it does not trust (the test's seal is self-signed); its report is the check.
    let report: string;
    try {
      report = execFileSync('pdfsig', [file], { encoding: 'utf8' });
    } catch (error) {
      report = String((error as { stdout?: string }).stdout);
    }
    fs.rmSync(path.dirname(file), { recursive: true });
    expect(report).toContain('Signer Certificate Common Name: Pruefbericht Siegel');
    expect(report).toContain('Signature Validation: Signature is Valid.');

    // The backup tool from the folder too, while the server runs (README.md#backup-and-restore).
    const backup = path.join(production.data, 'backup.db');
    production.tool(['api/dist/backup.js', backup]);
    expect(fs.statSync(backup).size).toBeGreaterThan(0);
  });

  /** What the page reports as broken: failed requests, console errors (a policy's refusals among them). */
  function watch(page: Page) {
    const failures: string[] = [];
    // Not the requests the page cancels itself (net::ERR_ABORTED: a chunk still loading when the test moves
    // on, a query dropped with its screen); a refused one fails otherwise (net::ERR_BLOCKED_BY_CSP, …).
    page.on('requestfailed', (r) => {
      if (r.failure()?.errorText !== 'net::ERR_ABORTED')
        failures.push(`${r.url()}: ${r.failure()?.errorText}`);
    });
    page.on('console', (message) => {
      if (message.type() === 'error') failures.push(`console: ${message.text()}`);
    });
    page.on('pageerror', (error) => failures.push(`page: ${error.message}`));
    return failures;
  }

  test('staff sign in and use both remotes; a customer opens the page of a QR code', async ({ page }) => {
    const { https, account } = production;
    const failures = watch(page);
    await page.goto(`${https}/login`);
    await page.getByLabel('E-Mail').fill(account.email);
    await page.getByLabel('Passwort').fill(account.password);
    await page.getByRole('button', { name: 'EINLOGGEN' }).click();
    await page.waitForURL(`${https}/`);
    await expect(remoteScreen(page, 'certificates/CertificateCreate')).toBeVisible();
    await page.goto(`${https}/?tab=machine_list`);
    await expect(remoteScreen(page, 'machines/MachineList')).toBeVisible();
    await expect(page.getByRole('table', { name: 'Maschinen' }).getByRole('row').nth(1)).toBeVisible();
    await snap(page, 'deploying-staff');

    await page.goto(`${https}/landing/1`);
    await expect(page.locator('[data-remote]')).toHaveCount(0);
    await expect(page.getByRole('heading', { level: 1, name: 'MAB 825' })).toBeVisible();
    await snap(page, 'deploying-customer');
    expect(failures).toEqual([]);
  });
});

test('the running service wrote nothing into the deploy folder', async () => {
  expect(listing(production.app)).toBe(production.filesAtStart);
});
