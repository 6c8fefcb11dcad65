import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { ChildProcess } from 'node:child_process';
import type { Page } from '@playwright/test';
import { CLIENT, startOpenIdProvider, type OpenIdProvider } from 'api/test/openid-provider';
import { apiPaths, type AccountList } from 'contracts';
import { expectAccessible } from '../support/a11y';
import { startServer, stopProcess } from '../support/deployment';
import { apiUrl, expect, snap, test } from '../support/fixtures';

/**
 * Sign-in with the company account (docs/decisions/0029-company-account-sign-in.md) in Chromium, through a real
 * OpenID provider's own login and consent pages (api/src/test/openid-provider.ts: any password signs in the
 * login name typed; `people` is its directory). A server of its own, configured for that provider.
 */

const ROLE_MAP = 'Pruefer=pruefer,IT-Admins=admin';
const BUTTON = 'Mit Firmenkonto anmelden';
const NOT_ALLOWED = 'Diese Seite ist für Ihre Rollen nicht freigegeben';

let provider: OpenIdProvider;
let server: { origin: string; account: { email: string; password: string }; child: ChildProcess };
let dir: string;

test.beforeAll(async () => {
  test.setTimeout(120_000);
  // The provider first: the app's configuration names it; the app's address is known once it listens.
  provider = await startOpenIdProvider();
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'pruefbericht-oidc-'));
  server = await startServer(dir, {
    OIDC_ISSUER: provider.issuer,
    OIDC_CLIENT_ID: CLIENT.id,
    OIDC_CLIENT_SECRET: CLIENT.secret,
    OIDC_ROLE_MAP: ROLE_MAP,
  });
  provider.allowOrigins([server.origin]);
});

test.afterAll(async () => {
  if (server) await stopProcess(server.child);
  await provider?.close();
  fs.rmSync(dir, { recursive: true, force: true });
});

test.beforeEach(async ({ context }) => {
  // The provider's pages import a web font from the internet; the tests stay on this machine.
  await context.route('https://fonts.googleapis.com/**', (route) => route.abort());
});

const at = (address: string) => `${server.origin}${address}`;

/** A person of the directory: the claims the provider's ID tokens carry for `login`. */
function inDirectory(login: string, groups: string[]) {
  const email = `${login}@firma.example`;
  provider.people.set(login, { email, email_verified: true, name: login, groups });
  return email;
}

/** The provider's own pages as a person uses them: its login form, then its consent. */
async function signInAtProvider(page: Page, login: string) {
  await expect(page).toHaveURL((url) => url.origin === provider.issuer);
  await expect(page.getByRole('heading', { name: 'Sign-in' })).toBeVisible();
  await page.getByPlaceholder('Enter any login').fill(login);
  await page.getByPlaceholder('and password').fill('irgendein-Passwort');
  await page.getByRole('button', { name: 'Sign-in' }).click();
  await expect(page.getByRole('heading', { name: 'Authorize' })).toBeVisible();
  await page.getByRole('button', { name: 'Continue' }).click();
}

/** From the app's login page through the provider and back, signed in on the app's start page. */
async function signInWithCompanyAccount(page: Page, login: string) {
  await page.goto(at('/login'));
  await page.getByRole('button', { name: BUTTON }).click();
  await signInAtProvider(page, login);
  await expect(page).toHaveURL(at('/'));
  await expect(page.getByRole('button', { name: 'Abmelden' })).toBeVisible();
}

/** Abmelden, JA, and the provider's question whether to end its session too: back on the app's login. */
async function signOut(page: Page) {
  await page.getByRole('button', { name: 'Abmelden' }).click();
  await page.getByRole('alertdialog').getByRole('button', { name: 'JA' }).click();
  await expect(page.getByRole('heading', { name: /^Do you want to sign-out/ })).toBeVisible();
  await snap(page, 'company-sign-out-provider');
  await page.getByRole('button', { name: 'Yes, sign me out' }).click();
  await expect(page).toHaveURL(at('/login'));
  await expect(page.getByRole('heading', { name: 'einloggen' })).toBeVisible();
}

/**
 * The Prüfer's screens and no admin area, checked once the roles are in (until then the app shows no tab, no
 * admin link, and refuses every guarded page): the certificate form's tab shows only for the Prüfer's role.
 */
async function expectPrueferWithoutAdminArea(page: Page) {
  const prueferTab = page.getByRole('link', { name: 'Prüfbericht erstellen' });
  await expect(prueferTab).toBeVisible();
  await expect(page.getByRole('link', { name: 'Verwaltung' })).toHaveCount(0);
  await page.goto(at('/admin/accounts'));
  await expect(prueferTab).toBeVisible();
  await expect(page.getByRole('heading', { name: NOT_ALLOWED })).toBeVisible();
}

const token = (page: Page) => page.evaluate(() => window.localStorage.getItem('token'));

test.describe('Anmeldung mit dem Firmenkonto', () => {
  test('a Prüfer from the directory opens a deep link signed out and lands there, with the Prüfer’s screens', async ({
    page,
  }) => {
    inDirectory('anna.berg', ['Pruefer', 'Kantine']);
    const deepLink = '/?tab=certificate_list&search=MABtec';
    await page.goto(at(deepLink));
    await expect(page).toHaveURL(at('/login'));
    await expect(page.getByRole('button', { name: BUTTON })).toBeVisible();
    await expectAccessible(page, 'company-sign-in');

    await page.getByRole('button', { name: BUTTON }).click();
    await expect(page.getByRole('heading', { name: 'Sign-in' })).toBeVisible();
    await snap(page, 'company-sign-in-provider');
    await signInAtProvider(page, 'anna.berg');

    await expect(page).toHaveURL(at(deepLink));
    await expect(page.getByRole('link', { name: 'Daten' })).toHaveAttribute('aria-current', 'page');
    await expect(page.getByRole('searchbox', { name: 'SUCHEN...' })).toHaveValue('MABtec');
    // The list answered the Prüfer (the demo data has no certificates), rather than refusing the call.
    await expect(page.getByText('There are no records to display')).toBeVisible();
    // What a Prüfer sees: the certificate form and the labels; no admin area.
    await expect(page.getByRole('link', { name: 'ETIKETTEN DRUCKEN' })).toBeVisible();
    await snap(page, 'company-sign-in-deep-link');
    await expectPrueferWithoutAdminArea(page);
  });

  test('signing out ends the session here and at the provider, and comes back to the login', async ({
    page,
  }) => {
    inDirectory('bernd.vogt', ['Pruefer']);
    await signInWithCompanyAccount(page, 'bernd.vogt');
    const session = await token(page);
    expect(session).toBeTruthy();

    await signOut(page);
    expect(await token(page)).toBeNull();
    const me = await page.request.get(at(apiUrl(apiPaths.me())), { headers: { Authorization: session! } });
    expect(me.status()).toBe(401);
    // The provider's session ended too: it asks who signs in again.
    await page.getByRole('button', { name: BUTTON }).click();
    await expect(page.getByRole('heading', { name: 'Sign-in' })).toBeVisible();
  });

  test('roles follow the directory’s groups at every sign-in: a removed admin group removes the admin area', async ({
    page,
  }) => {
    const email = inDirectory('dora.klein', ['Pruefer', 'IT-Admins']);
    await signInWithCompanyAccount(page, 'dora.klein');
    await page.getByRole('link', { name: 'Verwaltung' }).click();
    const row = page.getByTestId(`account-${email}`);
    await expect(row).toContainText('Firmenkonto · Rollen übernommen');
    await expect(row.locator('.sh-badge', { hasText: 'Administrator' })).toBeVisible();
    await snap(page, 'company-sign-in-admin');

    await signOut(page);
    inDirectory('dora.klein', ['Pruefer']);
    await signInWithCompanyAccount(page, 'dora.klein');
    await expectPrueferWithoutAdminArea(page);
  });

  test('a person with no mapped group is refused on the login page, with no session and no account', async ({
    page,
  }) => {
    const email = inDirectory('emil.kurz', ['Kantine']);
    await page.goto(at('/login'));
    await page.getByRole('button', { name: BUTTON }).click();
    await signInAtProvider(page, 'emil.kurz');

    await expect(page).toHaveURL(at('/login'));
    await expect(page.getByTestId('company-notice')).toHaveText(
      'Keine Berechtigung für Prüfbericht. Bitte wenden Sie sich an Ihre IT, um in die passende Gruppe aufgenommen zu werden.',
    );
    await expect(page.getByRole('button', { name: BUTTON })).toBeEnabled();
    expect(await token(page)).toBeNull();
    await expectAccessible(page, 'company-sign-in-refused');

    const login = await page.request.post(at(apiUrl(apiPaths.login())), {
      data: { username: server.account.email, password: server.account.password },
    });
    const accounts = await page.request.get(at(apiUrl(apiPaths.accounts())), {
      headers: { Authorization: (await login.json()).token },
    });
    expect(accounts.status()).toBe(200);
    expect(((await accounts.json()) as AccountList).data.map((account) => account.email)).not.toContain(
      email,
    );
  });
});
