import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { apiPaths, type AuditPage, type PrintData } from 'contracts';
import { parse } from 'csv-parse/sync';
import ExcelJS from 'exceljs';
import { messages } from '../../messages';
import {
  TEST_COST,
  apiUrl,
  auth,
  certificateBody,
  createTestApp,
  kinds,
  seedMachine,
  type TestApp,
} from '../../test/harness';

const PASSWORD = 'pruefer-Passwort-9';

// Issue 31: an auditor reads the trail without administering anything, filters it by serial, certificate
// number and machine, and exports it in plain German.
for (const kind of kinds) {
  describe(`reading the audit trail on ${kind}`, () => {
    let t: TestApp;
    let auditor: string;
    let reader: string;
    const issued: PrintData[] = [];
    let otherMachine: number;
    before(async () => {
      t = await createTestApp(kind);
      for (const [email, roles] of [
        ['auditorin@example.com', ['audit']],
        ['leserin@example.com', ['lesen']],
      ] as const)
        await t.repositories.users.add({ email, password: PASSWORD, roles: [...roles] }, TEST_COST);
      auditor = await t.login('auditorin@example.com', PASSWORD);
      reader = await t.login('leserin@example.com', PASSWORD);
      const one = await seedMachine(t.repositories, { prefix: 'AU', name: 'Prüfstand A' });
      const two = await seedMachine(t.repositories, { prefix: 'AV', name: 'Prüfstand B' });
      otherMachine = two.machine.id;
      for (const [{ brand, machine }, quantity] of [
        [one, 2],
        [one, 1],
        [two, 3],
      ] as const) {
        const response = await t.app.inject({
          method: 'POST',
          url: apiUrl(apiPaths.certificateCreate()),
          headers: auth(t.token),
          payload: certificateBody(brand.id, machine.id, quantity),
        });
        issued.push(response.json()[0]);
      }
      const voided = await t.app.inject({
        method: 'POST',
        url: apiUrl(apiPaths.certificateVoid(issued[0].id)),
        headers: auth(t.token),
        payload: { version: 1, reason: 'Transportschaden', serials: [issued[0].endSerialNo] },
      });
      assert.equal(voided.statusCode, 200, voided.body);
      const roles = await t.app.inject({
        method: 'POST',
        url: apiUrl(apiPaths.accounts()),
        headers: auth(t.token),
        payload: { email: 'neu@example.com', password: 'erstes-Passwort-7', roles: ['pruefer'] },
      });
      assert.equal(roles.statusCode, 201, roles.body);
    });
    after(() => t.close());

    const trail = (query: Record<string, string | number>, token = auditor) =>
      t.app.inject({ url: apiUrl(apiPaths.audit()), query: query as never, headers: auth(token) });
    const subjects = async (query: Record<string, string | number>) => {
      const response = await trail(query);
      assert.equal(response.statusCode, 200, response.body);
      return (response.json() as AuditPage).data.map((event) => `${event.action} ${event.subject_id}`);
    };

    test('the audit role reads the whole trail without administering; other roles do not', async () => {
      assert.equal((await trail({})).statusCode, 200);
      const refused = await trail({}, reader);
      assert.equal(refused.statusCode, 403);
      assert.match(refused.json().error.message, /Audit/);
      assert.equal(
        (await t.app.inject({ url: apiUrl(apiPaths.accounts()), headers: auth(auditor) })).statusCode,
        403,
        'reading the trail is no right to administer',
      );
    });

    test('by serial: the unit’s events and its certificate’s; by number: the certificate’s and its units’', async () => {
      const [first] = issued;
      assert.deepEqual(await subjects({ serial: first.endSerialNo }), [
        `unit.voided ${first.endSerialNo}`,
        `certificate.issued ${first.id}`,
      ]);
      assert.deepEqual(await subjects({ serial: first.serial_no }), [`certificate.issued ${first.id}`]);
      assert.deepEqual(await subjects({ certificate_id: first.id }), [
        `unit.voided ${first.endSerialNo}`,
        `certificate.issued ${first.id}`,
      ]);
      assert.deepEqual(await subjects({ certificate_id: first.id, action: 'certificate.issued' }), [
        `certificate.issued ${first.id}`,
      ]);
      assert.deepEqual(await subjects({ serial: 'XX0000000' }), []);
    });

    test('by machine: its certificates and their units; with account and period', async () => {
      assert.deepEqual(await subjects({ machine_id: otherMachine }), [`certificate.issued ${issued[2].id}`]);
      assert.deepEqual(
        await subjects({ machine_id: otherMachine, account_id: t.accountId, from: '2000-01-01' }),
        [`certificate.issued ${issued[2].id}`],
      );
      assert.deepEqual(await subjects({ machine_id: otherMachine, to: '2000-01-01' }), []);
      assert.deepEqual(await subjects({ machine_id: otherMachine, account_email: ' STAFF@example.com ' }), [
        `certificate.issued ${issued[2].id}`,
      ]);
      assert.deepEqual(
        await subjects({ machine_id: otherMachine, account_email: 'niemand@example.com' }),
        [],
      );
    });

    test('bad filters are a German 400 naming the field', async () => {
      for (const [query, field] of [
        [{ serial: '' }, 'serial'],
        [{ serial: 'x'.repeat(65) }, 'serial'],
        [{ certificate_id: 'sieben' }, 'certificate_id'],
        [{ machine_id: -1 }, 'machine_id'],
        [{ from: '2026-13-45' }, 'from'],
      ] as const) {
        const response = await trail(query);
        assert.equal(response.statusCode, 400, JSON.stringify(query));
        assert.ok(response.json().error.fields?.[field], response.body);
      }
    });

    test('the export is plain German (never keys or JSON), as CSV and as XLSX, and is itself recorded', async () => {
      const exported = (query: Record<string, string | number>, token = auditor) =>
        t.app.inject({ url: apiUrl(apiPaths.auditExport()), query: query as never, headers: auth(token) });
      const csv = await exported({ format: 'csv', certificate_id: issued[0].id });
      assert.equal(csv.statusCode, 200, csv.body);
      assert.match(
        String(csv.headers['content-disposition']),
        /^attachment; filename="protokoll-\d{4}-\d{2}-\d{2}\.csv"$/,
      );
      const rows: string[][] = parse(csv.rawPayload.toString('utf8'), { bom: true, delimiter: ';' });
      assert.deepEqual(rows[0], ['Zeitpunkt', 'Konto', 'Aktion', 'Gegenstand', 'Details']);
      assert.deepEqual(
        rows.slice(1).map((row) => row.slice(1, 4)),
        [
          ['staff@example.com', 'Einheit storniert', `Einheit ${issued[0].endSerialNo}`],
          ['staff@example.com', 'Ausgestellt', `Prüfbericht ${issued[0].id}`],
        ],
      );
      assert.equal(rows[1][4], `Prüfbericht Nr.: ${issued[0].id} · Grund: Transportschaden`);
      assert.ok(
        rows[2][4].startsWith(
          `Maschine Nr.: ${issued[0].machine_id} · Menge: 2 · Erste Seriennummer: ${issued[0].serial_no} · ` +
            `Letzte Seriennummer: ${issued[0].endSerialNo}`,
        ),
        rows[2][4],
      );
      const all = await exported({ format: 'csv' });
      const text = all.rawPayload.toString('utf8');
      assert.match(text, /Konto angelegt;Konto \d+;E-Mail: neu@example.com · Rollen: Prüfer/);
      assert.doesNotMatch(text, /[{}"]|\b[a-z]+_[a-z]+\b|certificate\.issued/);

      const xlsx = await exported({ format: 'xlsx', serial: issued[0].endSerialNo });
      assert.equal(xlsx.statusCode, 200);
      const workbook = new ExcelJS.Workbook();
      await workbook.xlsx.load(xlsx.rawPayload as never);
      const sheet = workbook.worksheets[0];
      assert.equal(sheet.getRow(1).getCell(3).value, 'Aktion');
      assert.equal(sheet.getRow(2).getCell(3).value, 'Einheit storniert');
      assert.ok(sheet.getRow(2).getCell(1).value instanceof Date);

      const nothing = await exported({ format: 'csv', serial: 'XX0000000' });
      assert.equal(nothing.statusCode, 404);
      assert.equal(nothing.json().error.message, messages.nothingToExportAudit);
      for (const query of <Record<string, string>[]>[
        {},
        { format: 'pdf' },
        { format: 'csv', certificate_id: 'x' },
        { format: 'csv', from: 'gestern' },
      ])
        assert.equal((await exported(query)).statusCode, 400, JSON.stringify(query));
      assert.equal((await exported({ format: 'csv' }, reader)).statusCode, 403);
      const recorded = await subjects({ action: 'audit.exported' });
      assert.ok(recorded.length >= 2, recorded.join());
    });
  });
}
