import type { Browser, Page } from '@playwright/test';
import { apiPaths } from 'contracts';
import { Secret, TOTP } from 'otpauth';
import { apiUrl, E2E_USER, enterPassingChecks, expect, signIn, snap, test } from '../support/fixtures';

/** Accounts, roles and two-factor sign-in through the staff app (docs/architecture.md#accounts-and-roles). */

const FIRST = 'erstes-Passwort-42';
const OWN = 'eigenes-Passwort-43';
const stamp = Date.now().toString(36);

async function adminToken(page: Page): Promise<string> {
  const response = await page.request.post(apiUrl(apiPaths.login()), {
    data: { username: E2E_USER.email, password: E2E_USER.password },
  });
  return ((await response.json()) as { token: string }).token;
}

/** The administrator adds an account in the admin area, with a first password and `role`. */
/** The name of the colleague added with `email`: the audit log names people by it. */
const nameOf = (email: string) => `Kollegin ${email.split('@')[0]}`;

async function addAccount(page: Page, email: string, role: string) {
  await page.goto('/admin/accounts');
  await page.getByRole('button', { name: 'KONTO ANLEGEN' }).click();
  await page.getByLabel('E-Mail').fill(email);
  await page.getByLabel('Name').fill(nameOf(email));
  await page.getByLabel('Erstes Passwort').fill(FIRST);
  await page.getByRole('checkbox', { name: 'Prüfer' }).uncheck();
  await page.getByRole('checkbox', { name: role, exact: true }).check();
  await page.getByRole('button', { name: 'ANLEGEN' }).click();
  await expect(page.getByTestId(`account-${email}`)).toContainText(role);
  await expect(page.getByTestId(`account-${email}`)).toContainText('Erstes Passwort');
}

/** A fresh browser for the new colleague: password sign-in, and the own password the app asks for first. */
async function firstSignIn(browser: Browser, email: string) {
  const context = await browser.newContext();
  const page = await context.newPage();
  await page.goto('/login');
  await page.getByLabel('E-Mail').fill(email);
  await page.getByLabel('Passwort').fill(FIRST);
  await page.getByRole('button', { name: 'EINLOGGEN' }).click();
  await expect(page.getByRole('heading', { name: 'Bitte wählen Sie Ihr eigenes Passwort' })).toBeVisible();
  await page.getByLabel('Bisheriges Passwort').fill(FIRST);
  await page.getByLabel('Neues Passwort', { exact: true }).fill('password123');
  await page.getByLabel('Neues Passwort wiederholen').fill('password123');
  await page.getByRole('button', { name: 'PASSWORT ÄNDERN' }).click();
  await expect(
    page.getByText('Dieses Passwort ist zu verbreitet. Bitte wählen Sie ein anderes.'),
  ).toBeVisible();
  await page.getByLabel('Neues Passwort', { exact: true }).fill(OWN);
  await page.getByLabel('Neues Passwort wiederholen').fill(OWN);
  await page.getByRole('button', { name: 'PASSWORT ÄNDERN' }).click();
  await expect(page.getByRole('heading', { name: 'Bitte wählen Sie Ihr eigenes Passwort' })).toHaveCount(0);
  return page;
}

async function choose(page: Page, label: string, option: string) {
  await page.getByLabel(label, { exact: true }).fill(option);
  await page.getByRole('option', { name: option, exact: true }).click();
}

test('an inspector: added by the admin, own password first, issues a certificate, no machine editing, signed out when disabled', async ({
  page,
  browser,
}) => {
  test.setTimeout(90_000);
  const token = await adminToken(page);
  const brand = await (
    await page.request.post(apiUrl(apiPaths.brandCreate()), {
      headers: { Authorization: token },
      data: { name: `Rollenmarke ${stamp}` },
    })
  ).json();
  const machine = await (
    await page.request.post(apiUrl(apiPaths.machineCreate()), {
      headers: { Authorization: token },
      data: {
        brand_id: brand.id,
        name: `Rollenmaschine ${stamp}`,
        serial_prefix: 'ROL',
        ean_number: '',
        link_en: 'https://example.com/en',
        link_ger: 'https://example.com/de',
        image: '',
        electronic_circuit_board: 1,
        voltage_resistance: '',
        observation: '',
        description: '',
      },
    })
  ).json();
  expect(machine.id).toBeGreaterThan(0);

  await signIn(page, '/admin/accounts');
  const email = `pruefer-${stamp}@example.com`;
  await addAccount(page, email, 'Prüfer');
  await snap(page, 'accounts-added');

  const inspector = await firstSignIn(browser, email);
  await inspector.addInitScript(() => {
    window.print = () => {};
  });
  // The inspector's tabs: the form, the list, the catalogue, the instruments it measures with, the safety notices
  // it reads; no admin area.
  const tabs = inspector.getByRole('navigation', { name: 'Bereiche' });
  await expect(tabs.getByRole('link')).toHaveText([
    'Prüfbericht erstellen',
    'Daten',
    'Auswertung',
    'Bearbeiten',
    'Prüfmittel',
    'Sicherheitshinweise',
  ]);
  await expect(inspector.getByRole('link', { name: 'Verwaltung' })).toHaveCount(0);
  await expect(inspector.getByRole('link', { name: 'ETIKETTEN DRUCKEN' })).toBeVisible();

  await choose(inspector, 'MARKE', brand.name);
  await choose(inspector, 'ARTIKELNUMMER', machine.name);
  await enterPassingChecks(inspector);
  const issued = inspector.waitForResponse((r) => r.url().endsWith(apiUrl(apiPaths.certificateCreate())));
  await inspector.getByRole('button', { name: 'WEITER' }).click();
  expect((await issued).status()).toBe(200);
  const [certificate] = (await (await issued).json()) as { id: number }[];
  await expect(inspector.getByRole('region', { name: 'Prüfbericht ausgestellt' })).toBeVisible();

  // The catalogue without editing; the API refuses a change all the same.
  await tabs.getByRole('link', { name: 'Bearbeiten' }).click();
  await inspector.getByPlaceholder('SUCHEN...').fill(machine.name);
  await inspector.getByPlaceholder('SUCHEN...').press('Enter');
  await expect(inspector.getByRole('cell', { name: machine.name })).toBeVisible();
  await expect(inspector.getByRole('link', { name: '+ HINZUFÜGEN' })).toHaveCount(0);
  await expect(inspector.getByTestId('machine-list').getByRole('link', { name: 'Bearbeiten' })).toHaveCount(
    0,
  );
  await snap(inspector, 'accounts-inspector-catalogue');
  const refused = await inspector.evaluate(
    async (url) => {
      const response = await fetch(url, {
        method: 'PUT',
        headers: { Authorization: localStorage.getItem('token')!, 'Content-Type': 'application/json' },
        body: JSON.stringify({}),
      });
      return { status: response.status, body: await response.json() };
    },
    apiUrl(apiPaths.machine(machine.id)),
  );
  expect(refused.status).toBe(403);
  expect(refused.body.error.message).toBe(
    'Dafür fehlt Ihrem Konto die Rolle „Stammdaten“. Bitte wenden Sie sich an einen Administrator.',
  );
  await inspector.goto(`/machines/${machine.id}`);
  await expect(
    inspector.getByRole('heading', { name: 'Diese Seite ist für Ihre Rollen nicht freigegeben' }),
  ).toBeVisible();
  await inspector.goto('/?tab=certificate_list');
  await expect(inspector.getByTestId('certificate-list')).toBeVisible();

  // The administrator disables the account; the open tab is signed out on its next action.
  await page.goto('/admin/accounts');
  await page.getByRole('button', { name: `Bearbeiten: ${email}` }).click();
  await page.getByRole('button', { name: 'SPERREN' }).click();
  await page.getByRole('alertdialog').getByRole('button', { name: 'JA' }).click();
  await expect(page.getByTestId(`account-${email}`)).toContainText('Gesperrt');
  await inspector
    .getByRole('navigation', { name: 'Bereiche' })
    .getByRole('link', { name: 'Bearbeiten' })
    .click();
  await expect(inspector).toHaveURL(/\/login$/);
  await expect(inspector.getByText('Token abgelaufen, bitte melden Sie sich an')).toBeVisible();
  await inspector.context().close();

  // The audit log lists all of it, and links the certificate.
  await page.goto(`/admin/audit?subject_type=account`);
  const log = page.getByRole('table', { name: 'Protokoll' });
  for (const action of ['Konto angelegt', 'Eigenes Passwort geändert', 'Konto gesperrt'])
    await expect(
      log.getByRole('row').filter({ hasText: action }).filter({ hasText: email }).first(),
    ).toBeVisible();
  await page.goto('/admin/audit');
  await page.getByLabel('Aktion').selectOption({ label: 'Ausgestellt' });
  await page.getByRole('button', { name: 'FILTERN' }).click();
  // Who issued it by name; the e-mail is the cell's tooltip.
  const row = log
    .getByRole('row')
    .filter({ hasText: nameOf(email) })
    .first();
  await expect(row).toContainText(`Prüfbericht ${certificate.id}`);
  await expect(row.getByRole('cell').nth(1)).toHaveAttribute('title', email);
  await row.getByRole('link', { name: `Prüfbericht ${certificate.id}` }).click();
  await expect(page).toHaveURL(new RegExp(`/certificates/${certificate.id}$`));
});

test('two-factor sign-in: enrolment with the QR code, sign-in with a code and with a recovery code', async ({
  page,
  browser,
}) => {
  test.setTimeout(90_000);
  await signIn(page, '/admin/accounts');
  const email = `zweifach-${stamp}@example.com`;
  await addAccount(page, email, 'Lesen');
  const reader = await firstSignIn(browser, email);
  // A read-only account: the list, the reports, the catalogue, the instruments and the safety notices; no
  // certificate form, no labels.
  await expect(reader.getByRole('navigation', { name: 'Bereiche' }).getByRole('link')).toHaveText([
    'Daten',
    'Auswertung',
    'Bearbeiten',
    'Prüfmittel',
    'Sicherheitshinweise',
  ]);
  await expect(reader.getByRole('link', { name: 'ETIKETTEN DRUCKEN' })).toHaveCount(0);

  await reader.getByRole('link', { name: 'Mein Konto' }).click();
  // A session token alone does not enrol an authenticator: the current password first (issue 30).
  await reader.getByRole('button', { name: 'EINRICHTEN' }).click();
  await expect(reader.getByText('Pflichtfeld')).toBeVisible();
  await reader.getByLabel('Ihr aktuelles Passwort').fill('falsch-falsch-1');
  await reader.getByRole('button', { name: 'EINRICHTEN' }).click();
  await expect(reader.getByText('Das Passwort ist falsch.')).toBeVisible();
  await reader.getByLabel('Ihr aktuelles Passwort').fill(OWN);
  await reader.getByRole('button', { name: 'EINRICHTEN' }).click();
  await expect(reader.getByRole('img', { name: 'QR-Code für die Authenticator-App' })).toBeVisible();
  await snap(reader, 'account-two-factor-qr');
  await reader.getByText('Ohne Kamera: Schlüssel von Hand eingeben').click();
  const secret = (await reader.locator('.sh-enrol__secret').innerText()).replace(/\s/g, '');
  const totp = new TOTP({ secret: Secret.fromBase32(secret) });
  await reader.getByLabel('Sechsstelliger Code').fill('000000');
  await reader.getByRole('button', { name: 'BESTÄTIGEN' }).click();
  await expect(reader.getByText('Der Code ist falsch oder abgelaufen.')).toBeVisible();
  await reader.getByLabel('Sechsstelliger Code').fill(totp.generate());
  await reader.getByRole('button', { name: 'BESTÄTIGEN' }).click();
  // The codes show once the server has confirmed: read them only when all ten are there.
  const recoveryCodes = reader.getByTestId('recovery-codes').locator('code');
  await expect(recoveryCodes).toHaveCount(10);
  const codes = await recoveryCodes.allInnerTexts();
  await snap(reader, 'account-recovery-codes');
  await reader.getByRole('button', { name: 'ICH HABE DIE CODES NOTIERT' }).click();
  await expect(reader.getByText('Eingerichtet: Die Anmeldung fragt nach dem Passwort')).toBeVisible();
  await reader.context().close();

  const signInWith = async (code: string) => {
    const context = await browser.newContext();
    const tab = await context.newPage();
    await tab.goto('/login');
    await tab.getByLabel('E-Mail').fill(email);
    await tab.getByLabel('Passwort').fill(OWN);
    await tab.getByRole('button', { name: 'EINLOGGEN' }).click();
    await expect(tab.getByRole('heading', { name: 'Zwei-Faktor-Anmeldung' })).toBeVisible();
    await tab.getByLabel('Code').fill(code);
    await tab.getByRole('button', { name: 'BESTÄTIGEN' }).click();
    await expect(tab.getByRole('navigation', { name: 'Bereiche' })).toBeVisible();
    return tab;
  };
  // The enrolment took this time step's code: the next step's code (one step of drift is allowed).
  const withCode = await signInWith(totp.generate({ timestamp: Date.now() + 30_000 }));
  await withCode.context().close();
  const withRecovery = await signInWith(codes[3]);
  await withRecovery.getByRole('link', { name: 'Mein Konto' }).click();
  // The first sign-in, the one with a code and this one, newest first, under a header row.
  const signIns = withRecovery.getByRole('region', { name: 'Letzte Anmeldungen' });
  await expect(signIns.getByRole('row')).toHaveCount(4);
  await expect(signIns.getByRole('row').nth(1)).toContainText('Angemeldet');
  await withRecovery.context().close();

  await page.goto('/admin/audit?subject_type=account');
  const log = page.getByRole('table', { name: 'Protokoll' });
  for (const action of ['Zwei-Faktor-Anmeldung eingerichtet', 'Wiederherstellungscode benutzt'])
    await expect(log.getByRole('row').filter({ hasText: action }).first()).toBeVisible();
  await page.goto(`/admin/accounts`);
  await expect(page.getByTestId(`account-${email}`).getByRole('cell').nth(4)).toHaveText('An');
});
