import fs from 'node:fs';
import { parse } from 'csv-parse/sync';
import ExcelJS from 'exceljs';
import {
  apiPaths,
  CERTIFICATE_DEFAULTS,
  berlinIsoDate,
  berlinMonth,
  type CertificateList,
  type CertificateListItem,
  type Machine,
  type PrintData,
} from 'contracts';
import type { APIRequestContext, Page } from '@playwright/test';
import { expectAccessible } from '../support/a11y';
import { apiUrl, expect, signIn, snap, test } from '../support/fixtures';

/**
 * The list's filter and export and the reports view, in Chromium against the real server: data is made
 * through the API, files are read back with exceljs and csv-parse, and the charts' tables are compared with
 * what the API's list says the database holds.
 */
const run = Date.now().toString(36).slice(-5);
const BRAND = `Ölwerk Süd ${run}`;
const OTHER = `Zähler ${run}`;
const CHECKER = 'Jürgen Groß';
const today = berlinIsoDate(new Date());
const thisMonth = berlinMonth(new Date());

interface Made {
  brandId: number;
  machineName: string;
  issued: PrintData[];
}
let made: Made;
let token: string;

/** A call of `path`, built by contracts' apiPaths. */
async function api<T>(request: APIRequestContext, method: 'get' | 'post', path: string, data?: unknown) {
  const response = await request[method](apiUrl(path), { headers: { authorization: token }, data });
  expect(response.ok(), `${method} ${path}: ${await response.text()}`).toBe(true);
  return (await response.json()) as T;
}

/** Every certificate the list has for `query`, page by page. */
async function allCertificates(request: APIRequestContext, query: string) {
  const rows: CertificateListItem[] = [];
  for (let page = 1; ; page++) {
    const answer = await api<CertificateList>(
      request,
      'get',
      `${apiPaths.certificates()}?${query}&per_page=100&page=${page}`,
    );
    rows.push(...answer.data);
    if (rows.length >= answer.total || answer.data.length === 0) return rows;
  }
}

test.beforeAll(async ({ playwright, baseURL }) => {
  const request = await playwright.request.newContext({ baseURL });
  const login = await request.post(apiUrl(apiPaths.login()), {
    data: { username: 'e2e@example.com', password: 'e2e-Passwort-123' },
  });
  token = ((await login.json()) as { token: string }).token;
  const machineOf = async (brand: string, name: string, prefix: string) => {
    const { id: brandId } = await api<{ id: number }>(request, 'post', apiPaths.brandCreate(), {
      name: brand,
    });
    const machine = await api<{ id: number }>(request, 'post', apiPaths.machineCreate(), {
      brand_id: brandId,
      name,
      serial_prefix: prefix,
      electronic_circuit_board: 0,
    });
    return { brandId, machineId: machine.id };
  };
  const a = await machineOf(BRAND, `Bohrständer „Groß“ ${run}`, `RA${run}`.toUpperCase());
  const b = await machineOf(OTHER, `Kernbohrer ${run}`, `RB${run}`.toUpperCase());
  const issue = async (m: { brandId: number; machineId: number }, crowd: number, checker = CHECKER) =>
    (
      await api<PrintData[]>(request, 'post', apiPaths.certificateCreate(), {
        ...CERTIFICATE_DEFAULTS,
        brand_id: m.brandId,
        machine_id: m.machineId,
        checked_by: checker,
        crowd,
      })
    )[0];
  const issued = [await issue(a, 3), await issue(a, 2, 'Anna Ängström')];
  await issue(b, 4);
  made = { brandId: a.brandId, machineName: `Bohrständer „Groß“ ${run}`, issued };
  await request.dispose();
});

/**
 * Asks for an export from the list, waits for the server's worker to prepare it (HERUNTERLADEN), downloads it,
 * and returns the file's bytes and name.
 */
async function download(page: Page, format: string, rows: string) {
  await page.getByLabel('FORMAT').selectOption({ label: format });
  await page.getByLabel('EINE ZEILE JE').selectOption({ label: rows });
  await page.getByRole('button', { name: 'EXPORTIEREN' }).click();
  await expect(page.getByText(/^Export bereit: pruefberichte-/)).toBeVisible({ timeout: 20_000 });
  const [file] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: 'HERUNTERLADEN' }).click(),
  ]);
  await expect(page.getByText(`Export gespeichert: ${file.suggestedFilename()}`)).toBeVisible();
  return { bytes: fs.readFileSync((await file.path())!), name: file.suggestedFilename() };
}

test('Daten: filter by date and brand in the URL, export XLSX per serial and CSV per certificate', async ({
  page,
}) => {
  await signIn(page, '/?tab=certificate_list');
  const list = page.getByTestId('certificate-list');
  // Both at once: the second change comes inside the first one's URL update and must keep it.
  await list.getByLabel('VON', { exact: true }).fill(today);
  await list.getByLabel('BIS', { exact: true }).fill(today);
  await expect(page).toHaveURL(new RegExp(`from=${today}`));
  await expect(page).toHaveURL(new RegExp(`to=${today}`));
  await list.getByLabel('MARKE').selectOption({ label: BRAND });
  await expect(page).toHaveURL(new RegExp(`from=${today}.*to=${today}.*brand_id=${made.brandId}`));
  await expect(list.getByRole('row')).toHaveCount(1 + 2);
  await expect(list.getByText(/^2 Prüfberichte mit \d+ Einheiten im Filter$/)).toBeVisible();
  await snap(page, 'reports-list-filtered');

  // The URL alone brings the same list back (a bookmark, a shared link).
  await page.reload();
  await expect(list.getByRole('row')).toHaveCount(1 + 2);
  await expect(list.getByLabel('MARKE')).toHaveValue(String(made.brandId));

  const xlsx = await download(page, 'Excel (XLSX)', 'Seriennummer');
  expect(xlsx.name).toMatch(/^pruefberichte-seriennummern-\d{4}-\d{2}-\d{2}\.xlsx$/);
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(xlsx.bytes as never);
  const sheet = workbook.worksheets[0];
  const header = (sheet.getRow(1).values as unknown[]).slice(1);
  expect(header.slice(0, 4)).toEqual(['Seriennummer', 'Einheit', 'Einheit storniert', 'Ausgestellt am']);
  const rows = [...Array(sheet.rowCount - 1).keys()].map((i) =>
    (sheet.getRow(i + 2).values as unknown[]).slice(1),
  );
  // Newest first, every unit serial of both certificates.
  const serials = [made.issued[1], made.issued[0]].flatMap((c) =>
    Array.from(
      { length: c.crowd },
      (_, k) => `${c.serialNoPart1}${String(c.recordsCount + k).padStart(3, '0')}`,
    ),
  );
  expect(rows.map((row) => row[0])).toEqual(serials);
  for (const row of rows) {
    expect(row[4]).toBe(BRAND);
    expect(row[5]).toBe(made.machineName);
    // A real date in the cell, the Berlin day of issue.
    expect(row[3]).toBeInstanceOf(Date);
    expect((row[3] as Date).toISOString().slice(0, 10)).toBe(today);
  }
  expect(rows.map((row) => row[9])).toEqual([...Array(2).fill('Anna Ängström'), ...Array(3).fill(CHECKER)]);
  expect(sheet.views[0]).toMatchObject({ state: 'frozen', ySplit: 1 });

  const csv = await download(page, 'CSV (Semikolon, UTF-8)', 'Prüfbericht');
  expect([...csv.bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
  const records: string[][] = parse(csv.bytes.toString('utf8'), { bom: true, delimiter: ';' });
  const [day, month, year] = [today.slice(8), today.slice(5, 7), today.slice(0, 4)];
  expect(records.slice(1).map((r) => [r[0].slice(0, 10), r[1], r[2], r[3], r[5], r[6]])).toEqual(
    [made.issued[1], made.issued[0]].map((c) => [
      `${day}.${month}.${year}`,
      BRAND,
      made.machineName,
      c.serial_no,
      String(c.crowd),
      c.checked_by,
    ]),
  );

  // A range the wrong way round is named at the field and not asked for.
  await list.getByLabel('VON', { exact: true }).fill('2030-01-02');
  await list.getByLabel('BIS', { exact: true }).fill('2030-01-01');
  await expect(list.getByText('Das Bis-Datum liegt vor dem Von-Datum.')).toBeVisible();
  // A filter matching nothing says so and offers no empty file.
  await list.getByLabel('BIS', { exact: true }).fill('2030-01-03');
  await expect(list.getByText('Kein Prüfbericht passt zu diesem Filter.')).toBeVisible();
  await expect(list.getByRole('button', { name: 'EXPORTIEREN' })).toBeDisabled();
  await snap(page, 'reports-list-nothing');
});

/** The rows of a figure's table, by its first cell, after opening it. */
async function figureTable(page: Page, title: string) {
  const figure = page.getByRole('figure', { name: title });
  await figure.getByText('Zahlen als Tabelle').click();
  const table = figure.getByRole('table');
  await expect(table).toBeVisible();
  const header = await table.locator('thead th').allInnerTexts();
  const body = await table
    .locator('tbody tr')
    .evaluateAll((rows) =>
      rows.map((row) => [...row.querySelectorAll('th, td')].map((cell) => (cell as HTMLElement).innerText)),
    );
  return { header, rows: new Map(body.map((cells) => [cells[0], cells])) };
}

const asNumber = (text: string) => Number(text.replace(/\./g, ''));

test('Auswertung: the charts draw, and their tables match the database', async ({ page, request }) => {
  await signIn(page, '/?tab=reports');
  const reports = page.getByTestId('reports');
  // The four production charts (the test record's come after them).
  await expect(reports.getByRole('figure').nth(3)).toBeVisible();
  await expect(reports.locator('canvas').nth(3)).toBeVisible();
  await snap(page, 'reports-charts');

  // Units this month per brand, as the list counts them.
  const monthLabel = new Intl.DateTimeFormat('de-DE', {
    month: 'short',
    year: 'numeric',
    timeZone: 'UTC',
  }).format(new Date(`${thisMonth}-01T00:00:00Z`));
  const byBrand = await figureTable(page, 'Einheiten je Monat nach Marke (letzte 12 Monate)');
  const row = byBrand.rows.get(monthLabel)!;
  const brands = await api<{ data: { id: number; name: string }[] }>(request, 'get', apiPaths.brands());
  const from = `${thisMonth}-01`;
  let total = 0;
  for (const [column, name] of byBrand.header.entries()) {
    const brand = brands.data.find((b) => b.name === name);
    if (!brand) continue;
    const units = (await allCertificates(request, `brand_id=${brand.id}&from=${from}`)).reduce(
      (s, c) => s + c.crowd,
      0,
    );
    expect(asNumber(row[column]), name).toBe(units);
    total += units;
  }
  expect(asNumber(row.at(-1)!)).toBe(total);
  expect(asNumber(row[byBrand.header.indexOf(BRAND)])).toBe(5);

  const byChecker = await figureTable(page, 'Einheiten je Prüfer und Monat (letzte 12 Monate)');
  const checkers = byChecker.rows.get(monthLabel)!;
  const thisMonths = await allCertificates(request, `from=${from}`);
  for (const [column, name] of byChecker.header.entries()) {
    if (column === 0 || column === byChecker.header.length - 1) continue;
    const units = thisMonths
      .filter((c) => c.checked_by.toLowerCase() === name.toLowerCase())
      .reduce((s, c) => s + c.crowd, 0);
    expect(asNumber(checkers[column]), name).toBe(units);
  }

  const top = await figureTable(page, 'Maschinen mit den meisten Einheiten');
  const year = thisMonth.slice(0, 4);
  // The year's whole list, not a search by name: other suites leave article numbers longer than a search takes.
  const thisYears = await allCertificates(request, `from=${year}-01-01`);
  // The table names each machine as it is now, a certificate as it was when issued: other suites rename
  // machines after issuing, so rows are matched by the machine's id and its current name and brand.
  const machineIds = [...new Set(thisYears.map((c) => c.machine_id))];
  const current = await Promise.all(
    machineIds.map((id) => api<Machine>(request, 'get', apiPaths.machine(id))),
  );
  const brandName = (id: number) => brands.data.find((b) => b.id === id)?.name;
  for (const [name, cells] of top.rows) {
    const ids = current.filter((m) => m.name === name && brandName(m.brand_id) === cells[1]).map((m) => m.id);
    expect(ids, name).toHaveLength(1);
    const certificates = thisYears.filter((c) => c.machine_id === ids[0]);
    expect(asNumber(cells[2]), name).toBe(certificates.reduce((s, c) => s + c.crowd, 0));
  }
  expect(top.rows.size).toBeGreaterThan(0);

  const voided = await figureTable(page, 'Anteil stornierter Einheiten je Monat (letzte 12 Monate)');
  const share = voided.rows.get(monthLabel)!;
  expect(asNumber(share[1])).toBe(total);
  await snap(page, 'reports-tables');
});

test('Auswertung: a chosen period, German numbers, and a brand’s month leads to its list (issue 31)', async ({
  page,
}) => {
  await signIn(page, '/?tab=reports');
  await page.getByLabel('ZEITRAUM DER MONATE').selectOption({ label: 'letzte 24 Monate' });
  const byBrand = page.getByRole('figure', { name: 'Einheiten je Monat nach Marke (letzte 24 Monate)' });
  await expect(byBrand).toBeVisible();
  await expect(
    byBrand.getByText('Ein Klick auf einen Balken öffnet die Liste dieser Marke in diesem Monat.'),
  ).toBeVisible();
  const voided = page.getByRole('figure', {
    name: 'Anteil stornierter Einheiten je Monat (letzte 24 Monate)',
  });
  await voided.getByText('Zahlen als Tabelle').click();
  await expect(voided.getByRole('table')).not.toContainText(/\d\.\d+ %/);
  await byBrand.getByText('Zahlen als Tabelle').click();
  const cell = byBrand.getByRole('link', { name: new RegExp(`: Liste ${BRAND}, `) }).last();
  await cell.click();
  await expect(page).toHaveURL(
    new RegExp(`tab=certificate_list&from=${thisMonth}-01&to=${thisMonth}-\\d{2}&brand_id=\\d+`),
  );
  await expect(page.getByTestId('certificate-list')).toBeVisible();
  await expectAccessible(page, 'reports-brand-month-list');
});
