import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { parse } from 'csv-parse/sync';
import ExcelJS from 'exceljs';
import { apiPaths, type PrintData, type StaffLanguage } from 'contracts';
import {
  TEST_COST,
  apiUrl,
  auth,
  certificateBody,
  createTestApp,
  exportedFile,
  kinds,
  seedMachine,
  type TestApp,
} from '../../test/harness';
import { MEASURED_PLAN, MEASURED_PLAN_PASSED, tester } from '../../test/measured-plan';

/**
 * Issue 43: the export by unit as an auditor reads it. Measured values are numbers (README: „numbers as
 * numbers“); each unit row names its plan version, attempt, tester, instruments, releaser, release time and a
 * concession's reason; a retested unit's earlier attempts have rows of their own. New columns come after the
 * step columns, so the columns before stay where earlier exports had them.
 */
const RELEASER = { email: 'qs@example.com', password: 'Freigabe-Passwort-1', name: 'Qualität Quentin' };
const REASON = 'Kunde akzeptiert 0,7 MΩ schriftlich';

/** The headers an export by unit had before issue 43, in German: they keep their places. */
const GERMAN_BEFORE = [
  'Seriennummer',
  'Einheit',
  'Einheit storniert',
  'Ausgestellt am',
  'Marke',
  'Artikelnummer',
  'Start-Seriennummer',
  'End-Seriennummer',
  'Menge',
  'Geprüft von',
  'Revision',
  'Status',
  'Prüfbericht Nr.',
  'Stornogrund',
  'Prüfergebnis',
];

/** The new headers, last, by language. */
const NEW_HEADERS: Record<StaffLanguage, string[]> = {
  de: [
    'Prüfplan, Version',
    'Versuch',
    'Geprüft am',
    'Eingetragen von',
    'Prüfmittel',
    'Freigegeben von',
    'Freigegeben am',
    'Grund der Sonderfreigabe',
  ],
  en: [
    'Test plan, version',
    'Attempt',
    'Tested on',
    'Entered by',
    'Test instrument',
    'Released by',
    'Released on',
    'Reason for concession',
  ],
  pl: [
    'Plan badań, wersja',
    'Próba',
    'Data badania',
    'Wprowadził',
    'Przyrząd pomiarowy',
    'Zwolnił',
    'Data zwolnienia',
    'Uzasadnienie zwolnienia warunkowego',
  ],
};

const INSULATION_HEADER: Record<StaffLanguage, string> = {
  de: 'Isolationswiderstand [MΩ]',
  en: 'Insulation resistance [MΩ]',
  pl: 'Rezystancja izolacji [MΩ]',
};

for (const kind of kinds) {
  describe(`the export by unit as an auditor reads it on ${kind}`, () => {
    let t: TestApp;
    let certificate: PrintData;
    let machineId: number;
    const call = (method: 'POST' | 'PUT', path: string, payload?: object, token = t.token) =>
      t.app.inject({ method, url: apiUrl(path), headers: auth(token), payload });
    const speak = async (language: StaffLanguage) =>
      assert.equal((await call('PUT', '/me/language', { language })).statusCode, 204);
    const exported = (format: 'csv' | 'xlsx') =>
      exportedFile(t, { format, rows: 'units', machine_id: machineId });

    before(async () => {
      t = await createTestApp(kind);
      const { brand, machine } = await seedMachine(t.repositories, { prefix: 'AU' });
      machineId = machine.id;
      const plan = await call('PUT', apiPaths.machineTestPlan(machine.id), {
        steps: MEASURED_PLAN,
        based_on: 0,
      });
      assert.equal(plan.statusCode, 200, plan.body);
      const registered = await call('POST', apiPaths.instruments(), tester('PM-7'));
      assert.equal(registered.statusCode, 201, registered.body);
      const instruments = { insulation_resistance: registered.json().id as number };
      // Unit 1 passes at 199,9 MΩ; unit 2 fails at 0,8 and passes its retest at 1,2; unit 3 fails at 0,7 and is
      // released by concession.
      const issued = await call('POST', apiPaths.certificateCreate(), {
        ...certificateBody(brand.id, machine.id, 3),
        results: {
          certificate: MEASURED_PLAN_PASSED,
          units: ['199,9', '0,8', '0,7'].map((value) => ({ insulation_resistance: value })),
          instruments,
        },
      });
      assert.equal(issued.statusCode, 200, issued.body);
      [certificate] = issued.json() as PrintData[];
      const retest = await call('POST', apiPaths.unitAttempts(certificate.serials[1]), {
        values: { ...MEASURED_PLAN_PASSED, insulation_resistance: '1,2' },
        failure_reason: 'ISO',
        instruments,
      });
      assert.equal(retest.statusCode, 200, retest.body);
      await t.repositories.users.add({ ...RELEASER, roles: ['freigabe'] }, TEST_COST);
      const releaser = await t.login(RELEASER.email, RELEASER.password);
      const concession = await call(
        'POST',
        apiPaths.certificateRelease(certificate.id),
        { serials: [certificate.serials[2]], deviation_reason: REASON },
        releaser,
      );
      assert.equal(concession.statusCode, 200, concession.body);
    });
    after(() => t.close());

    test('XLSX: measured values are numbers; each unit row says how it was tested and released', async () => {
      await speak('de');
      const response = await exported('xlsx');
      assert.equal(response.statusCode, 200, response.body);
      const workbook = new ExcelJS.Workbook();
      await workbook.xlsx.load(response.rawPayload as never);
      const sheet = workbook.worksheets[0];
      const header = (sheet.getRow(1).values as unknown[]).slice(1) as string[];
      assert.deepEqual(header.slice(0, GERMAN_BEFORE.length), GERMAN_BEFORE);
      assert.deepEqual(header.slice(-NEW_HEADERS.de.length), NEW_HEADERS.de);
      const rows = Array.from({ length: sheet.rowCount - 1 }, (_, k) => sheet.getRow(k + 2));
      const cell = (row: ExcelJS.Row, name: string) => row.getCell(header.indexOf(name) + 1);
      const facts = (row: ExcelJS.Row) =>
        [
          'Seriennummer',
          'Prüfergebnis',
          INSULATION_HEADER.de,
          'Prüfplan, Version',
          'Versuch',
          'Eingetragen von',
          'Prüfmittel',
          'Freigegeben von',
          'Grund der Sonderfreigabe',
        ].map((name) => cell(row, name).value);
      const [first, second, third] = certificate.serials;
      assert.deepEqual(rows.map(facts), [
        // An empty cell reads back as null.
        [first, 'Freigegeben', 199.9, 1, 1, 'staff@example.com', 'PM-7', 'staff@example.com', null],
        [second, 'Nicht bestanden (früherer Versuch)', 0.8, 1, 1, 'staff@example.com', 'PM-7', null, null],
        [second, 'Freigegeben', 1.2, 1, 2, 'staff@example.com', 'PM-7', 'staff@example.com', null],
        [third, 'Sonderfreigabe', 0.7, 1, 1, 'staff@example.com', 'PM-7', RELEASER.name, REASON],
      ]);
      const value = cell(rows[0], INSULATION_HEADER.de);
      assert.equal(value.type, ExcelJS.ValueType.Number);
      assert.equal(value.numFmt, '0.0');
      // Times are dates; a replaced attempt released nothing.
      assert.ok(cell(rows[0], 'Geprüft am').value instanceof Date);
      assert.ok(cell(rows[0], 'Freigegeben am').value instanceof Date);
      assert.equal(cell(rows[1], 'Freigegeben am').value, null);
      assert.ok(cell(rows[3], 'Freigegeben am').value instanceof Date);
    });

    test('CSV: measured values with the language’s decimal separator, the new headers in each language', async () => {
      const expected: Record<StaffLanguage, [string, string]> = {
        de: ['199,9', '0,8'],
        en: ['199.9', '0.8'],
        pl: ['199,9', '0,8'],
      };
      for (const language of ['de', 'en', 'pl'] as const) {
        await speak(language);
        const response = await exported('csv');
        assert.equal(response.statusCode, 200, response.body);
        const [header, ...rows]: string[][] = parse(response.rawPayload.toString('utf8'), {
          bom: true,
          delimiter: ';',
        });
        assert.deepEqual(header.slice(-NEW_HEADERS[language].length), NEW_HEADERS[language], language);
        const at = header.indexOf(INSULATION_HEADER[language]);
        assert.ok(at > 0, header.join(' | '));
        assert.deepEqual([rows[0][at], rows[1][at]], expected[language], language);
        const reason = header.indexOf(NEW_HEADERS[language][7]);
        assert.equal(rows[3][reason], REASON);
      }
      await speak('de');
    });
  });
}
