import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import {
  CERTIFICATE_DEFAULTS,
  addMonths,
  berlinMonth,
  fromWire,
  type TopMachinesReport,
  type UnitsByBrandReport,
  type UnitsByCheckerReport,
} from 'contracts';
import { sql } from 'kysely';
import * as reportsMigration from '../../db/migrations/2026-11-23T11-00-reports';
import { messages } from '../../messages';
import { auth, createTestApp, kinds, seedMachine, type TestApp } from '../../test/harness';

/** The numbers behind the charts, kept by the issuing transaction (docs/architecture.md#reports-filters-exports-charts). */
for (const kind of kinds) {
  describe(`reports on ${kind}`, () => {
    let t: TestApp;
    let a: Awaited<ReturnType<typeof seedMachine>>;
    let a2: Awaited<ReturnType<typeof seedMachine>>['machine'];
    let b: Awaited<ReturnType<typeof seedMachine>>;
    const thisMonth = berlinMonth(new Date());

    const issue = (brandId: number, machineId: number, quantity: number, checker: string, at: Date) =>
      t.services.certificates.issue(
        {
          ...fromWire({ ...CERTIFICATE_DEFAULTS }),
          brand_id: brandId,
          machine_id: machineId,
          checked_by: checker,
          quantity,
        } as never,
        t.accountId,
        { now: at },
      );

    before(async () => {
      t = await createTestApp(kind);
      a = await seedMachine(t.repositories, { brand: 'Alpha', name: 'A-100', prefix: 'A' });
      a2 = (await seedMachine(t.repositories, { brand: 'Alpha', name: 'A-200', prefix: 'AB' })).machine;
      b = await seedMachine(t.repositories, { brand: 'Bärwerk', name: 'B-1', prefix: 'B' });
      // 23:30 UTC on 31 January is February in Berlin: it counts in February.
      await issue(a.brand.id, a.machine.id, 3, 'Jürgen', new Date('2026-01-31T23:30:00Z'));
      await issue(a.brand.id, a.machine.id, 2, 'jürgen', new Date('2026-02-10T10:00:00Z'));
      await issue(a.brand.id, a2.id, 7, 'Anna', new Date('2026-02-11T10:00:00Z'));
      await issue(b.brand.id, b.machine.id, 4, 'Anna', new Date('2026-03-01T10:00:00Z'));
      await issue(b.brand.id, b.machine.id, 1, 'Anna', new Date('2026-01-05T10:00:00Z'));
      await issue(b.brand.id, b.machine.id, 6, 'Anna', new Date());
    });
    after(() => t.close());

    const get = (url: string, query: Record<string, string | number> = {}) =>
      t.app.inject({ url: `/api/reports/${url}`, query: query as never, headers: auth(t.token) });
    async function getOk<T>(url: string, query: Record<string, string | number> = {}) {
      const response = await get(url, query);
      assert.equal(response.statusCode, 200, response.body);
      return response.json() as T;
    }

    test('units per month and brand, in the issue month in Berlin', async () => {
      const report = await getOk<UnitsByBrandReport>('units-by-brand', { from: '2026-01', to: '2026-03' });
      assert.deepEqual(report.months, ['2026-01', '2026-02', '2026-03']);
      assert.deepEqual(
        report.data.map((row) => [row.brand_name, row.certificates, row.units, row.voided_units]),
        [
          ['Alpha', [0, 3, 0], [0, 12, 0], [0, 0, 0]],
          ['Bärwerk', [1, 0, 1], [1, 0, 4], [0, 0, 0]],
        ],
      );
      assert.deepEqual(
        report.data.map((row) => row.brand_id),
        [a.brand.id, b.brand.id],
      );
      assert.equal(report.from, '2026-01');
      assert.equal(report.to, '2026-03');
      const before = await getOk<UnitsByBrandReport>('units-by-brand', { from: '2025-01', to: '2025-12' });
      assert.equal(before.months.length, 12);
      assert.deepEqual(before.data, [], 'a brand without units in the period is left out');
    });

    test('by default the last 24 months up to this one', async () => {
      const report = await getOk<UnitsByBrandReport>('units-by-brand');
      assert.equal(report.to, thisMonth);
      assert.equal(report.from, addMonths(thisMonth, -23));
      assert.equal(report.months.length, 24);
      assert.equal(report.months[0], report.from);
      assert.equal(report.months[23], thisMonth);
      assert.ok(report.data.every((row) => row.units.length === 24 && row.certificates.length === 24));
      const bärwerk = report.data.find((row) => row.brand_id === b.brand.id)!;
      assert.equal(bärwerk.units[23], 6);
    });

    test('top machines of a month or a year, most units first, limited', async () => {
      const year = await getOk<TopMachinesReport>('top-machines', { period: '2026' });
      assert.equal(year.period, '2026');
      const thisYear = thisMonth.startsWith('2026') ? 6 : 0;
      assert.deepEqual(
        year.data.map((row) => [row.machine_name, row.brand_name, row.units, row.certificates]),
        [
          ['A-200', 'Alpha', 7, 1],
          ['B-1', 'Bärwerk', 5 + thisYear, 2 + (thisYear && 1)],
          ['A-100', 'Alpha', 5, 2],
        ].sort((x, y) => Number(y[2]) - Number(x[2])),
      );
      const february = await getOk<TopMachinesReport>('top-machines', { period: '2026-02', limit: 1 });
      assert.deepEqual(
        february.data.map((row) => [row.machine_name, row.units]),
        [['A-200', 7]],
      );
      const byDefault = await getOk<TopMachinesReport>('top-machines');
      assert.equal(byDefault.period, thisMonth.slice(0, 4));
      assert.ok(byDefault.data.some((row) => row.machine_name === 'B-1'));
    });

    test('units per checker and month: one checker whatever the case typed, and the list of checkers', async () => {
      const report = await getOk<UnitsByCheckerReport>('units-by-checker', {
        from: '2026-01',
        to: '2026-03',
      });
      assert.deepEqual(report.months, ['2026-01', '2026-02', '2026-03']);
      assert.deepEqual(
        report.data.map((row) => [row.checker, row.certificates, row.units]),
        [
          ['Anna', [1, 1, 1], [1, 7, 4]],
          ['jürgen', [0, 2, 0], [0, 5, 0]],
        ],
      );
      const checkers = await getOk<{ data: string[] }>('checkers');
      assert.deepEqual(checkers.data, ['Anna', 'jürgen']);
    });

    test('the tables agree with the certificates, and the migration builds the same from existing ones', async () => {
      const sums = async () =>
        Promise.all(
          (['units_by_brand', 'units_by_machine', 'units_by_checker'] as const).map(async (table) => {
            const { rows } = await sql<{ certificates: number; units: number }>`
              select sum(certificates) as certificates, sum(units) as units from ${sql.table(table)}`.execute(
              t.db,
            );
            return rows.map((row) => [Number(row.certificates), Number(row.units)])[0];
          }),
        );
      const issued = await t.db
        .selectFrom('certificates')
        .select((eb) => [eb.fn.countAll<number>().as('n'), eb.fn.sum<number>('quantity').as('units')])
        .executeTakeFirstOrThrow();
      const expected = [Number(issued.n), Number(issued.units)];
      // units_by_machine counts everything twice: by month and by year.
      assert.deepEqual(await sums(), [expected, expected.map((n) => 2 * n), expected]);
      const snapshot = async () => ({
        brand: await t.db
          .selectFrom('units_by_brand')
          .selectAll()
          .orderBy('month')
          .orderBy('brand_id')
          .execute(),
        machine: await t.db
          .selectFrom('units_by_machine')
          .selectAll()
          .orderBy('period')
          .orderBy('machine_id')
          .execute(),
        checker: await t.db
          .selectFrom('units_by_checker')
          .select(['month', 'checker_key', 'certificates', 'units'])
          .orderBy('month')
          .orderBy('checker_key')
          .execute(),
      });
      const kept = await snapshot();
      await reportsMigration.down(t.db);
      await reportsMigration.up(t.db);
      assert.deepEqual(await snapshot(), kept);
    });

    test('bad periods get a German message naming the field', async () => {
      const inverted = await get('units-by-brand', { from: '2026-03', to: '2026-01' });
      assert.equal(inverted.statusCode, 400);
      assert.equal(inverted.json().error.message, messages.periodInverted);
      assert.ok(inverted.json().error.fields.to);
      const long = await get('units-by-checker', { from: '2000-01', to: '2026-01' });
      assert.equal(long.statusCode, 400);
      assert.equal(long.json().error.message, messages.periodTooLong(120));
      for (const [url, query] of [
        ['units-by-brand', { from: '2026-13' }],
        ['units-by-brand', { to: '2026-1' }],
        ['units-by-brand', { from: "2026-01' or 1=1" }],
        ['top-machines', { limit: 0 }],
        ['top-machines', { period: '26' }],
        ['top-machines', { period: '2026-00' }],
        ['top-machines', { limit: 51 }],
        ['top-machines', { limit: 'viele' }],
      ] as const) {
        const response = await get(url, query);
        assert.equal(response.statusCode, 400, `${url} ${JSON.stringify(query)}: ${response.body}`);
        assert.ok(response.json().error.message);
      }
      const anonymous = await t.app.inject({ url: '/api/reports/units-by-brand' });
      assert.equal(anonymous.statusCode, 401);
    });
  });
}
