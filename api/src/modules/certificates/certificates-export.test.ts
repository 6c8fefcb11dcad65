import assert from 'node:assert/strict';
import { once } from 'node:events';
import { PassThrough } from 'node:stream';
import { after, before, describe, test } from 'node:test';
import { parse } from 'csv-parse/sync';
import ExcelJS from 'exceljs';
import { CERTIFICATE_DEFAULTS, apiPaths, fromWire, type Certificate, type CertificateList } from 'contracts';
import { messages } from '../../messages';
import { TEST_COST, apiUrl, auth, createTestApp, kinds, seedMachine, type TestApp } from '../../test/harness';
import { BusyError } from '../../plugins/busy';
import { EXPORT_LIMITS } from './certificate-export';
import { neutraliseFormula, writeExport } from './export-writers';

/**
 * The certificate list's filters and its export (docs/architecture.md#reports-filters-exports-charts): days in Europe/Berlin, brand,
 * machine and checker, with counts and paging following; XLSX and CSV read back with libraries.
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
      t.app.inject({
        url: apiUrl(apiPaths.certificatesExport()),
        query: query as never,
        headers: auth(token),
      });

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
      // 14 columns of the unit and its certificate, its Prüfergebnis and the default plan's ten steps.
      assert.equal(autoFilter, 'A1:Y5');
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
      const response = await t.app.inject({
        url: apiUrl(apiPaths.certificatesExport()),
        query: { format: 'csv', sort: 'pos', order: 'asc' },
        headers: auth(t.token),
      });
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

for (const kind of kinds) {
  describe(`export limits on ${kind}`, () => {
    let t: TestApp;
    before(async () => {
      t = await createTestApp(kind);
      const { brand, machine } = await seedMachine(t.repositories);
      await t.services.certificates.issue(
        {
          ...fromWire({ ...CERTIFICATE_DEFAULTS }),
          brand_id: brand.id,
          machine_id: machine.id,
          checked_by: 'Max',
          quantity: 2,
        } as never,
        t.accountId,
      );
    });
    after(() => t.close());

    const query = { format: 'csv' as const, rows: 'units' as const };
    /** An export started and not read yet, as a download still running holds its place. */
    const running = (accountId: number, filter = {}) =>
      t.services.certificates.export({ ...query, ...filter }, accountId, query);
    const refusedWith = (message: string) => (error: unknown) =>
      error instanceof BusyError &&
      error.statusCode === 429 &&
      error.message === message &&
      error.retryAfterSeconds === EXPORT_LIMITS.retryAfterSeconds;

    test('each account and the instance run only so many exports at once; beyond is a German 429', async () => {
      const mine = [await running(t.accountId), await running(t.accountId)];
      await assert.rejects(
        running(t.accountId),
        refusedWith(messages.exportsBusyForAccount(EXPORT_LIMITS.perAccount)),
      );
      const others: number[] = [];
      for (let i = 0; i < 3; i++)
        others.push(
          await t.repositories.users.add({ email: `export${i}@example.com`, password: 'x' }, TEST_COST),
        );
      const theirs = [await running(others[0]), await running(others[0]), await running(others[1])];
      await assert.rejects(running(others[2]), refusedWith(messages.exportsBusy));

      // A finished download gives its place back, and so does a cancelled one.
      mine[0].body.resume();
      await once(mine[0].body, 'close');
      const again = await running(t.accountId);
      again.body.destroy();
      await once(again.body, 'close');
      for (const file of [mine[1], ...theirs]) file.body.destroy();
      await new Promise((resolve) => setImmediate(resolve));
      // A refused filter gives its place back too.
      for (let i = 0; i < 3; i++)
        await assert.rejects(running(t.accountId, { checked_by: 'niemand' }), { statusCode: 404 });
      const last = await running(t.accountId);
      last.body.resume();
      await once(last.body, 'close');
    });
  });
}

test('a long export gives other requests a turn: the event loop never waits long', async () => {
  const batch = Array.from({ length: 1000 }, (_, i) => ({ a: `Zeile ${i}`, b: i, c: new Date(0) }));
  async function* batches() {
    for (let i = 0; i < 150; i++) yield batch;
  }
  const columns = [
    { header: 'A', width: 10, kind: 'text' as const, value: (row: (typeof batch)[number]) => row.a },
    { header: 'B', width: 10, kind: 'number' as const, value: (row: (typeof batch)[number]) => row.b },
    { header: 'C', width: 10, kind: 'time' as const, value: (row: (typeof batch)[number]) => row.c },
  ];
  for (const format of ['csv', 'xlsx'] as const) {
    const output = new PassThrough();
    output.resume();
    let longest = 0;
    let last = performance.now();
    const ticker = setInterval(() => {
      longest = Math.max(longest, performance.now() - last);
      last = performance.now();
    }, 1);
    const started = performance.now();
    await writeExport(format, batches(), columns, output);
    clearInterval(ticker);
    longest = Math.max(longest, performance.now() - last);
    const took = performance.now() - started;
    assert.ok(took > 200, `${format}: the export was too short to tell (${took} ms)`);
    assert.ok(longest < 100, `${format}: the event loop waited ${Math.round(longest)} ms`);
  }
});
