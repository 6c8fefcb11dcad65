import assert from 'node:assert/strict';
import crypto from 'node:crypto';
import { after, before, describe, test } from 'node:test';
import { parse } from 'csv-parse/sync';
import ExcelJS from 'exceljs';
import {
  CERTIFICATE_DEFAULTS,
  apiPaths,
  fromWire,
  type Certificate,
  type CertificateExportStatus,
  type CertificateList,
} from 'contracts';
import { buildApp } from '../../app';
import { openDatabase } from '../../db/database';
import { messages } from '../../messages';
import type { ChunkStore } from '../../platform/chunk-store';
import {
  TEST_COST,
  apiUrl,
  auth,
  createTestApp,
  exportedFile,
  kinds,
  seedMachine,
  type TestApp,
} from '../../test/harness';
import { EXPORT_KEPT_HOURS, EXPORT_LIMITS } from './certificate-export';
import { CERTIFICATE_EXPORT, certificateExportWork, removeExpiredExports } from './export-work';
import { neutraliseFormula } from './export-writers';

/**
 * The certificate list's filters and its export (docs/architecture.md#reports-filters-exports-charts): days in
 * Europe/Berlin, brand, machine and checker, with counts and paging following; XLSX and CSV read back with
 * libraries. Exports are files the worker writes (docs/decisions/0037-exports-as-files.md): asked for, written
 * by the job (t.runJobs), downloaded with ETag and ranges by the account that asked, removed after their time.
 */
for (const kind of kinds) {
  describe(`certificate filters and export on ${kind}`, () => {
    let t: TestApp;
    let oil: Awaited<ReturnType<typeof seedMachine>>;
    let oil2: Awaited<ReturnType<typeof seedMachine>>['machine'];
    let zeta: Awaited<ReturnType<typeof seedMachine>>;
    const issued: Certificate[] = [];

    before(async () => {
      t = await createTestApp(kind);
      oil = await seedMachine(t.repositories, {
        brand: 'Ölmühle Süd',
        name: 'Bohrständer „Groß“',
        prefix: 'OE',
      });
      oil2 = (await seedMachine(t.repositories, { brand: 'Ölmühle Süd', name: 'Kernbohrer', prefix: 'OK' }))
        .machine;
      zeta = await seedMachine(t.repositories, { brand: 'Zeta', name: 'Zeta; "1"', prefix: 'Z' });
      const issue = async (
        brandId: number,
        machineId: number,
        quantity: number,
        checker: string,
        at: string,
      ) => {
        const draft = {
          ...fromWire({ ...CERTIFICATE_DEFAULTS }),
          brand_id: brandId,
          machine_id: machineId,
          checked_by: checker,
          quantity,
        };
        const certificate = await t.services.certificates.issue(draft as never, t.accountId, {
          now: new Date(at),
        });
        issued.push(certificate);
      };
      await issue(oil.brand.id, oil.machine.id, 3, 'Jürgen Groß', '2026-01-10T10:00:00Z');
      // 23:30 UTC on 28 February is 1 March in Berlin.
      await issue(zeta.brand.id, zeta.machine.id, 2, 'anna', '2026-02-28T23:30:00Z');
      await issue(oil.brand.id, oil2.id, 1, 'Anna', '2026-03-15T12:00:00Z');
    });
    after(() => t.close());

    const list = (query: Record<string, string | number>) =>
      t.app.inject({ url: apiUrl(apiPaths.certificates()), query: query as never, headers: auth(t.token) });
    async function listOk(query: Record<string, string | number>) {
      const response = await list(query);
      assert.equal(response.statusCode, 200, response.body);
      return response.json() as CertificateList;
    }
    const exported = (query: Record<string, string | number>, token = t.token) =>
      exportedFile(t, query, token);

    test('days are Berlin days, both ends included', async () => {
      const march = await listOk({ from: '2026-03-01', to: '2026-03-31' });
      assert.equal(march.total, 2);
      assert.deepEqual(
        march.data.map((row) => row.checked_by),
        ['Anna', 'anna'],
      );
      const february = await listOk({ to: '2026-02-28' });
      assert.deepEqual(
        february.data.map((row) => row.checked_by),
        ['Jürgen Groß'],
      );
      assert.equal((await listOk({ from: '2026-01-10', to: '2026-01-10' })).total, 1);
      assert.equal((await listOk({ from: '2026-03-16' })).total, 0);
    });

    test('brand, machine and checker narrow the list; counts, positions and paging follow', async () => {
      assert.equal((await listOk({ brand_id: oil.brand.id })).total, 2);
      assert.equal((await listOk({ machine_id: oil2.id })).total, 1);
      const annas = await listOk({ checked_by: ' ANNA ', per_page: 1 });
      assert.equal(annas.total, 2);
      assert.equal(annas.data.length, 1);
      assert.equal(annas.data[0].pos, 1);
      const second = await listOk({ checked_by: 'anna', per_page: 1, page: 2 });
      assert.equal(second.data[0].pos, 2);
      assert.notEqual(second.data[0].id, annas.data[0].id);
      // Past the last page the count is still the filter's.
      const past = await listOk({ checked_by: 'anna', per_page: 1, page: 3 });
      assert.deepEqual([past.total, past.data], [2, []]);
      const both = await listOk({ brand_id: oil.brand.id, checked_by: 'anna', from: '2026-03-01' });
      assert.deepEqual(
        both.data.map((row) => row.machine_type),
        ['Kernbohrer'],
      );
      // The search works inside the filter: a unit serial of another brand is not found in this one.
      const unit = issued[1].first_serial;
      assert.equal((await listOk({ search: unit })).total, 1);
      assert.equal((await listOk({ search: unit, brand_id: oil.brand.id })).total, 0);
      assert.equal((await listOk({ search: 'groß', brand_id: oil.brand.id })).total, 1);
    });

    test('a bad filter gets a German message naming the field, never a 500', async () => {
      const cases: [Record<string, string | number>, string, string][] = [
        [{ from: '2026-03-01', to: '2026-02-01' }, 'to', messages.filterRangeInverted],
        [{ from: '2026-02-30' }, 'from', 'Kein gültiges Datum.'],
        [{ brand_id: 999_999 }, 'brand_id', messages.filterBrandUnknown],
        [{ machine_id: 999_999 }, 'machine_id', messages.filterMachineUnknown],
      ];
      for (const [query, field, message] of cases) {
        for (const response of [await list(query), await exported({ ...query, format: 'csv' })]) {
          assert.equal(response.statusCode, 400, response.body);
          const { error } = response.json();
          assert.equal(error.message, message);
          assert.ok(error.fields[field], JSON.stringify(error));
        }
      }
      for (const query of <Record<string, string | number>[]>[
        { from: "2026-01-01' or 1=1 --" },
        { to: '01.03.2026' },
        { brand_id: 'Ölmühle' },
        { machine_id: -1 },
        { checked_by: 'x'.repeat(5000) },
        { checked_by: 'a\u0000b' },
      ]) {
        const response = await list(query);
        assert.equal(response.statusCode, 400, `${JSON.stringify(query)}: ${response.body}`);
        assert.match(response.json().error.message, /[a-zäöü]/);
      }
      const several = await list({ from: '2026-02-30', brand_id: 999_999 });
      assert.equal(several.json().error.message, messages.checkFilter);
    });

    test('CSV: UTF-8 with BOM, semicolons, Berlin times, one row per certificate in list order', async () => {
      const response = await exported({ format: 'csv', sort: 'crowd', order: 'desc' });
      assert.equal(response.statusCode, 200, response.body);
      assert.equal(response.headers['content-type'], 'text/csv; charset=utf-8');
      assert.match(
        String(response.headers['content-disposition']),
        /^attachment; filename="pruefberichte-\d{4}-\d{2}-\d{2}\.csv"$/,
      );
      assert.deepEqual([...response.rawPayload.subarray(0, 3)], [0xef, 0xbb, 0xbf]);
      const text = response.rawPayload.toString('utf8');
      assert.ok(text.includes('\r\n'));
      const rows: string[][] = parse(text, { bom: true, delimiter: ';' });
      assert.deepEqual(rows[0], [
        'Ausgestellt am',
        'Marke',
        'Artikelnummer',
        'Start-Seriennummer',
        'End-Seriennummer',
        'Menge',
        'Geprüft von',
        'Revision',
        'Status',
        'Stornierte Einheiten',
        'Prüfbericht Nr.',
        'Stornogrund',
      ]);
      assert.deepEqual(rows.slice(1), [
        [
          '10.01.2026 11:00',
          'Ölmühle Süd',
          'Bohrständer „Groß“',
          issued[0].first_serial,
          issued[0].last_serial,
          '3',
          'Jürgen Groß',
          '1',
          'Ausgestellt',
          '0',
          String(issued[0].id),
          '',
        ],
        [
          '01.03.2026 00:30',
          'Zeta',
          'Zeta; "1"',
          issued[1].first_serial,
          issued[1].last_serial,
          '2',
          'anna',
          '1',
          'Ausgestellt',
          '0',
          String(issued[1].id),
          '',
        ],
        [
          '15.03.2026 13:00',
          'Ölmühle Süd',
          'Kernbohrer',
          issued[2].first_serial,
          issued[2].last_serial,
          '1',
          'Anna',
          '1',
          'Ausgestellt',
          '0',
          String(issued[2].id),
          '',
        ],
      ]);
    });

    test('XLSX per unit serial: a real workbook with dates, numbers, frozen header, auto-filter, widths', async () => {
      const response = await exported({ format: 'xlsx', rows: 'units', brand_id: oil.brand.id });
      assert.equal(response.statusCode, 200, response.body);
      assert.equal(
        response.headers['content-type'],
        'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
      );
      assert.match(String(response.headers['content-disposition']), /pruefberichte-seriennummern-.*\.xlsx"$/);
      const workbook = new ExcelJS.Workbook();
      await workbook.xlsx.load(response.rawPayload as never);
      const sheet = workbook.worksheets[0];
      assert.equal(sheet.name, 'Prüfberichte');
      assert.deepEqual(sheet.views[0], { ...sheet.views[0], state: 'frozen', ySplit: 1 });
      assert.equal(sheet.rowCount, 1 + 4);
      assert.equal((sheet.getRow(1).getCell(1).font ?? {}).bold, true);
      assert.equal(sheet.getRow(1).getCell(1).value, 'Seriennummer');
      assert.ok((sheet.getColumn(1).width ?? 0) >= 15);
      const autoFilter = sheet.autoFilter as unknown as string;
      // 14 columns of the unit and its certificate, its Prüfergebnis, the default plan's ten steps and the eight
      // of its test and release.
      assert.equal(autoFilter, 'A1:AG5');
      // Newest first, as the list: the Kernbohrer (March), then the three units of January.
      const values = [2, 3, 4, 5].map((r) => (sheet.getRow(r).values as unknown[]).slice(1));
      assert.deepEqual(values[0].slice(0, 13), [
        issued[2].first_serial,
        1,
        'nein',
        new Date('2026-03-15T13:00:00Z'),
        'Ölmühle Süd',
        'Kernbohrer',
        issued[2].first_serial,
        issued[2].last_serial,
        1,
        'Anna',
        1,
        'Ausgestellt',
        issued[2].id,
      ]);
      assert.deepEqual(
        values.slice(1).map((row) => [row[0], row[1], row[3], row[9]]),
        [0, 1, 2].map((k) => [
          `${issued[0].serial_base}${String(issued[0].first_unit_number + k).padStart(3, '0')}`,
          k + 1,
          new Date('2026-01-10T11:00:00Z'),
          'Jürgen Groß',
        ]),
      );
      assert.equal(sheet.getRow(2).getCell(4).numFmt, 'dd.mm.yyyy hh:mm');
    });

    test('a whole unit serial in the search exports its one certificate', async () => {
      const response = await exported({ format: 'csv', rows: 'units', search: issued[1].last_serial });
      const rows: string[][] = parse(response.rawPayload.toString('utf8'), { bom: true, delimiter: ';' });
      assert.deepEqual(
        rows.slice(1).map((row) => row[0]),
        [issued[1].first_serial, issued[1].last_serial],
      );
    });

    test('a filter matching nothing is told, not answered with an empty file', async () => {
      const response = await exported({ format: 'xlsx', from: '2027-01-01' });
      assert.equal(response.statusCode, 404);
      assert.deepEqual(response.json().error, {
        code: 'NOTHING_TO_EXPORT',
        message: messages.nothingToExport,
      });
    });

    test('an export needs a session, a known format, and is recorded in the audit trail', async () => {
      assert.equal((await exported({ format: 'csv' }, 'kein-token')).statusCode, 401);
      for (const query of <Record<string, string>[]>[
        {},
        { format: 'pdf' },
        { format: 'csv', rows: 'alle' },
        { format: 'csv', sort: 'x' },
      ]) {
        const response = await exported(query);
        assert.equal(response.statusCode, 400, JSON.stringify(query));
        assert.ok(response.json().error.message);
      }
      await exported({ format: 'csv', rows: 'units', checked_by: 'anna' });
      const events = await t.app.inject({
        url: '/api/audit?action=certificates.exported&limit=1',
        headers: auth(t.token),
      });
      const [event] = events.json().data;
      assert.equal(event.account_id, t.accountId);
      assert.deepEqual(event.details, { format: 'csv', rows: 'units', filter: { checked_by: 'anna' } });
    });

    test('voids and revisions: the status filter, voided units in the export and in the reports', async () => {
      const [unit] = [issued[1].last_serial];
      await t.services.certificates.void(
        issued[1].id,
        { version: 1, reason: 'Transportschaden', serials: [unit] },
        t.accountId,
      );
      await t.services.certificates.revise(
        issued[2].id,
        {
          ...fromWire({ ...CERTIFICATE_DEFAULTS }),
          electronic_circuit_board: 1,
          version: 1,
          reason: 'Tippfehler',
          checked_by: 'Anna Berg',
        } as never,
        t.accountId,
      );
      assert.deepEqual(
        (await listOk({ status: 'partly_voided' })).data.map((row) => row.id),
        [issued[1].id],
      );
      assert.deepEqual(
        (await listOk({ status: 'revised' })).data.map((row) => row.checked_by),
        ['Anna Berg'],
      );
      assert.equal((await listOk({ status: 'issued' })).total, 1);
      assert.equal((await listOk({ status: 'voided' })).total, 0);
      assert.equal((await list({ status: 'storniert' })).statusCode, 400);

      const response = await exported({ format: 'csv', rows: 'units', status: 'partly_voided' });
      const rows: string[][] = parse(response.rawPayload.toString('utf8'), { bom: true, delimiter: ';' });
      const at = (name: string) => rows[0].indexOf(name);
      assert.deepEqual(
        rows
          .slice(1)
          .map((row) => [
            row[0],
            row[2],
            row[at('Status')],
            row[at('Prüfbericht Nr.')],
            row[at('Stornogrund')],
          ]),
        [
          [issued[1].first_serial, 'nein', 'Teilweise storniert', String(issued[1].id), ''],
          // Issue 31: the unit's own void reason beside its certificate's number.
          [issued[1].last_serial, 'ja', 'Teilweise storniert', String(issued[1].id), 'Transportschaden'],
        ],
      );

      /** Name, units and voided units of each series of a report of March 2026 alone. */
      const march = async (report: string, name: 'brand_name' | 'checker') => {
        const response = await t.app.inject({
          url: `/api/reports/${report}?from=2026-03&to=2026-03`,
          headers: auth(t.token),
        });
        const series: Record<string, string | number[]>[] = response.json().data;
        return series.map((row) => [
          row[name],
          ...(row.units as number[]),
          ...(row.voided_units as number[]),
        ]);
      };
      assert.deepEqual(await march('units-by-brand', 'brand_name'), [
        ['Ölmühle Süd', 1, 0],
        ['Zeta', 2, 1],
      ]);
      assert.deepEqual(await march('units-by-checker', 'checker'), [
        ['anna', 2, 1],
        ['Anna Berg', 1, 0],
      ]);
    });
  });
}

for (const kind of kinds) {
  describe(`export hardening on ${kind}`, () => {
    let t: TestApp;
    before(async () => {
      t = await createTestApp(kind);
    });
    after(() => t.close());

    test('CSV: a name that a spreadsheet would run as a formula arrives as text', async () => {
      const { brand, machine } = await seedMachine(t.repositories, {
        brand: '=HYPERLINK("https://evil.example";"Klick")',
        name: '@SUM(1+1)*cmd|" /C calc"!A0',
      });
      for (const checker of ['+49 2161 1234', '-2+3'])
        await t.services.certificates.issue(
          {
            ...fromWire({ ...CERTIFICATE_DEFAULTS }),
            brand_id: brand.id,
            machine_id: machine.id,
            checked_by: checker,
            quantity: 1,
          } as never,
          t.accountId,
        );
      const response = await exportedFile(t, { format: 'csv', sort: 'pos', order: 'asc' });
      assert.equal(response.statusCode, 200, response.body);
      const rows: string[][] = parse(response.rawPayload.toString('utf8'), { bom: true, delimiter: ';' });
      for (const row of rows.slice(1)) {
        assert.equal(row[1], '\'=HYPERLINK("https://evil.example";"Klick")');
        assert.equal(row[2], '\'@SUM(1+1)*cmd|" /C calc"!A0');
        // Numbers stay numbers: the quantity is not a formula and is not touched.
        assert.equal(row[5], '1');
      }
      assert.deepEqual(
        rows
          .slice(1)
          .map((row) => row[6])
          .sort(),
        ["'+49 2161 1234", "'-2+3"],
      );
    });
  });
}

test('every start of a formula that OWASP names is neutralised, other text is left alone', () => {
  for (const start of ['=', '+', '-', '@', '\t', '\r'])
    assert.equal(neutraliseFormula(`${start}1+1`), `'${start}1+1`);
  for (const text of ['Max Mustermann', '4852406001', ' =1', 'a=b', ''])
    assert.equal(neutraliseFormula(text), text);
});

const HOUR = 3600_000;

for (const kind of kinds) {
  describe(`exports as files on ${kind}`, () => {
    let t: TestApp;
    let reader: { id: number; token: string };
    before(async () => {
      t = await createTestApp(kind);
      const { brand, machine } = await seedMachine(t.repositories);
      for (const quantity of [2, 3])
        await t.services.certificates.issue(
          {
            ...fromWire({ ...CERTIFICATE_DEFAULTS }),
            brand_id: brand.id,
            machine_id: machine.id,
            checked_by: 'Max',
            quantity,
          } as never,
          t.accountId,
        );
      const email = 'lesen@example.com';
      const id = await t.repositories.users.add(
        { email, password: 'x-Passwort-123', roles: ['lesen'] },
        TEST_COST,
      );
      reader = { id, token: await t.login(email, 'x-Passwort-123') };
    });
    after(() => t.close());

    const call = (method: 'GET' | 'POST' | 'DELETE', path: string, token = t.token, headers = {}) =>
      t.app.inject({ method, url: apiUrl(path), headers: { ...auth(token), ...headers } });
    async function ask(query: string, token = t.token, app = t.app) {
      const response = await app.inject({
        method: 'POST',
        url: `${apiUrl(apiPaths.certificatesExports())}?${query}`,
        headers: auth(token),
      });
      return response;
    }
    async function asked(query: string, token = t.token) {
      const response = await ask(query, token);
      assert.equal(response.statusCode, 202, response.body);
      return response.json() as CertificateExportStatus;
    }
    const status = async (id: number, token = t.token) =>
      (await call('GET', apiPaths.certificatesExport(id), token)).json() as CertificateExportStatus;
    /** How many contents and chunks the store holds besides the sealed PDFs and machine documents: the exports'. */
    async function stored() {
      const count = async (table: 'document_contents' | 'document_chunks') =>
        Number(
          (
            await t.db
              .selectFrom(table)
              .select((eb) => eb.fn.countAll().as('n'))
              .where('sha256', 'not in', (eb) => eb.selectFrom('certificate_documents').select('sha256'))
              .where('sha256', 'not in', (eb) => eb.selectFrom('machine_documents').select('sha256'))
              .executeTakeFirstOrThrow()
          ).n,
        );
      return { contents: await count('document_contents'), chunks: await count('document_chunks') };
    }
    const exportRow = (id: number) =>
      t.db.selectFrom('certificate_exports').selectAll().where('id', '=', id).executeTakeFirst();
    /** Removes every export (as if their time had passed), so that each test starts from an empty store. */
    const removeAll = () =>
      removeExpiredExports(
        { exports: t.repositories.exports, inTransaction: t.repositories.inTransaction },
        new Date(Date.now() + 1000 * HOUR),
      );
    /** The worker's export handler, on the test's database; `chunks` replaces the chunk store. */
    const handler = (chunks: Pick<ChunkStore, 'storeFile'> = t.repositories.documentChunks) =>
      certificateExportWork({
        sources: {
          list: t.repositories.certificateList,
          units: t.repositories.units,
          attempts: t.repositories.attempts,
          plans: t.repositories.testPlans,
        },
        exports: t.repositories.exports,
        chunks,
        inTransaction: t.repositories.inTransaction,
        keptMs: EXPORT_KEPT_HOURS * HOUR,
      })[CERTIFICATE_EXPORT];
    const jobOf = async (exportId: number) => {
      const row = await exportRow(exportId);
      return (await t.repositories.jobs.byId(row!.job_id!))!;
    };
    const progressSeen: [number, number | null][] = [];
    const context = {
      progress: async (done: number, total: number | null) => void progressSeen.push([done, total]),
    };

    test('asked for: 202 with its state; written by the worker; then done with its rows, size and a day to keep it', async () => {
      const response = await ask('format=csv&rows=units');
      assert.equal(response.statusCode, 202, response.body);
      const queued = response.json() as CertificateExportStatus;
      assert.equal(response.headers.location, apiUrl(apiPaths.certificatesExport(queued.id)));
      assert.deepEqual(
        { ...queued, id: 0, created_at: '', expires_at: '' },
        {
          id: 0,
          state: 'queued',
          format: 'csv',
          rows: 'units',
          progress: 0,
          total: null,
          file_name: queued.file_name,
          size: null,
          created_at: '',
          expires_at: '',
        },
      );
      assert.match(queued.file_name, /^pruefberichte-seriennummern-\d{4}-\d{2}-\d{2}\.csv$/);
      assert.deepEqual(await status(queued.id), queued);
      // Not ready yet: the file is refused with a German 409.
      const early = await call('GET', apiPaths.certificatesExportFile(queued.id));
      assert.equal(early.statusCode, 409);
      assert.deepEqual(early.json().error, { code: 'EXPORT_NOT_READY', message: messages.exportNotReady });

      await t.runJobs();
      const done = await status(queued.id);
      assert.equal(done.state, 'done');
      assert.deepEqual([done.progress, done.total], [5, 5]);
      const file = await call('GET', apiPaths.certificatesExportFile(queued.id));
      assert.equal(file.statusCode, 200);
      assert.equal(done.size, file.rawPayload.length);
      assert.equal(
        Date.parse(done.expires_at) - Date.parse((await exportRow(queued.id))!.ready_at!),
        EXPORT_KEPT_HOURS * HOUR,
      );
      const rows: string[][] = parse(file.rawPayload.toString('utf8'), { bom: true, delimiter: ';' });
      assert.equal(rows.length, 1 + 5);
      await removeAll();
    });

    test('the worker tells its progress: none of the rows at first, of the rows the filter holds', async () => {
      const { id } = await asked('format=xlsx&rows=units');
      progressSeen.length = 0;
      await handler()(await jobOf(id), context);
      assert.deepEqual(progressSeen, [
        [0, 5],
        [5, 5],
      ]);
      assert.equal((await status(id)).state, 'done');
      await removeAll();
    });

    test('the file: ETag and 304, one byte range (206), a range outside it 416', async () => {
      const { id } = await asked('format=csv');
      await t.runJobs();
      const path = apiPaths.certificatesExportFile(id);
      const whole = await call('GET', path);
      assert.equal(whole.statusCode, 200);
      assert.equal(whole.headers['content-type'], 'text/csv; charset=utf-8');
      assert.match(
        String(whole.headers['content-disposition']),
        /^attachment; filename="pruefberichte-\d{4}-\d{2}-\d{2}\.csv"$/,
      );
      assert.equal(whole.headers['accept-ranges'], 'bytes');
      const sha256 = crypto.createHash('sha256').update(whole.rawPayload).digest('hex');
      assert.equal(whole.headers.etag, `"${sha256}"`);
      assert.equal((await call('GET', path, t.token, { 'if-none-match': `"${sha256}"` })).statusCode, 304);
      const part = await call('GET', path, t.token, { range: 'bytes=3-12' });
      assert.equal(part.statusCode, 206);
      assert.equal(part.headers['content-range'], `bytes 3-12/${whole.rawPayload.length}`);
      assert.deepEqual(part.rawPayload, whole.rawPayload.subarray(3, 13));
      const outside = await call('GET', path, t.token, { range: `bytes=${whole.rawPayload.length + 10}-` });
      assert.equal(outside.statusCode, 416);
      assert.match(outside.json().error.message, /[äöüß]|Bereich|Datei/);
      await removeAll();
    });

    test('only the account that asked sees it: for anyone else it does not exist (404), unsigned 401', async () => {
      const { id } = await asked('format=csv');
      await t.runJobs();
      for (const path of [apiPaths.certificatesExport(id), apiPaths.certificatesExportFile(id)]) {
        const other = await call('GET', path, reader.token);
        assert.equal(other.statusCode, 404, path);
        assert.equal(other.json().error.message, messages.exportNotFound);
        assert.equal((await t.app.inject({ url: apiUrl(path) })).statusCode, 401);
      }
      assert.equal((await call('DELETE', apiPaths.certificatesExport(id), reader.token)).statusCode, 404);
      assert.equal((await call('GET', apiPaths.certificatesExportFile(id))).statusCode, 200);
      // The role Lesen exports its own (docs/decisions/0013-exports-for-every-reader.md), which the staff don't see.
      const own = await asked('format=csv', reader.token);
      assert.equal((await call('GET', apiPaths.certificatesExport(own.id))).statusCode, 404);
      await removeAll();
    });

    test('ABBRECHEN: a queued export is cancelled with its job; a ready one is removed; both are gone at once', async () => {
      const queued = await asked('format=csv');
      const jobId = (await exportRow(queued.id))!.job_id!;
      assert.equal((await call('DELETE', apiPaths.certificatesExport(queued.id))).statusCode, 204);
      assert.equal(await t.repositories.jobs.byId(jobId), undefined);
      assert.equal((await call('GET', apiPaths.certificatesExport(queued.id))).statusCode, 404);
      assert.equal((await call('DELETE', apiPaths.certificatesExport(queued.id))).statusCode, 404);

      const ready = await asked('format=xlsx');
      await t.runJobs();
      assert.equal((await stored()).contents, 1);
      assert.equal((await call('DELETE', apiPaths.certificatesExport(ready.id))).statusCode, 204);
      assert.equal((await call('GET', apiPaths.certificatesExportFile(ready.id))).statusCode, 404);
      // The idle worker removes the rows and the bytes.
      await removeExpiredExports(
        { exports: t.repositories.exports, inTransaction: t.repositories.inTransaction },
        new Date(),
      );
      assert.deepEqual(await stored(), { contents: 0, chunks: 0 });
      assert.equal(await exportRow(ready.id), undefined);
    });

    test('cancelled while the worker writes it: the worker stops at its next look and stores nothing', async () => {
      const { id } = await asked('format=csv&rows=units');
      const now = new Date();
      const job = await t.repositories.jobs.claim('test-worker', now, new Date(now.getTime() + 60_000));
      assert.equal(job?.id, (await exportRow(id))!.job_id);
      assert.equal((await status(id)).state, 'running');
      const told: number[] = [];
      const tidyNow = () =>
        removeExpiredExports(
          { exports: t.repositories.exports, inTransaction: t.repositories.inTransaction },
          new Date(),
        );
      // ABBRECHEN once the worker began: after its first batch it finds the export cancelled.
      await handler()(job!, {
        progress: async (done) => {
          told.push(done);
          if (done > 0) return;
          assert.equal((await call('DELETE', apiPaths.certificatesExport(id))).statusCode, 204);
          // Running (its worker's lease holds): its row stays until the worker let go of it.
          await tidyNow();
          assert.ok(await exportRow(id));
        },
      });
      assert.deepEqual(told, [0]);
      assert.deepEqual(await stored(), { contents: 0, chunks: 0 });
      assert.equal((await exportRow(id))!.sha256, null);
      await t.repositories.jobs.finish(job!.id, 'test-worker', new Date());
      await tidyNow();
      assert.equal(await exportRow(id), undefined);
    });

    test(`kept ${EXPORT_KEPT_HOURS} hours, then removed with its bytes by the idle worker`, async () => {
      const { id } = await asked('format=csv');
      await t.runJobs();
      const { ready_at } = (await exportRow(id))!;
      const tidy = (hours: number) =>
        removeExpiredExports(
          { exports: t.repositories.exports, inTransaction: t.repositories.inTransaction },
          new Date(Date.parse(ready_at!) + hours * HOUR),
        );
      await tidy(EXPORT_KEPT_HOURS - 1);
      assert.equal((await call('GET', apiPaths.certificatesExportFile(id))).statusCode, 200);
      assert.equal((await stored()).contents, 1);
      await tidy(EXPORT_KEPT_HOURS);
      assert.equal(await exportRow(id), undefined);
      assert.deepEqual(await stored(), { contents: 0, chunks: 0 });
      assert.equal((await call('GET', apiPaths.certificatesExport(id))).statusCode, 404);
    });

    test('bytes an export refers to are append-only; bytes a document keeps stay when the export goes', async () => {
      const first = await asked('format=csv');
      await t.runJobs();
      const { sha256 } = (await exportRow(first.id))!;
      // While the export refers to them, the database refuses to delete its bytes (migration 2026-11-28T16-00-exports).
      await assert.rejects(
        t.db.deleteFrom('document_chunks').where('sha256', '=', sha256!).execute(),
        /append-only/,
      );
      await assert.rejects(
        t.db.updateTable('document_chunks').set({ seq: 9 }).where('sha256', '=', sha256!).execute(),
        /append-only/,
      );
      // The same bytes asked for again are stored once, and kept while either export refers to them.
      const second = await asked('format=csv');
      await t.runJobs();
      assert.equal((await exportRow(second.id))!.sha256, sha256);
      assert.equal((await stored()).contents, 1);
      await call('DELETE', apiPaths.certificatesExport(first.id));
      await removeExpiredExports(
        { exports: t.repositories.exports, inTransaction: t.repositories.inTransaction },
        new Date(),
      );
      assert.equal((await stored()).contents, 1);
      assert.equal((await call('GET', apiPaths.certificatesExportFile(second.id))).statusCode, 200);
      // A machine's document with the very same bytes: the export goes, the bytes stay, nothing fails.
      const { machine } = await seedMachine(t.repositories, { prefix: 'DOC' });
      await t.db
        .insertInto('machine_documents')
        .values({
          machine_id: machine.id,
          kind: 'manual',
          language: 'de',
          valid_from: '2026-01-01',
          sha256: sha256!,
          file_name: 'gleich.csv',
          created_at: new Date().toISOString(),
          created_by: t.accountId,
        })
        .execute();
      await call('DELETE', apiPaths.certificatesExport(second.id));
      await removeExpiredExports(
        { exports: t.repositories.exports, inTransaction: t.repositories.inTransaction },
        new Date(),
      );
      assert.equal(await exportRow(second.id), undefined);
      assert.ok(
        await t.db
          .selectFrom('document_contents')
          .select('sha256')
          .where('sha256', '=', sha256!)
          .executeTakeFirst(),
      );
      await assert.rejects(
        t.db.deleteFrom('document_chunks').where('sha256', '=', sha256!).execute(),
        /append-only/,
      );
    });

    test('limits hold across two API instances on one database: two per account, five in all, German 429', async () => {
      const second = openDatabase(t.testDb.location, { schema: t.testDb.schema });
      const other = await buildApp({ config: t.config, database: second });
      try {
        const apps = [t.app, other];
        const refused = (response: Awaited<ReturnType<typeof ask>>, message: string) => {
          assert.equal(response.statusCode, 429, response.body);
          assert.equal(response.headers['retry-after'], String(EXPORT_LIMITS.retryAfterSeconds));
          assert.equal(response.json().error.message, message);
        };
        const accounts = [t.token, reader.token];
        for (let i = 0; i < 2; i++) {
          const email = `export${i}@example.com`;
          await t.repositories.users.add({ email, password: 'x-Passwort-123', roles: ['lesen'] }, TEST_COST);
          accounts.push(await t.login(email, 'x-Passwort-123'));
        }
        // Four at once from one account, on both instances: two are taken, two refused.
        const burst = await Promise.all(
          apps.flatMap((app) => [ask('format=csv', t.token, app), ask('format=csv', t.token, app)]),
        );
        assert.deepEqual(burst.map((r) => r.statusCode).sort(), [202, 202, 429, 429]);
        refused(
          burst.find((r) => r.statusCode === 429)!,
          messages.exportsBusyForAccount(EXPORT_LIMITS.perAccount),
        );
        const mine = burst
          .filter((r) => r.statusCode === 202)
          .map((r) => (r.json() as CertificateExportStatus).id);
        // Others: two on the second instance, one on the first; the sixth is refused whoever asks, wherever.
        for (const [token, app] of [
          [accounts[1], other],
          [accounts[1], other],
          [accounts[2], t.app],
        ] as const)
          assert.equal((await ask('format=csv', token, app)).statusCode, 202);
        refused(await ask('format=csv', accounts[3], other), messages.exportsBusy);
        refused(await ask('format=csv', accounts[3], t.app), messages.exportsBusy);
        // A cancelled export gives its place back at once; a written one too.
        assert.equal(
          (
            await other.inject({
              method: 'DELETE',
              url: apiUrl(apiPaths.certificatesExport(mine[0])),
              headers: auth(t.token),
            })
          ).statusCode,
          204,
        );
        assert.equal((await ask('format=csv', accounts[3], other)).statusCode, 202);
        refused(await ask('format=csv', accounts[3], t.app), messages.exportsBusy);
        await t.runJobs();
        for (let i = 0; i < 2; i++) assert.equal((await ask('format=csv', t.token, apps[i])).statusCode, 202);
        // Refused or not found, nothing is counted: the limits stay as they were.
        assert.equal((await ask('format=csv&checked_by=niemand', accounts[3])).statusCode, 404);
        assert.equal((await ask('format=csv', accounts[3], other)).statusCode, 202);
        await t.runJobs();
      } finally {
        await other.close();
        await second.close();
        await removeAll();
      }
    });

    test('hostile, missing and oversized input: a German 4xx, never a 500', async () => {
      for (const query of [
        '',
        'format=pdf',
        'format=csv&rows=alle',
        `format=csv&search=${'x'.repeat(5000)}`,
        'format=csv&brand_id=1%27%20or%201=1',
        'format=csv&from=2026-02-30',
        'format=csv&format=xlsx',
      ]) {
        const response = await ask(query);
        assert.equal(response.statusCode, 400, `${query.slice(0, 40)}: ${response.body}`);
        assert.match(response.json().error.message, /[a-zäöü]/);
      }
      for (const id of ['abc', '0', '-1', '99999999999', '1.5', '%00']) {
        for (const path of [`/certificates/exports/${id}`, `/certificates/exports/${id}/file`]) {
          const response = await call('GET', path);
          assert.equal(response.statusCode, 400, `${path}: ${response.body}`);
          assert.match(response.json().error.message, /[a-zäöü]/);
        }
        assert.equal((await call('DELETE', `/certificates/exports/${id}`)).statusCode, 400);
      }
      const unknown = await call('GET', apiPaths.certificatesExport(999_999));
      assert.equal(unknown.statusCode, 404);
      assert.equal(unknown.json().error.message, messages.exportNotFound);
      // A job that gave up: its export says failed, and its file is refused with a German 409.
      const { id } = await asked('format=csv');
      await t.db
        .updateTable('jobs')
        .set({ state: 'failed', error: 'kaputt' })
        .where('id', '=', (await exportRow(id))!.job_id!)
        .execute();
      assert.equal((await status(id)).state, 'failed');
      const file = await call('GET', apiPaths.certificatesExportFile(id));
      assert.equal(file.statusCode, 409);
      assert.equal(file.json().error.message, messages.exportFailed);
      // A failed export is no longer counted against the account.
      assert.equal((await ask('format=csv')).statusCode, 202);
      assert.equal((await ask('format=csv')).statusCode, 202);
      await t.runJobs();
      await removeAll();
    });

    test('done again after a crash: nothing is stored twice, and bytes of an attempt cut short are removed', async () => {
      /** A store that dies once the content's row and the export's reference are written, before any chunk. */
      const crashing: Pick<ChunkStore, 'storeFile'> = {
        storeFile: (file, steps) =>
          t.repositories.documentChunks.storeFile(file, {
            before: async (content) => {
              await steps?.before?.(content);
              throw new Error('Worker beendet');
            },
          }),
      };
      // Redone with the same rows, the file is the same bytes; with a certificate issued meanwhile (or as an XLSX,
      // which carries the time it was written) other bytes.
      for (const changed of [false, true]) {
        const { id } = await asked('format=csv&rows=units');
        const job = await jobOf(id);
        await assert.rejects(handler(crashing)(job, context), /Worker beendet/);
        const cut = (await exportRow(id))!;
        assert.ok(cut.sha256 && !cut.ready_at);
        assert.deepEqual(await stored(), { contents: 1, chunks: 0 });
        if (changed) {
          const { brand, machine } = await seedMachine(t.repositories, { prefix: 'NEU' });
          await t.services.certificates.issue(
            {
              ...fromWire({ ...CERTIFICATE_DEFAULTS }),
              brand_id: brand.id,
              machine_id: machine.id,
              checked_by: 'Eva',
              quantity: 1,
            } as never,
            t.accountId,
          );
        }
        await handler()(job, context);
        const done = (await exportRow(id))!;
        assert.ok(done.ready_at);
        assert.equal(done.sha256 === cut.sha256, !changed);
        const { chunk_count } = await t.db
          .selectFrom('document_contents')
          .select('chunk_count')
          .where('sha256', '=', done.sha256!)
          .executeTakeFirstOrThrow();
        // The same bytes are completed; other bytes replace the content cut short, which is removed.
        assert.deepEqual(await stored(), { contents: 1, chunks: chunk_count });
        // Run once more (a worker that died after storing it): nothing changes.
        await handler()(job, context);
        assert.deepEqual(await exportRow(id), done);
        assert.deepEqual(await stored(), { contents: 1, chunks: chunk_count });
        const file = await call('GET', apiPaths.certificatesExportFile(id));
        assert.equal(crypto.createHash('sha256').update(file.rawPayload).digest('hex'), done.sha256);
        await removeAll();
      }
    });
  });
}
