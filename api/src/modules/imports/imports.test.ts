import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { after, before, describe, test } from 'node:test';
import ExcelJS from 'exceljs';
import {
  apiPaths,
  SOURCE_FILE_LABELS,
  type ImportPreview,
  type PrintData,
  type TesterFile,
  type UnitView,
} from 'contracts';
import { german } from '../../messages.de';
import {
  apiUrl,
  auth,
  certificateBody,
  createTestApp,
  kinds,
  seedMachine,
  TEST_COST,
  type TestApp,
} from '../../test/harness';
import { day, MEASURED_PLAN, MEASURED_PLAN_PASSED, tester } from '../../test/measured-plan';
import { testZip } from '../../test/zip';
import { multipart } from '../documents/test-pdfs';

/** A tester's CSV as Benning's or Gossen's PC software writes it: semicolons, decimal commas, units in the head. */
const csv = (unit: string, rows: [string, string][]) =>
  Buffer.from(
    `Seriennummer;Isolationswiderstand [${unit}]\r\n${rows.map((row) => row.join(';')).join('\r\n')}\r\n`,
  );
/**
 * Metrel's DataSource.padf as docs/tester-files.md describes it, for the instrument with serial `serial` calibrated
 * on `calibrated` (by default the register's last calibration of `tester`).
 */
const padfx = (serial: string, units: [string, string][], calibrated = day(-100)) =>
  testZip([
    {
      name: 'DataSource.padf',
      deflate: true,
      data: `\uFEFF<?xml version="1.0" encoding="utf-8"?><Database><I IMiNm="MI 3325" ISer="${serial}" ISwV="1.4.2" ICalD="${calibrated}"/><Data>${units
        .map(
          ([unit, riso]) =>
            `<SO><SOSer>${unit}</SOSer><Ms><M MID="69"><R RID="139" V="${riso}" U="MΩ"/></M></Ms></SO>`,
        )
        .join('')}</Data></Database>`,
    },
  ]);
/** The files attached to a PDF (poppler's pdfdetach: name → bytes), and the PDF's text (pdftotext). */
function attachmentsOf(pdf: Buffer) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'pb-import-'));
  try {
    fs.writeFileSync(path.join(dir, 'document.pdf'), pdf);
    fs.mkdirSync(path.join(dir, 'out'));
    execFileSync('pdfdetach', ['-saveall', '-o', 'out', 'document.pdf'], { cwd: dir });
    const listed = execFileSync('pdfdetach', ['-list', 'document.pdf'], { cwd: dir }).toString('utf8');
    const names = [...listed.matchAll(/^\d+: (.+)$/gm)].map((match) => match[1]);
    const files = new Map(names.map((name) => [name, fs.readFileSync(path.join(dir, 'out', name))]));
    const text = execFileSync('pdftotext', ['document.pdf', '-'], { cwd: dir }).toString('utf8');
    return { files, text };
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}
const RELEASER = { email: 'qs@example.com', password: 'Freigabe-Passwort-1', roles: ['freigabe'] as const };
const INSPECTOR = {
  email: 'pruefer@example.com',
  password: 'Pruefer-Passwort-1',
  roles: ['pruefer'] as const,
};

for (const kind of kinds) {
  describe(`values from a tester's file on ${kind}`, () => {
    let t: TestApp;
    let brandId: number;
    let machineId: number;
    let otherMachineId: number;
    let instrumentId: number;
    let inspector: string;
    let releaser: string;

    const call = (
      method: 'GET' | 'POST' | 'PUT' | 'DELETE',
      path: string,
      payload?: object,
      token = t.token,
    ) => t.app.inject({ method, url: apiUrl(path), headers: auth(token), payload });
    const upload = (
      data: Buffer,
      fields: Record<string, string> = { machine_id: String(machineId) },
      token = t.token,
    ) => {
      const body = multipart(fields, { data, name: 'messung.csv', type: 'text/csv' });
      return t.app.inject({
        method: 'POST',
        url: apiUrl(apiPaths.testerFiles()),
        headers: { ...auth(token), ...body.headers },
        payload: body.payload,
      });
    };
    const uploaded = async (data: Buffer, fields?: Record<string, string>) => {
      const response = await upload(data, fields);
      assert.equal(response.statusCode, 201, response.body);
      return response.json() as TesterFile;
    };
    const saveMapping = (tester_model: string, serial_column: string | null, token = t.token) =>
      call(
        'PUT',
        apiPaths.importMappings(),
        {
          machine_id: machineId,
          tester_model,
          serial_column,
          steps: { insulation_resistance: tester_model === 'MI 3325' ? '69/139' : 'Isolationswiderstand' },
        },
        token,
      );
    const preview = (fileId: number, body: object) => call('POST', apiPaths.testerFilePreview(fileId), body);
    const issue = (quantity: number, tester_file: object, units: object[] = [], instruments = {}) =>
      call('POST', apiPaths.certificateCreate(), {
        ...certificateBody(brandId, machineId, quantity),
        results: { certificate: MEASURED_PLAN_PASSED, units, instruments, tester_file },
      });
    const count = async (table: 'tester_files' | 'certificates' | 'test_attempts') =>
      Number(
        (
          await t.db
            .selectFrom(table)
            .select((eb) => eb.fn.countAll().as('n'))
            .executeTakeFirstOrThrow()
        ).n,
      );
    /** The upload is refused with `status` and the German `message`, and no file is stored. */
    const refusedUpload = async (data: Buffer, status: number, message: string) => {
      const before = await count('tester_files');
      const response = await upload(data);
      assert.equal(response.statusCode, status, response.body);
      assert.equal(response.json().error.message, message);
      assert.equal(await count('tester_files'), before);
    };
    /** The preview (and so the import) of a stored file is refused with the German `message`; no value stored. */
    const refusedPreview = async (fileId: number, body: object, message: string, status = 400) => {
      const before = await count('test_attempts');
      const response = await preview(fileId, body);
      assert.equal(response.statusCode, status, response.body);
      assert.equal(response.json().error.message, message);
      assert.equal(await count('test_attempts'), before);
    };

    before(async () => {
      t = await createTestApp(kind);
      const { brand, machine } = await seedMachine(t.repositories, { prefix: 'TI' });
      brandId = brand.id;
      machineId = machine.id;
      otherMachineId = (await seedMachine(t.repositories, { prefix: 'TX', name: 'Andere' })).machine.id;
      const plan = await call('PUT', apiPaths.machineTestPlan(machineId), {
        steps: MEASURED_PLAN,
        based_on: 0,
      });
      assert.equal(plan.statusCode, 200, plan.body);
      const registered = await call(
        'POST',
        apiPaths.instruments(),
        tester('PM-1', { serial_number: '21370123' }),
      );
      assert.equal(registered.statusCode, 201, registered.body);
      instrumentId = registered.json().id;
      for (const [number, changes] of [
        ['PM-2', { serial_number: 'OVERDUE-1', last_calibrated: day(-400), due: day(-35) }],
        ['PM-3', { serial_number: 'BLOCKED-1', status: 'blocked' }],
      ] as const) {
        const other = await call('POST', apiPaths.instruments(), tester(number, changes));
        assert.equal(other.statusCode, 201, other.body);
      }
      await t.repositories.users.add(RELEASER, TEST_COST);
      await t.repositories.users.add(INSPECTOR, TEST_COST);
      releaser = await t.login(RELEASER.email, RELEASER.password);
      inspector = await t.login(INSPECTOR.email, INSPECTOR.password);
    });
    after(() => t.close());

    test('a CSV for 5 units: mapped once, previewed with verdicts and conflicts, issued as if typed, with its source', async () => {
      const file = await uploaded(
        csv('MΩ', [
          ['A-1', '250,5'],
          ['A-2', '199,9'],
          ['A-3', '12,0'],
          ['A-4', '0,8'],
          ['A-5', '310'],
        ]),
      );
      assert.equal(file.format, 'csv');
      assert.equal(file.rows, 5);
      assert.match(file.sha256, /^[0-9a-f]{64}$/);
      assert.equal(file.mapping_saved, false);
      assert.deepEqual(file.mapping, {
        serial_column: 'Seriennummer',
        steps: { insulation_resistance: 'Isolationswiderstand' },
      });
      // Before a mapping is saved nothing is previewed.
      await refusedPreview(file.id, { quantity: 5 }, german.importMappingMissing, 409);
      assert.equal((await saveMapping('', null)).statusCode, 200);

      const shown = await preview(file.id, { quantity: 5, entered: [{ insulation_resistance: '5,0' }] });
      assert.equal(shown.statusCode, 200, shown.body);
      const body = shown.json() as ImportPreview;
      assert.deepEqual(
        body.units.map((unit) => [
          unit.unit,
          unit.values.insulation_resistance,
          unit.verdicts.insulation_resistance,
        ]),
        [
          [1, '250,5', 'pass'],
          [2, '199,9', 'pass'],
          [3, '12,0', 'pass'],
          [4, '0,8', 'fail'],
          [5, '310', 'pass'],
        ],
      );
      assert.equal(body.units[3].passed, false);
      assert.deepEqual(body.units[0].conflicts, [
        { step: 'insulation_resistance', entered: '5,0', file: '250,5' },
      ]);
      assert.deepEqual(body.not_in_certificate, []);
      assert.deepEqual(body.missing_units, []);
      // Six units, four of them in the file: the rest are named both ways.
      const partial = (await preview(file.id, { quantity: 6 })).json() as ImportPreview;
      assert.deepEqual(partial.missing_units, [6]);
      const fewer = (await preview(file.id, { quantity: 4 })).json() as ImportPreview;
      assert.deepEqual(fewer.not_in_certificate, [german.importRow(5)]);

      // A value entered and differing from the file's: refused until keep or replace is chosen.
      const certificates = await count('certificates');
      const typed = [{ insulation_resistance: '5,0' }];
      const instruments = { insulation_resistance: instrumentId };
      const conflict = await issue(5, { id: file.id }, typed, instruments);
      assert.equal(conflict.statusCode, 409, conflict.body);
      assert.equal(conflict.json().error.code, 'IMPORT_CONFLICT');
      assert.equal(await count('certificates'), certificates);
      const kept = await issue(5, { id: file.id, on_conflict: 'keep' }, typed, instruments);
      assert.equal(kept.statusCode, 200, kept.body);
      const issued = await issue(5, { id: file.id, on_conflict: 'replace' }, typed, instruments);
      assert.equal(issued.statusCode, 200, issued.body);
      const [keptCertificate] = kept.json() as PrintData[];
      const [certificate] = issued.json() as PrintData[];
      assert.equal(certificate.failed_units, 1);
      const attempts = await t.db
        .selectFrom('test_attempts')
        .select(['certificate_id', 'unit_index', 'values', 'passed', 'source_file_id'])
        .where('certificate_id', 'in', [certificate.id, keptCertificate.id])
        .orderBy('certificate_id')
        .orderBy('unit_index')
        .execute();
      const insulation = (row: { values: string }) => JSON.parse(row.values).insulation_resistance;
      assert.deepEqual(
        attempts.map((row) => [row.certificate_id, insulation(row), row.passed, row.source_file_id]),
        [
          [keptCertificate.id, '5,0', 1, file.id],
          [keptCertificate.id, '199,9', 1, file.id],
          [keptCertificate.id, '12,0', 1, file.id],
          [keptCertificate.id, '0,8', 0, file.id],
          [keptCertificate.id, '310', 1, file.id],
          [certificate.id, '250,5', 1, file.id],
          [certificate.id, '199,9', 1, file.id],
          [certificate.id, '12,0', 1, file.id],
          [certificate.id, '0,8', 0, file.id],
          [certificate.id, '310', 1, file.id],
        ],
      );

      // The sealed PDF/A-3 carries the original file beside certificate.json and prints its hash.
      await t.runJobs();
      const sealed = await t.app.inject({
        url: apiUrl(apiPaths.certificateDocument(certificate.id)),
        headers: auth(t.token),
      });
      assert.equal(sealed.statusCode, 200);
      const { files, text } = attachmentsOf(sealed.rawPayload);
      const attachedName = `${file.sha256.slice(0, 12)}-messung.csv`;
      assert.deepEqual([...files.keys()].sort(), [attachedName, 'certificate.json'].sort());
      const attached = files.get(attachedName)!;
      assert.equal(crypto.createHash('sha256').update(attached).digest('hex'), file.sha256);
      assert.match(text.replace(/\s+/g, ''), new RegExp(file.sha256));
      // Its title in the certificate's six languages.
      for (const label of SOURCE_FILE_LABELS) assert.ok(text.replace(/\s+/g, ' ').includes(label), label);
      const record = JSON.parse(files.get('certificate.json')!.toString('utf8'));
      assert.equal(record.test_record.units[0].attempts[0].source.sha256, file.sha256);
    });

    test("a value in kΩ is converted into the step's MΩ exactly; a unit of another quantity is refused", async () => {
      await saveMapping('', null);
      const kilo = await uploaded(
        csv('kOhm', [
          ['K-1', '2500'],
          ['K-2', '800'],
        ]),
      );
      const shown = (await preview(kilo.id, { quantity: 2 })).json() as ImportPreview;
      assert.deepEqual(
        shown.units.map((unit) => [unit.values.insulation_resistance, unit.verdicts.insulation_resistance]),
        [
          ['2,5', 'pass'],
          ['0,8', 'fail'],
        ],
      );
      const volts = await uploaded(csv('V', [['V-1', '500']]));
      await refusedPreview(
        volts.id,
        { quantity: 1 },
        german.importUnitMismatch('Isolationswiderstand', 'V', 'MΩ'),
      );
      const refused = await issue(1, { id: volts.id }, [], { insulation_resistance: instrumentId });
      assert.equal(
        refused.json().error.message,
        german.importUnitMismatch('Isolationswiderstand', 'V', 'MΩ'),
      );
    });

    test("a retest takes the failed unit's row by its serial; the attempt names the file", async () => {
      const instruments = { insulation_resistance: instrumentId };
      const typed = await call('POST', apiPaths.certificateCreate(), {
        ...certificateBody(brandId, machineId, 2),
        results: {
          certificate: MEASURED_PLAN_PASSED,
          units: [{ insulation_resistance: '5' }, { insulation_resistance: '0,5' }],
          instruments,
        },
      });
      assert.equal(typed.statusCode, 200, typed.body);
      const [certificate] = typed.json() as PrintData[];
      const [first, failed] = certificate.serials;
      assert.equal((await saveMapping('ST 725', 'Seriennummer')).statusCode, 200);
      const file = await uploaded(
        csv('MΩ', [
          [first, '6'],
          [failed, '2,5'],
        ]),
        {
          machine_id: String(machineId),
          tester_model: 'ST 725',
        },
      );
      const shown = (await preview(file.id, { serial: failed })).json() as ImportPreview;
      assert.deepEqual(
        shown.units.map((unit) => [
          unit.serial,
          unit.values.insulation_resistance,
          unit.verdicts.insulation_resistance,
        ]),
        [[failed, '2,5', 'pass']],
      );
      assert.deepEqual(shown.not_in_certificate, [first]);
      const retest = await call('POST', apiPaths.unitAttempts(failed), {
        values: {},
        instruments,
        failure_reason: 'ISO',
        tester_file: { id: file.id },
      });
      assert.equal(retest.statusCode, 200, retest.body);
      assert.equal((retest.json() as PrintData).failed_units, 0);
      const attempt = await t.db
        .selectFrom('test_attempts')
        .select(['values', 'source_file_id'])
        .where('certificate_id', '=', certificate.id)
        .where('unit_index', '=', 1)
        .where('attempt', '=', 2)
        .executeTakeFirstOrThrow();
      assert.equal(JSON.parse(attempt.values).insulation_resistance, '2,5');
      assert.equal(attempt.source_file_id, file.id);
      // The unit's trail names the file with its hash.
      const trail = await call('GET', apiPaths.unit(failed));
      const unitRecord = (trail.json() as UnitView).certificate.test_record.units.find(
        (unit) => unit.serial === failed,
      )!;
      assert.deepEqual(
        unitRecord.attempts.map((each) => each.source?.sha256 ?? null),
        [null, file.sha256],
      );
    });

    test('Metrel .padfx: recognised by content, its ids mapped from the data table, its instrument taking the values', async () => {
      const file = await uploaded(
        padfx('21370123', [
          ['M-1', '250'],
          ['M-2', '0,4'],
        ]),
        {
          machine_id: String(machineId),
        },
      );
      assert.equal(file.format, 'padfx');
      assert.equal(file.tester_model, 'MI 3325');
      assert.equal(file.tester_serial, '21370123');
      assert.deepEqual(file.mapping.steps, { insulation_resistance: '69/139' });
      assert.equal((await saveMapping('MI 3325', null)).statusCode, 200);
      const issued = await issue(2, { id: file.id });
      assert.equal(issued.statusCode, 200, issued.body);
      const [certificate] = issued.json() as PrintData[];
      assert.equal(certificate.failed_units, 1);
      const used = await t.db
        .selectFrom('attempt_instruments')
        .select('instrument_id')
        .where('certificate_id', '=', certificate.id)
        .execute();
      assert.deepEqual(
        used.map((row) => row.instrument_id),
        [instrumentId, instrumentId],
      );
    });

    test('the mapping: saved first by whoever tests, changed only by the quality role', async () => {
      const body = (token: string, serial_column: string | null) =>
        call(
          'PUT',
          apiPaths.importMappings(),
          { machine_id: machineId, tester_model: 'Seaward', serial_column, steps: {} },
          token,
        );
      assert.equal((await body(inspector, null)).statusCode, 200);
      const change = await body(inspector, 'Serial');
      assert.equal(change.statusCode, 403);
      assert.equal(change.json().error.message, german.importMappingChange);
      assert.equal((await body(releaser, 'Serial')).statusCode, 200);
      const unknown = await call('PUT', apiPaths.importMappings(), {
        machine_id: machineId,
        tester_model: 'Seaward',
        serial_column: null,
        steps: { perpendicularity: 'A' },
      });
      assert.equal(unknown.statusCode, 400);
      assert.equal(
        unknown.json().error.fields['steps.perpendicularity'],
        german.importMappingStep('perpendicularity'),
      );
    });

    test('saved mappings: listed, changed and deleted by the quality role, each change in the trail', async () => {
      const trail = (action: string) =>
        t.db
          .selectFrom('audit_events')
          .select(['subject_type', 'subject_id', 'details'])
          .where('action', '=', action)
          .orderBy('id')
          .execute();
      const mapping = (serial_column: string | null, column: string, token = releaser) =>
        call(
          'PUT',
          apiPaths.importMappings(),
          {
            machine_id: machineId,
            tester_model: 'Fluke 1664',
            serial_column,
            steps: { insulation_resistance: column },
          },
          token,
        );
      assert.equal((await mapping(null, 'Riso', inspector)).statusCode, 200);
      assert.equal((await mapping('SN', 'R iso')).statusCode, 200);
      // Saving it unchanged records nothing.
      assert.equal((await mapping('SN', 'R iso')).statusCode, 200);
      const [saved] = (await trail('import_mapping.saved')).filter((row) =>
        row.details.includes('Fluke 1664'),
      );
      assert.deepEqual([saved.subject_type, saved.subject_id], ['machine', String(machineId)]);
      assert.deepEqual(JSON.parse(saved.details), {
        tester_model: 'Fluke 1664',
        serial_column: null,
        columns: { insulation_resistance: 'Riso' },
      });
      const changed = await trail('import_mapping.changed');
      assert.deepEqual(JSON.parse(changed.at(-1)!.details), {
        tester_model: 'Fluke 1664',
        before: { serial_column: null, columns: { insulation_resistance: 'Riso' } },
        after: { serial_column: 'SN', columns: { insulation_resistance: 'R iso' } },
      });
      assert.equal(changed.filter((row) => row.details.includes('Fluke 1664')).length, 1);

      const list = await call('GET', apiPaths.machineImportMappings(machineId), undefined, releaser);
      assert.equal(list.statusCode, 200, list.body);
      const fluke = list
        .json()
        .data.find((row: { tester_model: string }) => row.tester_model === 'Fluke 1664');
      assert.deepEqual(
        { ...fluke, id: 0, updated_at: '' },
        {
          id: 0,
          machine_id: machineId,
          tester_model: 'Fluke 1664',
          serial_column: 'SN',
          steps: { insulation_resistance: 'R iso' },
          updated_at: '',
          updated_by_name: RELEASER.email,
        },
      );
      const listed = list.json().data.map((row: { tester_model: string }) => row.tester_model);
      assert.deepEqual(listed, [...listed].sort());
      // The list and the deletion are the quality role's; bad ids are a German 400 or 404.
      const forbidden = await call('GET', apiPaths.machineImportMappings(machineId), undefined, inspector);
      assert.equal(forbidden.statusCode, 403);
      assert.equal(
        (await call('DELETE', apiPaths.importMapping(fluke.id), undefined, inspector)).statusCode,
        403,
      );
      for (const query of ['', '?machine_id=x', "?machine_id=1' or 1=1", '?machine_id=99999999999'])
        assert.equal(
          (await call('GET', `${apiPaths.importMappings()}${query}`, undefined, releaser)).statusCode,
          400,
        );
      const noMachine = await call('GET', apiPaths.machineImportMappings(999_999), undefined, releaser);
      assert.equal(noMachine.statusCode, 400);
      assert.equal(noMachine.json().error.fields.machine_id, german.fields.machineMissing);

      for (const id of ['abc', '0', "1' or 1=1", '99999999999'])
        assert.equal(
          (
            await call(
              'DELETE',
              `${apiPaths.importMappings()}/${encodeURIComponent(id)}`,
              undefined,
              releaser,
            )
          ).statusCode,
          400,
          id,
        );
      const removed = await call('DELETE', apiPaths.importMapping(fluke.id), undefined, releaser);
      assert.equal(removed.statusCode, 204, removed.body);
      const again = await call('DELETE', apiPaths.importMapping(fluke.id), undefined, releaser);
      assert.equal(again.statusCode, 404);
      assert.equal(again.json().error.message, german.importMappingNotFound);
      const after = await call('GET', apiPaths.machineImportMappings(machineId), undefined, releaser);
      assert.ok(!after.json().data.some((row: { id: number }) => row.id === fluke.id));
      assert.deepEqual(JSON.parse((await trail('import_mapping.removed')).at(-1)!.details), {
        tester_model: 'Fluke 1664',
        serial_column: 'SN',
        columns: { insulation_resistance: 'R iso' },
      });
    });

    test("Metrel's measurement ids are data: read by all, replaced by the quality role", async () => {
      const path = apiPaths.measurementIds('metrel');
      const seeded = await call('GET', path);
      assert.equal(seeded.statusCode, 200);
      assert.deepEqual(seeded.json().data, [
        { column_key: '68/135', step_key: 'isolation' },
        { column_key: '69/139', step_key: 'insulation_resistance' },
        { column_key: '70/139', step_key: 'insulation_resistance' },
        { column_key: '80/135', step_key: 'isolation' },
        { column_key: '118/139', step_key: 'insulation_resistance' },
      ]);
      const list = {
        data: [...seeded.json().data, { column_key: '71/139', step_key: 'insulation_resistance' }],
      };
      assert.equal((await call('PUT', path, list, inspector)).statusCode, 403);
      const saved = await call('PUT', path, list, releaser);
      assert.equal(saved.statusCode, 200, saved.body);
      assert.equal(saved.json().data.length, 6);
      const twice = await call('PUT', path, { data: [list.data[0], list.data[0]] }, releaser);
      assert.equal(twice.statusCode, 400);
      assert.equal(twice.json().error.fields.data, german.importMeasurementIdTwice('68/135'));
      const hostile = await call(
        'PUT',
        path,
        { data: [{ column_key: "1' or 1=1", step_key: 'x' }] },
        releaser,
      );
      assert.equal(hostile.statusCode, 400);
      assert.equal((await call('GET', apiPaths.measurementIds('fluke'))).statusCode, 400);
      assert.equal((await call('GET', path)).json().data.length, 6);
      const [changed] = await t.db
        .selectFrom('audit_events')
        .select(['subject_type', 'subject_id', 'details'])
        .where('action', '=', 'measurement_ids.changed')
        .execute();
      assert.deepEqual([changed.subject_type, changed.subject_id], ['tester_measurement_ids', 'metrel']);
      const { before: was, after: now } = JSON.parse(changed.details);
      assert.equal(was.ids.length, 5);
      assert.deepEqual(
        now.ids.filter((id: string) => !was.ids.includes(id)),
        ['71/139 = insulation_resistance'],
      );
    });

    describe('bad input: a German reason, and nothing stored', () => {
      test('not a CSV, XLSX or padfx by its content', () =>
        refusedUpload(Buffer.from('%PDF-1.7\n\u0001\u0002binär'), 400, german.importFormat));
      test('a ZIP bomb', () =>
        refusedUpload(
          testZip([
            {
              name: 'DataSource.padf',
              data: Buffer.alloc(60 * 1024 * 1024),
              deflate: true,
              declaredSize: 1024,
            },
          ]),
          400,
          german.importZipBroken,
        ));
      test('a ZIP with a path traversal name', () =>
        refusedUpload(testZip([{ name: '../../etc/passwd', data: 'x' }]), 400, german.importZipPath));
      test('more than 10 MB', () =>
        refusedUpload(Buffer.alloc(10 * 1024 * 1024 + 1, 'a'), 413, german.importTooLarge));
      test('XML with an external entity (XXE)', () =>
        refusedUpload(
          testZip([
            {
              name: 'DataSource.padf',
              data: '<?xml version="1.0"?><!DOCTYPE Database [<!ENTITY x SYSTEM "file:///etc/passwd">]><Database><Data>&x;</Data></Database>',
            },
          ]),
          400,
          german.importXmlDeclaration,
        ));
      test('XML with entity expansion (billion laughs)', () =>
        refusedUpload(
          testZip([
            {
              name: 'DataSource.padf',
              data: '<?xml version="1.0"?><!DOCTYPE D [<!ENTITY a "aaaaaaaaaa"><!ENTITY b "&a;&a;&a;&a;&a;&a;&a;&a;&a;&a;">]><Database><Data>&b;</Data></Database>',
            },
          ]),
          400,
          german.importXmlDeclaration,
        ));
      test('a column with mixed decimal separators', () =>
        refusedUpload(
          csv('MΩ', [
            ['X-1', '1,5'],
            ['X-2', '1.5'],
          ]),
          400,
          german.importMixedDecimals('Isolationswiderstand'),
        ));
      test('an empty file', () => refusedUpload(Buffer.alloc(0), 400, german.importEmpty));
      test('a Metrel file of an instrument not in the register, overdue or blocked', async () => {
        await refusedUpload(
          padfx('UNKNOWN-9', [['M-1', '1']]),
          409,
          german.importInstrumentUnknown('UNKNOWN-9'),
        );
        await refusedUpload(
          padfx('OVERDUE-1', [['M-1', '1']]),
          409,
          german.importInstrumentUnfit('OVERDUE-1', german.instrumentOverdue(day(-35))),
        );
        await refusedUpload(
          padfx('BLOCKED-1', [['M-1', '1']]),
          409,
          german.importInstrumentUnfit('BLOCKED-1', german.instrumentBlocked),
        );
      });
      test("a Metrel file whose calibration date is not the register's last calibration", async () => {
        await refusedUpload(
          padfx('21370123', [['M-1', '1']], day(-30)),
          409,
          german.importCalibrationDiffers('21370123', day(-30), day(-100)),
        );
        for (const unreadable of ['', '2026-02-30', '12/03/2026', '<x/>'])
          await refusedUpload(
            padfx('21370123', [['M-1', '1']], unreadable.replace('<x/>', '&lt;x/&gt;')),
            400,
            german.importCalibrationMissing('21370123'),
          );
        // German notation and a time of day name the same calendar day.
        const [year, month, date] = day(-100).split('-');
        for (const same of [`${date}.${month}.${year}`, `${day(-100)}T00:00:00`])
          await uploaded(padfx('21370123', [['M-1', '1']], same));
      });
      test("no file, no machine, another machine's file", async () => {
        const none = multipart({ machine_id: String(machineId) });
        const missing = await t.app.inject({
          method: 'POST',
          url: apiUrl(apiPaths.testerFiles()),
          headers: { ...auth(t.token), ...none.headers },
          payload: none.payload,
        });
        assert.equal(missing.statusCode, 400);
        assert.equal(missing.json().error.message, german.importFileMissing);
        const noMachine = await upload(csv('MΩ', [['A', '1']]), {});
        assert.equal(noMachine.statusCode, 400);
        const hostile = await upload(csv('MΩ', [['A', '1']]), { machine_id: "1' or 1=1" });
        assert.equal(hostile.statusCode, 400);
        const other = await uploaded(csv('MΩ', [['A', '1']]), { machine_id: String(otherMachineId) });
        const refused = await issue(1, { id: other.id }, [], { insulation_resistance: instrumentId });
        assert.equal(refused.statusCode, 400);
        assert.equal(refused.json().error.message, german.importOtherMachine);
        // A client's folder in the file's name is not kept: the name is printed on the certificate.
        const named = multipart(
          { machine_id: String(machineId) },
          { data: csv('MΩ', [['A', '1']]), name: '../../etc/Messung.csv', type: 'text/csv' },
        );
        const stored = await t.app.inject({
          method: 'POST',
          url: apiUrl(apiPaths.testerFiles()),
          headers: { ...auth(t.token), ...named.headers },
          payload: named.payload,
        });
        assert.equal((stored.json() as TesterFile).name, 'Messung.csv');
        const unknownFile = await preview(999_999, { quantity: 1 });
        assert.equal(unknownFile.statusCode, 404);
        assert.equal(unknownFile.json().error.message, german.importFileNotFound);
      });
      test('formula cells in XLSX are read as their stored values, never evaluated', async () => {
        const workbook = new ExcelJS.Workbook();
        const sheet = workbook.addWorksheet('Messungen');
        sheet.addRow(['Seriennummer', 'Isolationswiderstand [MΩ]']);
        sheet.addRow(['F-1', { formula: '0.5*2', result: 250 }]);
        sheet.addRow(['F-2', { formula: 'NOW()' }]);
        const file = await uploaded(Buffer.from(await workbook.xlsx.writeBuffer()), {
          machine_id: String(machineId),
          tester_model: 'xlsx',
        });
        assert.deepEqual(file.sample, [
          ['F-1', '250'],
          ['F-2', ''],
        ]);
      });
      test('a serial that belongs to another certificate', async () => {
        const typed = await issue(1, undefined as never, [{ insulation_resistance: '0,5' }], {
          insulation_resistance: instrumentId,
        });
        assert.equal(typed.statusCode, 200, typed.body);
        const [other] = (typed.json() as PrintData[])[0].serials;
        await saveMapping('Benning', 'Seriennummer');
        const file = await uploaded(csv('MΩ', [[other, '5']]), {
          machine_id: String(machineId),
          tester_model: 'Benning',
        });
        await refusedPreview(file.id, { quantity: 1 }, german.importSerialOfOther(other));
      });
      test('two rows (two sets of values) for one unit', async () => {
        await saveMapping('Fluke', 'Seriennummer');
        const file = await uploaded(
          csv('MΩ', [
            ['D-1', '5'],
            ['D-1', '6'],
          ]),
          {
            machine_id: String(machineId),
            tester_model: 'Fluke',
          },
        );
        await refusedPreview(file.id, { quantity: 2 }, german.importTwoRows('D-1'));
      });
      test('a preview that names neither units nor a retest', async () => {
        const file = await uploaded(csv('MΩ', [['A', '1']]));
        await refusedPreview(file.id, {}, german.importTarget);
        const oversized = await preview(file.id, { quantity: 1, entered: Array(101).fill({}) });
        assert.equal(oversized.statusCode, 400);
      });
    });

    test('figure: the preview of 100 units from one file', async () => {
      await saveMapping('', null);
      const rows = Array.from({ length: 100 }, (_, k) => [`B-${k}`, `${k + 1},5`] as [string, string]);
      const file = await uploaded(csv('MΩ', rows));
      const started = performance.now();
      const shown = await preview(file.id, { quantity: 100 });
      const took = performance.now() - started;
      assert.equal((shown.json() as ImportPreview).units.length, 100);
      console.log(`preview of 100 units from one file on ${kind}: ${took.toFixed(0)} ms`);
    });
  });
}
