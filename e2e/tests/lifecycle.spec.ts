import { createHash } from 'node:crypto';
import { apiPaths, CERTIFICATE_DEFAULTS, CHECK_FIELDS } from 'contracts';
import type { Page } from '@playwright/test';
import { expectAccessible } from '../support/a11y';
import { pdfPageTexts, pdfShownBy } from '../support/pdf';
import { apiUrl, E2E_USER, expect, signIn, snap, test } from '../support/fixtures';
import { createLandingMachine, signInToken, type LandingMachine } from './landing-data';

interface PrintData {
  id: number;
  machine_id: number;
  serialNoPart1: string;
  recordsCount: number;
  version: number;
}

let machine: LandingMachine;

const sha256 = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');

test.beforeAll(async ({ baseURL }) => {
  test.setTimeout(120_000);
  machine = await createLandingMachine(
    baseURL!,
    await signInToken(baseURL!),
    `Lebenslauf ${Date.now().toString(36)}`,
  );
});

/**
 * Issues three units of the test machine through the API (the form has its own suite,
 * certificates.spec.ts), then shows the list; answers what the API stored.
 */
async function issueThree(page: Page) {
  const token = await page.evaluate(() => window.localStorage.getItem('token'));
  const brands = await page.request.get(apiUrl(apiPaths.brands()), { headers: { Authorization: token! } });
  const brand = ((await brands.json()) as { data: { id: number; name: string }[] }).data.find(
    (b) => b.name === 'BDS Maschinen',
  )!;
  const answer = await page.request.post(apiUrl(apiPaths.certificateCreate()), {
    headers: { Authorization: token! },
    data: {
      ...CERTIFICATE_DEFAULTS,
      brand_id: brand.id,
      machine_id: machine.machineId,
      checked_by: 'Erika Erstprüfung',
      crowd: 3,
    },
  });
  expect(answer.status()).toBe(200);
  const [data] = (await answer.json()) as PrintData[];
  const serials = [0, 1, 2].map((k) => data.serialNoPart1 + String(data.recordsCount + k).padStart(3, '0'));
  // As the print after WEITER does: the issue's PDF is sealed by the worker and archived before anything changes
  // it; until then the API answers 503 with Retry-After.
  const document = () =>
    page.request.get(apiUrl(apiPaths.certificateDocument(data.id)), { headers: { Authorization: token! } });
  await expect.poll(async () => (await document()).status(), { timeout: 30_000 }).toBe(200);
  const sealed = await document();
  return { data, serials, sealedAtIssue: sha256(await sealed.body()) };
}

test.describe('Ein Prüfbericht nach dem Ausstellen', () => {
  test.beforeEach(async ({ page }) => {
    await page.addInitScript(() => {
      window.print = () => {};
    });
  });

  test('issue, revise with a reason, reprint revision 2, void one unit: list, unit and customer pages agree', async ({
    page,
  }) => {
    test.setTimeout(90_000);
    await signIn(page);
    const { data, serials, sealedAtIssue } = await issueThree(page);

    // From the list to the certificate's own page.
    await page.getByRole('link', { name: 'Daten' }).click();
    const list = page.getByTestId('certificate-list');
    await list.getByRole('searchbox').fill(serials[0]);
    await list.getByRole('searchbox').press('Enter');
    await expect(list.getByRole('row')).toHaveCount(2);
    await expect(list.getByRole('row').nth(1)).toContainText('Ausgestellt');
    await list.getByRole('link', { name: `Details: ${serials[0]}` }).click();
    const detail = page.getByTestId('certificate-detail');
    await expect(detail.getByRole('heading', { level: 1 })).toHaveText(
      `Prüfbericht Nr. ${data.id} · ${machine.name}`,
    );

    // KORRIGIEREN: without a reason nothing is sent and the reason gets the focus.
    await detail.getByRole('button', { name: 'KORRIGIEREN' }).click();
    const revise = detail.getByRole('form', { name: 'Prüfbericht korrigieren' });
    await revise.getByLabel('GEPRÜFT VON').fill('Jürgen Korrektur');
    await revise.getByRole('checkbox', { name: 'ZUBEHÖR' }).uncheck();
    await revise.getByRole('button', { name: 'KORREKTUR SPEICHERN' }).click();
    await expect(revise.getByLabel('GRUND DER KORREKTUR')).toBeFocused();
    await expect(revise.getByText('Pflichtfeld')).toBeVisible();
    // From the top: scrolled, the sticky header lies over the check boxes and axe counts them as too small.
    await page.evaluate(() => window.scrollTo(0, 0));
    await expectAccessible(page, 'certificate-revise-form-error');
    await revise.getByLabel('GRUND DER KORREKTUR').fill('Falscher Prüfer eingetragen');
    await revise.getByRole('button', { name: 'KORREKTUR SPEICHERN' }).click();
    await expect(page.getByText('Korrektur gespeichert: Revision 2.')).toBeVisible();
    await expect(detail.locator('.cert-status')).toHaveText('Korrigiert');
    const revisions = detail.getByRole('region', { name: 'Revisionen' });
    await expect(revisions.getByRole('listitem')).toHaveCount(2);
    await expect(revisions.getByRole('listitem').first()).toContainText('Grund: Falscher Prüfer eingetragen');
    await expect(revisions.getByRole('listitem').nth(1)).toContainText('ersetzt am');
    const history = detail.getByRole('region', { name: 'Verlauf' });
    await expect(history.getByRole('listitem').first()).toContainText('Korrigiert');
    await expect(history.getByRole('listitem').first()).toContainText(
      'Geprüft von: Erika Erstprüfung → Jürgen Korrektur',
    );

    // The reprint prints revision 2's archived PDF with the date of the issue it replaces; revision 1 prints the
    // PDF archived for it then, marked replaced on the screen and no longer current when verified.
    const revision2 = pdfShownBy(page);
    await detail.getByRole('link', { name: 'DRUCKEN', exact: true }).click();
    await expect(page.getByRole('heading', { level: 1 })).toContainText('Revision 2');
    const revised = pdfPageTexts(await revision2());
    expect(revised).toHaveLength(6);
    // „Geprüft von" prints the signed-in account that tested, with day and time; the corrected checker text is the
    // lists' and the history's (above). The corrected check fails the units: NOT OK in its row.
    for (const text of revised) {
      expect(text).toContain('Revision 2 vom');
      expect(text).toContain(E2E_USER.email);
      expect(text).toMatch(/Zubehör · Accessories[^]*NOT OK/);
    }
    const revision1 = pdfShownBy(page);
    await page.goto(`/pdf/${data.id}?revision=1`);
    await expect(page.getByRole('note').filter({ hasText: 'Diese Revision ist ersetzt' })).toBeVisible();
    const replacedPdf = await revision1();
    expect(sha256(replacedPdf)).toBe(sealedAtIssue);
    const replaced = pdfPageTexts(replacedPdf);
    expect(replaced).toHaveLength(6);
    for (const text of replaced) {
      expect(text).toContain(E2E_USER.email);
      expect(text).not.toContain('Revision 2');
      expect(text).not.toContain('NOT OK');
    }
    const verified = await page.request.get(apiUrl(apiPaths.verifyDocument(sealedAtIssue)));
    expect(await verified.json()).toMatchObject({
      certificate_number: data.id,
      event: 'issued',
      current: false,
    });

    // STORNIEREN the second unit only.
    await page.goto(`/certificates/${data.id}`);
    await detail.getByRole('button', { name: 'STORNIEREN' }).click();
    const voiding = detail.getByRole('form', { name: 'Stornieren' });
    // Single units are the default (issue 31).
    await expect(voiding.getByRole('radio', { name: 'Nur diese Einheiten stornieren:' })).toBeChecked();
    await voiding.getByRole('button', { name: 'STORNIEREN' }).click();
    await expect(voiding.getByText('Bitte mindestens eine Einheit wählen')).toBeVisible();
    await expectAccessible(page, 'certificate-void-form-error');
    await voiding.getByRole('checkbox', { name: serials[1] }).check();
    await voiding.getByLabel('GRUND DER STORNIERUNG').fill('Beim Transport beschädigt');
    await voiding.getByRole('button', { name: 'STORNIEREN' }).click();
    // Nothing is voided before the question naming the certificate and the serial is answered.
    const question = page.getByRole('alertdialog', { name: 'Stornierung bestätigen' });
    await expect(question).toContainText(
      `Von Prüfbericht Nr. ${data.id} die Einheit ${serials[1]} stornieren?`,
    );
    await question.getByRole('button', { name: 'JA, STORNIEREN' }).click();
    await expect(page.getByText('Storniert.', { exact: true })).toBeVisible();
    await expect(detail.locator('.cert-status')).toHaveText('◐ Teilweise storniert');
    const units = detail.getByRole('region', { name: 'Einheiten' });
    await expect(units.getByRole('row', { name: new RegExp(serials[1]) })).toContainText(
      'Storniert: Beim Transport beschädigt',
    );
    await expect(units.getByRole('row', { name: new RegExp(serials[0]) })).toContainText('Gültig');
    await snap(page, 'certificate-detail');
    await expectAccessible(page, 'certificate-detail');

    // The reprint carries STORNIERT on both pages of that unit, and only there.
    const afterVoid = pdfShownBy(page);
    await page.goto(`/pdf/${data.id}`);
    const voidedPages = pdfPageTexts(await afterVoid());
    expect(
      voidedPages.map((text) => [
        serials.find((serial) => text.includes(serial)),
        text.includes('STORNIERT / VOID'),
      ]),
    ).toEqual(
      serials.flatMap((serial) => [
        [serial, serial === serials[1]],
        [serial, serial === serials[1]],
      ]),
    );

    // The list shows the status.
    await page.goto('/?tab=certificate_list');
    await list.getByRole('searchbox').fill(serials[1]);
    await list.getByRole('searchbox').press('Enter');
    await expect(list.getByRole('row')).toHaveCount(2);
    await expect(list.getByRole('row').nth(1)).toContainText('Teilweise storniert');

    await expectAccessible(page, 'certificate-list-unit-search');
    // The unit page of the voided serial, straight from the search by its serial.
    await list.getByRole('link', { name: `Einheit ${serials[1]} öffnen` }).click();
    await expect(page).toHaveURL(new RegExp(`/units/${serials[1]}$`));
    const unit = page.getByTestId('unit-view');
    await expect(unit.getByRole('heading', { level: 1 })).toHaveText(`Einheit ${serials[1]}`);
    await expect(unit.getByText('Storniert: Beim Transport beschädigt')).toBeVisible();
    await expect(
      unit.getByRole('link', { name: new RegExp(`/landing/${data.machine_id}/${serials[1]}$`) }),
    ).toBeVisible();
    // Newest first: the reprint above opened the print dialog (recorded with the PDF's print), the void before it.
    const unitHistory = unit.getByRole('region', { name: 'Verlauf' }).getByRole('listitem');
    await expect(unitHistory.first()).toContainText('Zum Nachdruck geöffnet');
    await expect(unitHistory.nth(1)).toContainText('Einheit storniert');
    await expectAccessible(page, 'unit-view');

    // The customer page (a German browser: German alone): that serial is withdrawn; the others failed the corrected check, so
    // they are never confirmed either (docs/decisions/0010-test-record.md).
    await page.goto(`/landing/${data.machine_id}/${serials[1]}`);
    const withdrawn = page.getByTestId('serial-withdrawn');
    await expect(withdrawn).toContainText('Der Hersteller hat diese Seriennummer zurückgezogen.');
    await expect(page.getByTestId('serial-verified')).toHaveCount(0);
    await expectAccessible(page, 'landing-withdrawn');
    await page.setViewportSize({ width: 390, height: 844 });
    await snap(page, 'landing-withdrawn-phone');
    for (const serial of [serials[0], serials[2]]) {
      await page.goto(`/landing/${data.machine_id}/${serial}`);
      await expect(
        page.getByText('Dieses Gerät hat die Endprüfung nicht bestanden.', { exact: false }),
      ).toBeVisible();
      await expect(page.getByTestId('serial-verified')).toHaveCount(0);
    }
  });

  test('a change made meanwhile elsewhere is refused with a reload, never lost', async ({ page }) => {
    const token = await signIn(page);
    const { data } = await issueThree(page);
    await page.goto(`/certificates/${data.id}`);
    const detail = page.getByTestId('certificate-detail');
    await detail.getByRole('button', { name: 'KORRIGIEREN' }).click();
    const revise = detail.getByRole('form', { name: 'Prüfbericht korrigieren' });
    await revise.getByLabel('GEPRÜFT VON').fill('Hier Korrigiert');
    await revise.getByLabel('GRUND DER KORREKTUR').fill('Tippfehler');

    // A colleague corrects the same certificate first.
    const current = (await (
      await page.request.get(apiUrl(apiPaths.certificate(data.id)), { headers: { Authorization: token } })
    ).json()) as PrintData & Record<string, unknown>;
    const colleague = await page.request.post(apiUrl(apiPaths.certificateRevisions(data.id)), {
      headers: { Authorization: token },
      data: {
        ...Object.fromEntries(
          [
            ...CHECK_FIELDS,
            'resistance_to_voltage',
            'observation',
            'origin_germany',
            'electronic_circuit_board',
          ].map((field) => [field, current[field]]),
        ),
        version: current.version,
        reason: 'Kollegin war schneller',
        checked_by: 'Dort Korrigiert',
      },
    });
    expect(colleague.status()).toBe(200);

    await revise.getByRole('button', { name: 'KORREKTUR SPEICHERN' }).click();
    const refused = revise
      .getByRole('alert')
      .filter({ hasText: 'Der Prüfbericht wurde inzwischen geändert.' });
    await expect(refused).toBeVisible();
    await expectAccessible(page, 'certificate-revise-stale');
    await refused.getByRole('button', { name: 'NEU LADEN' }).click();
    // Reloaded: the colleague's revision shows, and the form starts over from it.
    await expect(
      detail.getByRole('region', { name: 'Revisionen' }).getByRole('listitem').first(),
    ).toContainText('Kollegin war schneller');
    await expect(
      detail.getByRole('form', { name: 'Prüfbericht korrigieren' }).getByLabel('GEPRÜFT VON'),
    ).toHaveValue('Dort Korrigiert');
  });
});
