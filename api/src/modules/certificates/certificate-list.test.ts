import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { apiPaths, type CertificateList, type PrintData } from 'contracts';
import { parse } from 'csv-parse/sync';
import {
  apiUrl,
  auth,
  certificateBody,
  createTestApp,
  exportedFile,
  kinds,
  seedMachine,
  type TestApp,
} from '../../test/harness';

// Issue 31: the quality manager finds a certificate by its number, sees how many units a filter holds, and
// exports the number and the void reason.
for (const kind of kinds) {
  describe(`certificate numbers, filter totals and export columns on ${kind}`, () => {
    let t: TestApp;
    const issued: PrintData[] = [];
    before(async () => {
      t = await createTestApp(kind);
      const { brand, machine } = await seedMachine(t.repositories, { prefix: 'NR', name: 'Nummernmaschine' });
      for (const quantity of [3, 2, 4]) {
        const response = await t.app.inject({
          method: 'POST',
          url: apiUrl(apiPaths.certificateCreate()),
          headers: auth(t.token),
          payload: certificateBody(brand.id, machine.id, quantity),
        });
        assert.equal(response.statusCode, 200, response.body);
        issued.push(response.json()[0]);
      }
    });
    after(() => t.close());

    const get = (path: string, query: Record<string, string | number>) =>
      t.app.inject({ url: apiUrl(path), query: query as never, headers: auth(t.token) });
    const list = async (search: string) => {
      const response = await get(apiPaths.certificates(), { search });
      assert.equal(response.statusCode, 200, `${search}: ${response.body}`);
      return (response.json() as CertificateList).data.map((row) => row.id);
    };

    test('the search finds a certificate by its number, as printed, as well as by any of its serials', async () => {
      const [first, second] = issued;
      assert.deepEqual(await list(String(second.id)), [second.id]);
      assert.deepEqual(await list(`Nr. ${second.id}`), [second.id]);
      assert.deepEqual(await list(`nr${second.id}`), [second.id]);
      assert.deepEqual(await list(`#${first.id}`), [first.id]);
      assert.deepEqual(await list(second.endSerialNo), [second.id], 'a serial still finds its certificate');
      for (const nothing of [
        '0',
        '999999999',
        '1234567890123',
        `${second.id}x`,
        `-${second.id}`,
        "1' or '1'='1",
      ])
        assert.deepEqual(await list(nothing), [], nothing);
    });

    test('the filter’s totals count certificates and the units they hold; bad input is a German 400', async () => {
      const totals = async (query: Record<string, string | number>) => {
        const response = await get(apiPaths.certificatesTotals(), query);
        assert.equal(response.statusCode, 200, response.body);
        return response.json();
      };
      assert.deepEqual(await totals({}), { certificates: 3, units: 9 });
      assert.deepEqual(await totals({ search: 'nummernmaschine' }), { certificates: 3, units: 9 });
      assert.deepEqual(await totals({ search: String(issued[2].id) }), { certificates: 1, units: 4 });
      assert.deepEqual(await totals({ search: issued[1].serial_no }), { certificates: 1, units: 2 });
      assert.deepEqual(await totals({ from: '2000-01-01', to: '2000-01-31' }), { certificates: 0, units: 0 });
      for (const query of <Record<string, string>[]>[
        { from: '2026-02-30' },
        { brand_id: 'x' },
        { status: 'kaputt' },
        { search: 'x'.repeat(300) },
      ]) {
        const response = await get(apiPaths.certificatesTotals(), query);
        assert.equal(response.statusCode, 400, JSON.stringify(query));
        assert.match(response.json().error.message, /[äöüß]|Bitte|ungültig/);
      }
      assert.equal((await get(apiPaths.certificatesTotals(), { brand_id: 999_999 })).statusCode, 400);
      const unsigned = await t.app.inject({ url: apiUrl(apiPaths.certificatesTotals()) });
      assert.equal(unsigned.statusCode, 401);
    });

    test('the export names each certificate’s number and its void reason', async () => {
      const voided = issued[0];
      const response = await t.app.inject({
        method: 'POST',
        url: apiUrl(apiPaths.certificateVoid(voided.id)),
        headers: auth(t.token),
        payload: { version: 1, reason: 'Falsche Maschine gewählt', serials: undefined },
      });
      assert.equal(response.statusCode, 200, response.body);
      const exported = await exportedFile(t, { format: 'csv', search: String(voided.id) });
      assert.equal(exported.statusCode, 200, exported.body);
      const rows: string[][] = parse(exported.rawPayload.toString('utf8'), { bom: true, delimiter: ';' });
      const column = (name: string) => rows[0].indexOf(name);
      assert.ok(column('Prüfbericht Nr.') >= 0 && column('Stornogrund') >= 0, rows[0].join());
      assert.deepEqual(
        rows
          .slice(1)
          .map((row) => [row[column('Prüfbericht Nr.')], row[column('Status')], row[column('Stornogrund')]]),
        [[String(voided.id), 'Storniert', 'Falsche Maschine gewählt']],
      );
      const units = await exportedFile(t, { format: 'csv', rows: 'units', search: String(voided.id) });
      const unitRows: string[][] = parse(units.rawPayload.toString('utf8'), { bom: true, delimiter: ';' });
      assert.equal(unitRows.length, 1 + 3);
      for (const row of unitRows.slice(1)) {
        assert.equal(row[unitRows[0].indexOf('Prüfbericht Nr.')], String(voided.id));
        assert.equal(row[unitRows[0].indexOf('Stornogrund')], 'Falsche Maschine gewählt');
      }
    });
  });
}
