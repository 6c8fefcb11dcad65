import {
  apiPaths,
  CERTIFICATE_DEFAULTS,
  DEFAULT_PLAN_STEPS,
  formatDate,
  type CertificateDocumentList,
  type Instrument,
  type PrintData,
} from 'contracts';
import { expectAccessible } from '../support/a11y';
import { apiUrl, expect, signIn, test } from '../support/fixtures';
import { dayFromNow, measuredInsulationWithInstrument } from '../support/instrument-data';
import { createLandingMachine, signInToken, type LandingMachine } from './landing-data';

/**
 * The auditor's unit page (mfe-certificates/src/features/unit-view): each value with its instrument and the plan
 * version it was tested against, the certificate's sealed documents to download, people by name, and an
 * instrument found out of tolerance in the trail of the unit it measured.
 */

const plan = [
  DEFAULT_PLAN_STEPS.find((step) => step.key === 'guide')!,
  DEFAULT_PLAN_STEPS.find((step) => step.key === 'resistance_to_voltage')!,
  measuredInsulationWithInstrument,
];
/** A passing answer to each step made once for the whole certificate. */
const passed = Object.fromEntries(
  plan
    .filter((step) => !step.per_unit)
    .map((step) => [step.key, step.kind === 'choice' ? step.passing[0] : 'pass']),
);

/** Inventory numbers and e-mails are unique: each run has its own. */
const run = Date.now().toString(36).toUpperCase();
const inspector = { email: `anna.${run.toLowerCase()}@example.com`, name: 'Anna Prüferin' };

let machine: LandingMachine;
let instrument: Instrument;
let certificate: PrintData;

async function api<T>(baseURL: string, token: string, method: string, path: string, body?: unknown) {
  const response = await fetch(`${baseURL}${apiUrl(path)}`, {
    method,
    headers: { 'Content-Type': 'application/json', ...(token ? { Authorization: token } : {}) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await response.text();
  expect(response.status, `${method} ${path}: ${text}`).toBeLessThan(300);
  return (text ? JSON.parse(text) : null) as T;
}

/** Anna, an inspector with a name, signed in with the password she chose after the first sign-in. */
async function inspectorToken(baseURL: string, admin: string) {
  const first = 'Erstes-Passwort-1';
  const own = 'Eigenes-Passwort-2';
  await api(baseURL, admin, 'POST', apiPaths.accounts(), {
    ...inspector,
    password: first,
    roles: ['pruefer'],
  });
  const login = async (password: string) =>
    (
      await api<{ token: string }>(baseURL, '', 'POST', apiPaths.login(), {
        username: inspector.email,
        password,
      })
    ).token;
  await api(baseURL, await login(first), 'POST', apiPaths.mePassword(), {
    current_password: first,
    new_password: own,
  });
  return login(own);
}

test.beforeAll(async ({ baseURL }) => {
  test.setTimeout(90_000);
  const admin = await signInToken(baseURL!);
  machine = await createLandingMachine(baseURL!, admin, `Nachweis ${run}`);
  await api(baseURL!, admin, 'PUT', apiPaths.machineTestPlan(machine.machineId), {
    steps: plan,
    based_on: 0,
  });
  instrument = await api<Instrument>(baseURL!, admin, 'POST', apiPaths.instruments(), {
    inventory_number: `PM-${run}`,
    name: 'Isolationsmessgerät Halle 3',
    maker: 'Fluke',
    model: '1587 FC',
    serial_number: `SN-${run}`,
    kind: 'insulation_tester',
    interval_months: 12,
    last_calibrated: dayFromNow(-100),
    due: dayFromNow(265),
    status: 'in_use',
  });
  [certificate] = await api<PrintData[]>(
    baseURL!,
    await inspectorToken(baseURL!, admin),
    'POST',
    apiPaths.certificateCreate(),
    {
      ...CERTIFICATE_DEFAULTS,
      brand_id: (await api<{ brand_id: number }>(baseURL!, admin, 'GET', apiPaths.machine(machine.machineId)))
        .brand_id,
      machine_id: machine.machineId,
      checked_by: inspector.name,
      crowd: 1,
      results: {
        certificate: passed,
        units: [{ insulation_resistance: '250' }],
        instruments: { insulation_resistance: instrument.id },
      },
    },
  );
  // The worker seals the issued certificate in the background.
  await expect
    .poll(
      async () =>
        (
          await api<CertificateDocumentList>(
            baseURL!,
            admin,
            'GET',
            apiPaths.certificateDocuments(certificate.id),
          )
        ).documents.length,
      { timeout: 60_000 },
    )
    .toBeGreaterThan(0);
  await api(baseURL!, admin, 'POST', apiPaths.instrumentCalibrations(instrument.id), {
    calibrated_on: dayFromNow(0),
    result: 'out_of_tolerance',
    suspect_since: dayFromNow(-30),
  });
});

test('an auditor reads the whole trail of a unit: instrument and plan version per value, sealed documents, names', async ({
  page,
}) => {
  // Two screen sizes, each with its accessibility check, on a busy machine.
  test.setTimeout(120_000);
  const serial = certificate.serials[0];
  await page.setViewportSize({ width: 1366, height: 768 });
  await signIn(page, `/units/${serial}`);
  await expect(page.getByRole('heading', { name: `Einheit ${serial}` })).toBeVisible();

  const results = page.getByRole('table', { name: 'Prüfergebnisse' });
  await expect(results.getByRole('row', { name: /Isolationswiderstand/ })).toContainText(
    `Prüfmittel PM-${run} Isolationsmessgerät Halle 3, Kalibrierung fällig am ${formatDate(instrument.due)}`,
  );
  const planLink = page.getByRole('link', { name: 'Version 1', exact: true });
  await expect(planLink).toHaveAttribute('href', `/machines/${machine.machineId}/test-plan?version=1`);

  const documents = page.getByRole('region', { name: 'Gesiegelte Dokumente' });
  await expect(documents.getByRole('row').nth(1)).toContainText('AusgestelltGanzer Prüfbericht1');
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    documents.getByRole('button', { name: /^Herunterladen: Dokument 1, Ausgestellt/ }).click(),
  ]);
  expect(download.suggestedFilename()).toBe(`Pruefbericht-${certificate.id}-Revision-1-Dokument-1.pdf`);

  const history = page.getByRole('region', { name: 'Verlauf' });
  const issued = history.getByRole('listitem').filter({ hasText: 'Ausgestellt' });
  await expect(issued).toContainText(inspector.name);
  await expect(history).not.toContainText(inspector.email);
  const calibrated = history.getByRole('listitem').filter({ hasText: 'Prüfmittel kalibriert' });
  await expect(calibrated).toContainText(`Prüfmittel PM-${run} Isolationsmessgerät Halle 3`);
  await expect(calibrated).toContainText('außer Toleranz');

  await expectAccessible(page, 'unit-trail-1366x768');
  await page.setViewportSize({ width: 1024, height: 768 });
  await expect(documents.getByRole('row').nth(1)).toBeVisible();
  await expectAccessible(page, 'unit-trail-1024x768');

  // The link opens the machines app's test plan page of that version.
  await planLink.click();
  await expect(page).toHaveURL(new RegExp(`/machines/${machine.machineId}/test-plan\\?version=1$`));
});
