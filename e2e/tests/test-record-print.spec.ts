import fs from 'node:fs';
import path from 'node:path';
import { apiPaths, CERTIFICATE_DEFAULTS, staffUrls, type PlanStep, type PrintData } from 'contracts';
import type { Page } from '@playwright/test';
import { expectAccessible } from '../support/a11y';
import { pdfPageTexts, pdfShownBy, pdfToPngs } from '../support/pdf';
import { guideStep as guide, measuredInsulation } from '../support/plan-data';
import { apiUrl, expect, signIn, snap, test } from '../support/fixtures';
import { createLandingMachine, signInToken } from './landing-data';

const artifacts = path.join(import.meta.dirname, '..', 'artifacts');

const insulation: PlanStep = { ...measuredInsulation, parameters: '500 V DC, 60 s' };

/** A 3-unit certificate against that plan, issued through the API: unit 2 fails at 0,8 MΩ. */
let certificate: PrintData;

test.beforeAll(async ({ baseURL }) => {
  test.setTimeout(120_000);
  const token = await signInToken(baseURL!);
  const machine = await createLandingMachine(baseURL!, token, `Messwerte ${Date.now().toString(36)}`);
  const call = async (method: string, apiPath: string, body: unknown) => {
    const response = await fetch(`${baseURL}${apiUrl(apiPath)}`, {
      method,
      headers: { 'Content-Type': 'application/json', Authorization: token },
      body: JSON.stringify(body),
    });
    expect(response.status, `${method} ${apiPath}`).toBeLessThan(300);
    return response.json();
  };
  await call('PUT', apiPaths.machineTestPlan(machine.machineId), { steps: [guide, insulation], based_on: 0 });
  const brands = (await (
    await fetch(`${baseURL}${apiUrl(apiPaths.brands())}`, { headers: { Authorization: token } })
  ).json()) as { data: { id: number; name: string }[] };
  [certificate] = (await call('POST', apiPaths.certificateCreate(), {
    ...CERTIFICATE_DEFAULTS,
    brand_id: brands.data.find((brand) => brand.name === 'BDS Maschinen')!.id,
    machine_id: machine.machineId,
    checked_by: 'E2E',
    crowd: 3,
    results: {
      certificate: { guide: 'pass' },
      units: [
        { insulation_resistance: '2,5' },
        { insulation_resistance: '0,8' },
        { insulation_resistance: '12' },
      ],
    },
  })) as PrintData[];
  expect(certificate.verdict).toBe('failed');
  expect(certificate.failed_units).toBe(1);
});

/** Every page as a PNG for looking at (artifacts/test-record-print-N.png). */
function keepPngs(pdf: Buffer) {
  pdfToPngs(pdf, 110).forEach((png, i) =>
    fs.writeFileSync(path.join(artifacts, `test-record-print-${i + 1}.png`), png),
  );
}

async function stubPrint(page: Page) {
  await page.addInitScript(() => {
    window.print = () => undefined;
  });
}

test.describe('Prüfbericht mit Messwerten', () => {
  test('prints values, limits and verdicts per unit, NICHT BESTANDEN on the failed unit’s pages only', async ({
    page,
  }) => {
    test.setTimeout(90_000);
    await stubPrint(page);
    await page.setViewportSize({ width: 1366, height: 768 });
    const shown = pdfShownBy(page);
    await signIn(page, staffUrls.certificatePrint(certificate.id));
    const [first, second, third] = certificate.serials;
    await expect(page.getByRole('heading', { level: 1 })).toContainText(`${first} – ${third}`);
    await expect(page.getByRole('note').filter({ hasText: 'Nicht bestanden' })).toContainText(second);
    const pdf = await shown();
    await expectAccessible(page, 'test-record-print');
    await page.setViewportSize({ width: 768, height: 1024 });
    await snap(page, 'test-record-print-768');

    // The archived PDF is what prints: each copy on its own A4 page, numbered through the file, none running over.
    fs.writeFileSync(path.join(artifacts, 'test-record-print.pdf'), pdf);
    keepPngs(pdf);
    const pages = pdfPageTexts(pdf);
    expect(pages).toHaveLength(6);
    const failedWords = 'NICHT BESTANDEN / FAILED / NON CONFORME / NO CONFORME / NÃO CONFORME';
    // pdftotext reads the page block by block: each fact's title in six languages, then its value.
    pages.forEach((text, i) => {
      const serial = certificate.serials[Math.floor(i / 2)];
      expect(text).toContain(`Certificado n.º ${certificate.id} Seriennummer`);
      expect(text).toContain(`N.º de série ${serial} Datum`);
      expect(text).toMatch(/Plano de ensaio, versão 1 /);
      expect(text).toContain(`Seite ${i + 1} von 6 · Page ${i + 1} of 6`);
      expect(text).toContain(i % 2 ? 'Werksexemplar / Factory copy' : 'Kundenexemplar / Customer copy');
      expect(text).toContain('Führung/Funktion · Slide guide / function');
      expect(text).toContain('Isolationswiderstand · Insulation resistance');
      expect(text).toContain('IEC 60204-1, 18.3 500 V DC, 60 s');
      expect(text).toContain('≥ 1 MΩ');
      expect(text).toMatch(/e2e@example\.com, \d\d\.\d\d\.\d{4} \d\d:\d\d/);
      expect(text.includes('NICHT BESTANDEN')).toBe(serial === second);
      expect(text.includes('BESTANDEN / PASSED / CONFORME')).toBe(serial !== second);
      // Each unit's own value; the failed one's step judged in words, the others' passed.
      expect(text).toContain(['2,5 MΩ', '0,8 MΩ', '12 MΩ'][Math.floor(i / 2)]);
      expect(text.includes('nicht bestanden / failed /')).toBe(serial === second);
      expect(text).toContain('bestanden / passed / conforme');
      // Released by the passing test, no second person: a test report by EN 10204; a failed unit is none.
      expect(text.includes('Werkszeugnis 2.2 nach EN 10204')).toBe(serial !== second);
    });
    expect(pages[2]).toContain(failedWords);
    expect(pages[3]).toContain(failedWords);
  });

  test('refuses labels for the failed unit on the screen, prints the others', async ({ page }) => {
    await stubPrint(page);
    await page.setViewportSize({ width: 1366, height: 768 });
    await signIn(page, staffUrls.labels(certificate.id));
    const [first, second, third] = certificate.serials;
    const refused = page.getByRole('region', { name: 'Keine Etiketten für diese Seriennummern' });
    await expect(refused.getByRole('listitem')).toHaveText([`${second}: nicht bestanden`]);
    const preview = page.getByRole('region', { name: 'Vorschau' });
    await expect(preview.getByRole('article')).toHaveCount(2);
    await expect(preview.getByRole('article').first()).toHaveAttribute('aria-label', first);
    await expect(preview.getByRole('article').last()).toHaveAttribute('aria-label', third);
    // What the page reports as printed names only the released units; the API would refuse the failed one.
    const printed = page.waitForRequest((request) =>
      request.url().endsWith(apiUrl(apiPaths.certificatePrinted(certificate.id))),
    );
    await page.evaluate(() => window.dispatchEvent(new Event('beforeprint')));
    expect((await printed).postDataJSON()).toEqual({ kind: 'labels', serials: [first, third] });
    await expectAccessible(page, 'test-record-labels');
    await page.setViewportSize({ width: 768, height: 1024 });
    await snap(page, 'test-record-labels-768');
  });

  test('the list shows the verdict with the failed units and filters by it', async ({ page }) => {
    await page.setViewportSize({ width: 1366, height: 768 });
    const [first] = certificate.serials;
    await signIn(page, `${staffUrls.tab('certificate_list')}&search=${first}&verdict=failed`);
    const row = page.getByRole('row').filter({ hasText: first });
    await expect(row.getByText('Nicht bestanden (1 von 3)')).toBeVisible();
    await expect(page.getByLabel('PRÜFERGEBNIS')).toHaveValue('failed');
    await snap(page, 'test-record-list');
    await page.getByLabel('PRÜFERGEBNIS').selectOption({ label: 'Freigegeben' });
    await expect(page).toHaveURL(/verdict=released/);
    await expect(page.getByText('Kein Prüfbericht passt zu diesem Filter.')).toBeVisible();
    await expect(page.getByRole('row').filter({ hasText: first })).toHaveCount(0);
  });

  test('the reports chart the first-pass yield and the trend of the insulation resistance with its limit', async ({
    page,
  }) => {
    await page.setViewportSize({ width: 1366, height: 768 });
    await signIn(page, staffUrls.tab('reports'));
    const yieldFigure = page.getByRole('figure', { name: /^Erstausbeute je Maschine und Monat/ });
    await expect(yieldFigure.locator('canvas')).toBeVisible();
    const trend = page.getByRole('figure', { name: 'Verlauf eines Messwerts mit seinen Grenzwerten' });
    await trend.getByLabel('MASCHINE', { exact: true }).selectOption({ label: certificate.machine_type });
    await expect(trend.getByLabel('MESSWERT', { exact: true })).toHaveValue('insulation_resistance');
    await trend.getByText('Zahlen als Tabelle').click();
    const rows = trend.getByRole('row');
    await expect(rows.filter({ hasText: certificate.serials[1] })).toContainText('0,8 MΩ');
    await expect(rows.filter({ hasText: certificate.serials[1] })).toContainText('außerhalb');
    await expect(rows.filter({ hasText: certificate.serials[2] })).toContainText('innerhalb');
    await yieldFigure.getByText('Zahlen als Tabelle').click();
    // The machine's first certificate (landing-data.ts) passed its one unit; of these three, two passed.
    await expect(
      yieldFigure.getByRole('row').filter({ hasText: certificate.machine_type }).getByRole('cell'),
    ).toHaveText([certificate.machine_type, '4', '3', '75 %']);
    await trend.scrollIntoViewIfNeeded();
    await expectAccessible(page, 'test-record-reports');
    await page.setViewportSize({ width: 768, height: 1024 });
    await snap(page, 'test-record-reports-768');
  });
});
