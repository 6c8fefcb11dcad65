import assert from 'node:assert/strict';
import fs from 'node:fs';
import { after, before, describe, test } from 'node:test';
import { parse } from 'csv-parse/sync';
import ExcelJS from 'exceljs';
import {
  CERTIFICATE_DEFAULTS,
  CERTIFICATE_STATUS_LABELS,
  DEFAULT_PLAN_STEPS,
  FAIL,
  IMPACT_CLOSINGS,
  PASS,
  STAFF_LANGUAGES,
  STAFF_LOCALES,
  UNIT_RELEASE_LABELS,
  apiPaths,
  fromWire,
  type Certificate,
  type ImpactEntry,
  type StaffLanguage,
} from 'contracts';
import { exportWords } from '../../export-words';
import { inLanguageContext } from '../../language';
import {
  apiUrl,
  auth,
  createTestApp,
  exportedFile,
  kinds,
  seedMachine,
  type TestApp,
} from '../../test/harness';
import { impactExport } from '../instruments/impact-export';

/**
 * Issue 42: an export is written in the language of the account that asked for it, the headers, the sheet and
 * the labels in its cells; German as it always was (certificates-export.test.ts, audit-reading.test.ts).
 */
const csvRows = (payload: Buffer): string[][] =>
  parse(payload.toString('utf8'), { bom: true, delimiter: ';' });

test('every English and Polish export word is there, as plain text', () => {
  const german = inLanguageContext({ language: 'de' }, exportWords);
  for (const language of STAFF_LANGUAGES.filter((l) => l !== 'de')) {
    const words = inLanguageContext({ language }, exportWords);
    const texts = [
      ...Object.values(words.sheets),
      words.yes,
      words.no,
      words.nobody,
      words.open,
      ...Object.values(words.headers),
      ...Object.values(words.entries),
      ...Object.values(words.status),
      ...Object.values(words.release),
      ...Object.values(words.earlierAttempt),
      ...Object.values(words.actions),
      ...Object.values(words.subjects),
      ...Object.values(words.closings),
    ];
    for (const text of texts) {
      // A key renamed in a catalog would leave undefined; an ICU message would leave its braces.
      assert.ok(typeof text === 'string' && text.trim() && !/[{}]/.test(text), `${language}: „${text}“`);
    }
    assert.deepEqual(Object.keys(words.headers), Object.keys(german.headers));
    assert.deepEqual(Object.keys(words.subjects), Object.keys(german.subjects));
    assert.notEqual(words.headers.issuedAt, german.headers.issuedAt);
  }
});

/** A catalog of a staff app, read as a file: the API may not import an app (eslint.config.mjs). */
const catalog = (folder: string, language: StaffLanguage): Record<string, string> =>
  JSON.parse(fs.readFileSync(new URL(`../../../../${folder}/${language}.json`, import.meta.url), 'utf8'));

test('an export labels what the staff screens show as they do, in English and Polish', () => {
  for (const language of STAFF_LANGUAGES.filter((l) => l !== 'de')) {
    const words = inLanguageContext({ language }, exportWords);
    const certificates = catalog('mfe-certificates/src/locales', language);
    const machines = catalog('mfe-machines/src/locales', language);
    const screen = {
      status: Object.keys(CERTIFICATE_STATUS_LABELS).map((status) => certificates[`status.${status}`]),
      release: Object.keys(UNIT_RELEASE_LABELS).map((release) => certificates[`unitRelease.${release}`]),
      entries: [certificates['entry.pass'], certificates['entry.fail']],
      steps: DEFAULT_PLAN_STEPS.map((step) => certificates[`step.${step.key}`]),
      closings: IMPACT_CLOSINGS.map((closing) => machines[`impactClosing.${closing}`]),
      open: machines['instruments.impacts.open'].toLocaleLowerCase(STAFF_LOCALES[language]),
    };
    assert.deepEqual(
      {
        status: Object.keys(CERTIFICATE_STATUS_LABELS).map((status) => words.status[status as never]),
        release: Object.keys(UNIT_RELEASE_LABELS).map((release) => words.release[release as never]),
        entries: [words.entries[PASS], words.entries[FAIL]],
        steps: DEFAULT_PLAN_STEPS.map(words.stepTitle),
        closings: IMPACT_CLOSINGS.map((closing) => words.closings[closing]),
        open: words.open,
      },
      screen,
      language,
    );
  }
});

/** The impact export of one closed and one open entry, written in `language`, as CSV rows. */
async function impactRows(language: StaffLanguage) {
  const closed: ImpactEntry = {
    id: 1,
    instrument_id: 1,
    inventory_number: 'PM-7',
    suspect_since: '2026-03-01',
    certificate_id: 12,
    tested_at: '2026-03-02T09:30:00Z',
    serials: ['A1', 'A2'],
    values: [],
    closed_as: 'no_effect',
    note: 'Grenzwert weit entfernt',
    closed_by_name: 'Q. Stelle',
    closed_at: '2026-03-05T15:00:00Z',
  };
  const open: ImpactEntry = {
    ...closed,
    id: 2,
    certificate_id: 13,
    serials: ['B1'],
    closed_as: null,
    note: null,
    closed_by_name: null,
    closed_at: null,
  };
  const write = impactExport(async () => ({ data: [closed, open] }), {
    record: async () => undefined,
  });
  const file = await inLanguageContext({ language }, () => write({ format: 'csv' } as never, 1));
  const chunks: Buffer[] = [];
  for await (const chunk of file.body) chunks.push(chunk as Buffer);
  return csvRows(Buffer.concat(chunks));
}

test('the impacts of a test instrument in Polish; German as before', async () => {
  const [header, closed, open] = await impactRows('pl');
  assert.deepEqual(header, [
    'Przyrząd pomiarowy',
    'Wątpliwy od',
    'Nr protokołu badania',
    'Data badania',
    'Numery seryjne',
    'Zamknięto jako',
    'Uwagi',
    'Zamknął',
    'Data zamknięcia',
  ]);
  assert.deepEqual(closed, [
    'PM-7',
    '01.03.2026',
    '12',
    '02.03.2026 10:30',
    'A1, A2',
    'Bez wpływu',
    'Grenzwert weit entfernt',
    'Q. Stelle',
    '05.03.2026 16:00',
  ]);
  assert.equal(open[5], 'otwarta');
  const [germanHeader, germanClosed, germanOpen] = await impactRows('de');
  assert.deepEqual(
    [germanHeader[0], germanHeader[5], germanClosed[1], germanClosed[3], germanClosed[5], germanOpen[5]],
    ['Prüfmittel', 'Abgeschlossen als', '01.03.2026', '02.03.2026 10:30', 'Ohne Auswirkung', 'offen'],
  );
});

for (const kind of kinds) {
  describe(`exports in the asking account's language on ${kind}`, () => {
    let t: TestApp;
    let certificate: Certificate;
    before(async () => {
      t = await createTestApp(kind);
      const { brand, machine } = await seedMachine(t.repositories, {
        brand: 'Ölmühle',
        name: 'Bohrer',
        prefix: 'LG',
      });
      certificate = await t.services.certificates.issue(
        {
          ...fromWire({ ...CERTIFICATE_DEFAULTS }),
          brand_id: brand.id,
          machine_id: machine.id,
          checked_by: 'Jan Kowalski',
          quantity: 2,
        } as never,
        t.accountId,
        { now: new Date('2026-01-10T10:00:00Z') },
      );
    });
    after(() => t.close());

    const speak = async (language: StaffLanguage) => {
      const response = await t.app.inject({
        method: 'PUT',
        url: apiUrl('/me/language'),
        headers: auth(t.token),
        payload: { language },
      });
      assert.equal(response.statusCode, 204, response.body);
    };

    test('an English account: the certificates with English headers, statuses and times', async () => {
      await speak('en');
      const response = await exportedFile(t, { format: 'csv' });
      assert.equal(response.statusCode, 200, response.body);
      const rows = csvRows(response.rawPayload);
      assert.deepEqual(rows[0], [
        'Issued on',
        'Brand',
        'Article number',
        'First serial number',
        'Last serial number',
        'Quantity',
        'Checked by',
        'Revision',
        'Status',
        'Voided units',
        'Certificate no.',
        'Reason for voiding',
      ]);
      assert.deepEqual(rows[1], [
        '10/01/2026 11:00',
        'Ölmühle',
        'Bohrer',
        certificate.first_serial,
        certificate.last_serial,
        '2',
        'Jan Kowalski',
        '1',
        'Issued',
        '0',
        String(certificate.id),
        '',
      ]);
    });

    test('an English account: the units as a workbook, sheet, release, steps and values in English', async () => {
      await speak('en');
      const response = await exportedFile(t, { format: 'xlsx', rows: 'units' });
      assert.equal(response.statusCode, 200, response.body);
      const workbook = new ExcelJS.Workbook();
      await workbook.xlsx.load(response.rawPayload as never);
      const sheet = workbook.worksheets[0];
      assert.equal(sheet.name, 'Certificates');
      const header = (sheet.getRow(1).values as unknown[]).slice(1);
      const row = (sheet.getRow(2).values as unknown[]).slice(1);
      assert.deepEqual(header.slice(0, 3), ['Serial number', 'Unit', 'Unit voided']);
      assert.deepEqual(header.slice(14, 16), ['Test result', 'Perpendicularity']);
      assert.deepEqual(
        [row[0], row[2], row[14], row[15]],
        [certificate.first_serial, 'no', 'Released', 'Passed'],
      );
    });

    test('the language the account had when it asked, not the one it has when the worker writes', async () => {
      await speak('en');
      const asked = await t.app.inject({
        method: 'POST',
        url: apiUrl(apiPaths.certificatesExports()),
        query: { format: 'csv' },
        headers: auth(t.token),
      });
      assert.equal(asked.statusCode, 202, asked.body);
      await speak('pl');
      await t.runJobs();
      const file = await t.app.inject({
        url: apiUrl(apiPaths.certificatesExportFile(asked.json().id)),
        headers: auth(t.token),
      });
      assert.equal(file.statusCode, 200, file.body);
      const rows = csvRows(file.rawPayload);
      assert.equal(rows[0][0], 'Issued on');
      assert.equal(rows[1][8], 'Issued');
    });

    test('a Polish account: the audit log with Polish headers, actions, subjects and details', async () => {
      await speak('pl');
      const response = await t.app.inject({
        url: apiUrl(apiPaths.auditExport()),
        query: { format: 'csv', certificate_id: String(certificate.id) },
        headers: auth(t.token),
      });
      assert.equal(response.statusCode, 200, response.body);
      const rows = csvRows(response.rawPayload);
      assert.deepEqual(rows[0], ['Czas', 'Konto', 'Czynność', 'Obiekt', 'Szczegóły']);
      const issued = rows.find((row) => row[3] === `Protokół badania ${certificate.id}`);
      assert.ok(issued, JSON.stringify(rows));
      assert.match(issued[0], /^\d{2}\.\d{2}\.\d{4} \d{2}:\d{2}$/);
      assert.equal(issued[2], 'Wystawiono');
      assert.match(issued[4], /^Maszyna nr: \d+ · Ilość: 2 · /);
    });

    test('a Polish account: the audit log as a workbook names its sheet for what it holds', async () => {
      await speak('pl');
      const response = await t.app.inject({
        url: apiUrl(apiPaths.auditExport()),
        query: { format: 'xlsx', certificate_id: String(certificate.id) },
        headers: auth(t.token),
      });
      assert.equal(response.statusCode, 200, response.body);
      const workbook = new ExcelJS.Workbook();
      await workbook.xlsx.load(response.rawPayload as never);
      assert.equal(workbook.worksheets[0].name, 'Dziennik zdarzeń');
      assert.equal(workbook.worksheets[0].getRow(1).getCell(3).value, 'Czynność');
    });

    test('a German account: the certificates as they always were', async () => {
      await speak('de');
      const rows = csvRows((await exportedFile(t, { format: 'csv' })).rawPayload);
      assert.deepEqual(
        [rows[0][0], rows[0][9], rows[1][0], rows[1][8]],
        ['Ausgestellt am', 'Stornierte Einheiten', '10.01.2026 11:00', 'Ausgestellt'],
      );
    });
  });
}
