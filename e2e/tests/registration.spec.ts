import { apiPaths, type Notice } from 'contracts';
import { expectAccessible } from '../support/a11y';
import { apiUrl, expect, remoteScreen, signIn, snap, test } from '../support/fixtures';
import { mailTo } from '../support/mails';
import { fillRecall } from '../support/notice-form';
import { createLandingMachine, signInToken, type LandingMachine } from './landing-data';

/**
 * The owner registers the machine from its page on a phone and confirms the address by the mailed link
 * (api/src/modules/registrations); the link works once. Staff see the owner and delete the registration on request.
 */
test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });

const HOSTILE = '<img src=x onerror=alert(1)>';
let machine: LandingMachine;
let email: string;

test.beforeAll(async ({ baseURL }) => {
  machine = await createLandingMachine(baseURL!, await signInToken(baseURL!));
});

test('register on the phone, get the mail, confirm once by its link', async ({ page, context }) => {
  email = `besitzer-${Date.now().toString(36)}@example.com`;
  page.on('dialog', () => {
    throw new Error('a script of the input ran');
  });
  await page.goto(`/landing/${machine.machineId}/${machine.serial}`);
  const section = page.getByTestId('registration');
  // The page is German (the browser's language): the section's heading and button are too.
  await expect(section.getByRole('heading', { name: 'Maschine registrieren' })).toBeVisible();
  await section.getByRole('button', { name: 'Registrieren', exact: true }).click();
  const form = page.getByTestId('registration-form');
  await expect(form).toBeVisible();
  await expectAccessible(page, 'registration-form');

  // Sent empty: every field that needs something says what, in English and German.
  await form.getByRole('button', { name: 'REGISTER / REGISTRIEREN' }).click();
  await expect(form.getByRole('alert')).toHaveText(
    'Please check the marked fields. / Bitte prüfen Sie die markierten Felder.',
  );
  await expect(form.getByLabel('Name or company / Name oder Firma')).toHaveAttribute('aria-invalid', 'true');
  await expect(form.getByText('Please agree to the storage of your data.', { exact: false })).toBeVisible();
  await expectAccessible(page, 'registration-errors');

  await form.getByLabel('Name or company / Name oder Firma').fill(`${HOSTILE} Schreinerei`);
  await form.getByLabel('E-mail / E-Mail').fill(email);
  await form.getByLabel('Country / Land').selectOption('AT');
  await form.getByLabel('Date of purchase / Kaufdatum').fill('2026-11-02');
  await form.getByLabel('Dealer (optional) / Händler (optional)').fill('Werkzeug Meier');
  await form.getByRole('checkbox').check();
  await form.getByRole('button', { name: 'REGISTER / REGISTRIEREN' }).click();
  await expect(page.getByTestId('registration-sent')).toContainText('We have sent you an e-mail');
  await expectAccessible(page, 'registration-sent');

  const mail = await mailTo(email);
  expect(mail.subject).toBe('Bitte bestätigen Sie die Registrierung Ihrer Maschine');
  // The name is text in the mail's HTML, never markup.
  expect(mail.html).toContain('&lt;img src=x onerror=alert(1)&gt; Schreinerei');
  expect(mail.html).not.toContain('<img');
  const link = /https?:\/\/\S+#confirm=[\w-]+/.exec(mail.text)?.[0];
  expect(link).toContain(`/landing/${machine.machineId}/${machine.serial}#confirm=`);

  const confirming = await context.newPage();
  await confirming.goto(link!);
  const confirmation = confirming.getByTestId('registration-confirmation');
  await expect(confirmation).toHaveText(
    'Your registration is confirmed. Thank you. / Ihre Registrierung ist bestätigt. Vielen Dank.',
  );
  // The token left the address: a reload or a shared address does not send it again.
  expect(new URL(confirming.url()).hash).toBe('');
  await expectAccessible(confirming, 'registration-confirmed');

  const replayed = await context.newPage();
  await replayed.goto(link!);
  await expect(replayed.getByTestId('registration-confirmation')).toContainText(
    'This confirmation link is not valid or has been used already.',
  );
  await snap(replayed, 'registration-link-used');
});

test('an information notice mails an unsubscribe link; the owner unsubscribes on the phone', async ({
  page,
  baseURL,
}) => {
  test.skip(!email, 'needs the registration above');
  const title = `Neues Zubehör ${Date.now().toString(36)}`;
  const published = await fetch(`${baseURL}${apiUrl(apiPaths.notices())}`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Authorization: await signInToken(baseURL!) },
    body: JSON.stringify({
      machine_id: machine.machineId,
      severity: 'information',
      title_de: title,
      title_en: title,
      text_de: 'Ein Adapter für die Absaugung ist erhältlich.',
      text_en: 'An adapter for dust extraction is available.',
      serial_from: machine.serial,
      serial_to: machine.serial,
    }),
  });
  expect(published.status).toBe(201);
  expect(((await published.json()) as Notice).affected).toBe(1);
  const mail = await mailTo(email, title);
  const link = /https?:\/\/\S+#unsubscribe=[\w-]+/.exec(mail.text)?.[0];
  expect(link).toContain(`/landing/${machine.machineId}/${machine.serial}#unsubscribe=`);

  await page.goto(link!);
  const section = page.getByTestId('registration');
  await expect(section.getByRole('heading', { name: 'Informations-E-Mails' })).toBeVisible();
  await expect(section.getByTestId('unsubscribe')).toContainText(
    'Möchten Sie zu dieser Maschine keine weiteren Informations-E-Mails erhalten?',
  );
  // The token left the address before anything was sent.
  await expect(page).not.toHaveURL(/#unsubscribe=/);
  await expectAccessible(page, 'unsubscribe-ask');
  await section.getByRole('button', { name: 'ABMELDEN' }).click();
  await expect(section.getByTestId('unsubscribed')).toContainText('Sie sind abgemeldet');
  await expectAccessible(page, 'unsubscribed');
  await section.scrollIntoViewIfNeeded();
  await snap(page, 'unsubscribed-phone');
});

test.describe('staff', () => {
  test.use({ viewport: { width: 1366, height: 900 }, isMobile: false, hasTouch: false });

  test('publish a recall for the registered unit: it is registered and mailed, and the owner gets the mail', async ({
    page,
  }) => {
    test.skip(!email, 'needs the registration above');
    test.setTimeout(90_000);
    const title = `Rückruf Registrierung ${Date.now().toString(36)}`;
    await signIn(page, '/?tab=notices');
    const screen = remoteScreen(page, 'machines/Notices');
    const form = await fillRecall(screen, machine.name, {
      title_de: title,
      text_de: 'Bitte nicht mehr benutzen.',
      title_en: 'Recall',
      text_en: 'Stop using it.',
    });
    await form.getByLabel('Seriennummer von').fill(machine.serial);
    await form.getByLabel('Seriennummer bis').fill(machine.serial);
    await form.getByRole('button', { name: 'Veröffentlichen' }).click();
    await expect(form).toBeHidden();

    // The owner registered on the phone above gets the recall in German, with the unit's page, though
    // unsubscribed from information: a recall is required.
    const mail = await mailTo(email, title);
    expect(mail.subject).toBe(`Rückruf: ${title} (${machine.serial})`);
    expect(mail.text).toContain('Bitte nicht mehr benutzen.');
    expect(mail.text).toContain(`/landing/${machine.machineId}/${machine.serial}`);
    expect(mail.text).not.toContain('#unsubscribe=');

    // Sent: the list says so (read again now), without the owner's name or address.
    await page.reload();
    const row = screen.getByTestId('notice').filter({ hasText: title });
    await row.getByRole('button', { name: 'Betroffene Einheiten zeigen' }).click();
    const affected = screen.getByTestId('affected');
    await expect(affected.getByTestId('affected-owners')).toHaveText('1 von 1 registriert, 1 benachrichtigt');
    const unit = affected.getByTestId('affected-unit');
    await expect(unit).toHaveCount(1);
    await expect(unit.getByRole('cell')).toHaveText([
      machine.serial,
      /Prüfbericht Nr\./,
      /./,
      'Freigegeben',
      'ja',
      'ja',
    ]);
    await expect(affected).not.toContainText(email);
    await expect(affected).not.toContainText('Schreinerei');
    await expect(screen.getByTestId('notices-no-mail')).toHaveCount(0);
    await expectAccessible(page, 'notices-registered-mailed');
  });

  test('see the confirmed owner, then delete the registration on request', async ({ page }) => {
    test.skip(!email, 'needs the registration above');
    await signIn(page, '/?tab=machine_list');
    await page.getByRole('button', { name: 'Registrierungen' }).click();
    const row = page.getByTestId('registration-row').filter({ hasText: email });
    await expect(row).toContainText(machine.serial);
    await expect(row).toContainText(`${HOSTILE} Schreinerei`);
    await expect(row).toContainText('bestätigt am');
    // Unsubscribed from information on the phone above.
    await expect(row).toContainText('keine Informations-E-Mails seit');
    await expectAccessible(page, 'registrations-staff');
    await row.getByLabel('Grund (Antrag des Besitzers)').fill('Antrag per E-Mail vom 29.11.2026');
    await row.getByRole('button', { name: 'LÖSCHEN' }).click();
    await expect(page.getByTestId('registration-row').filter({ hasText: email })).toHaveCount(0);
    await snap(page, 'registrations-deleted');
  });
});
