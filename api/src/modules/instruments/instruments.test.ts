import assert from 'node:assert/strict';
import crypto from 'node:crypto';
import { after, before, describe, test } from 'node:test';
import {
  CALIBRATION_CERTIFICATE_MAX_BYTES,
  apiPaths,
  formatDate,
  type ImpactValue,
  type InstrumentBody,
  type PrintData,
} from 'contracts';
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
import { messages } from '../../messages';
import { hostilePdf, multipart, plainPdf } from '../documents/test-pdfs';
import { day, MEASURED_PLAN, MEASURED_PLAN_PASSED, tester } from '../../test/measured-plan';

for (const kind of kinds) {
  describe(`test instruments on ${kind}`, () => {
    let t: TestApp;
    let brandId: number;
    let machineId: number;

    const call = (method: 'GET' | 'POST' | 'PUT', path: string, payload?: object, token = t.token) =>
      t.app.inject({ method, url: apiUrl(path), headers: auth(token), payload });
    const register = async (body: InstrumentBody) => {
      const response = await call('POST', apiPaths.instruments(), body);
      assert.equal(response.statusCode, 201, response.body);
      return response.json() as { id: number } & InstrumentBody;
    };
    const issue = (instruments: Record<string, number> | undefined, values = ['2', '3']) =>
      call('POST', apiPaths.certificateCreate(), {
        ...certificateBody(brandId, machineId, values.length),
        results: {
          certificate: MEASURED_PLAN_PASSED,
          units: values.map((value) => ({ insulation_resistance: value })),
          ...(instruments ? { instruments } : {}),
        },
      });

    before(async () => {
      t = await createTestApp(kind);
      ({
        brand: { id: brandId },
        machine: { id: machineId },
      } = await seedMachine(t.repositories, { prefix: 'IN' }));
      const plan = await call('PUT', apiPaths.machineTestPlan(machineId), {
        steps: MEASURED_PLAN,
        based_on: 0,
      });
      assert.equal(plan.statusCode, 200, plan.body);
    });
    after(() => t.close());

    test('the register refuses bad instruments by field, and one inventory number twice', async () => {
      const cases: [Partial<InstrumentBody>, string][] = [
        [{ due: day(-200) }, 'due'],
        [{ interval_months: 0 }, 'interval_months'],
        [{ interval_months: -3 }, 'interval_months'],
        [{ inventory_number: '  ' }, 'inventory_number'],
        [{ last_calibrated: '2026-02-30' }, 'last_calibrated'],
      ];
      for (const [change, field] of cases) {
        const response = await call('POST', apiPaths.instruments(), tester('PM-X', change));
        assert.equal(response.statusCode, 400, `${field}: ${response.body}`);
        assert.ok(response.json().error.fields[field], `${field}: ${response.body}`);
      }
      for (const hostile of [{}, { ...tester('PM-Y'), kind: 'ohmmeter' }, { ...tester('x'.repeat(41)) }])
        assert.equal((await call('POST', apiPaths.instruments(), hostile)).statusCode, 400);
      await register(tester('PM-01'));
      const twice = await call('POST', apiPaths.instruments(), tester('pm-01'));
      assert.equal(twice.statusCode, 409);
      assert.ok(twice.json().error.fields.inventory_number);
      await t.repositories.users.add(
        { email: 'leser@example.com', password: 'Leser-Passwort-1', roles: ['pruefer'] },
        TEST_COST,
      );
      const reader = await t.login('leser@example.com', 'Leser-Passwort-1');
      assert.equal((await call('POST', apiPaths.instruments(), tester('PM-02'), reader)).statusCode, 403);
      const list = await call('GET', apiPaths.instruments(), undefined, reader);
      assert.deepEqual(
        list.json().data.map((row: InstrumentBody) => row.inventory_number),
        ['PM-01'],
      );
    });

    test('issuing names the instrument of each measured step, and refuses an unfit one with a German 409', async () => {
      const good = await register(tester('PM-10'));
      const overdue = await register(tester('PM-11', { last_calibrated: day(-400), due: day(-1) }));
      const blocked = await register(tester('PM-12', { status: 'blocked' }));
      const retired = await register(tester('PM-13', { status: 'retired' }));
      const square = await register(tester('PM-14', { kind: 'square' }));

      const missing = await issue(undefined);
      assert.equal(missing.statusCode, 400);
      assert.match(missing.json().error.fields['results.instruments.insulation_resistance'], /Prüfmittel/);
      const unknown = await issue({ insulation_resistance: 99_999 });
      assert.equal(unknown.statusCode, 400);
      const notNeeded = await issue({ insulation_resistance: good.id, guide: good.id });
      assert.equal(notNeeded.statusCode, 400);
      assert.ok(notNeeded.json().error.fields['results.instruments.guide']);
      for (const [instrument, reason] of [
        [overdue, new RegExp(`PM-11: Kalibrierung fällig seit ${formatDate(overdue.due)}`)],
        [blocked, /PM-12: gesperrt/],
        [retired, /PM-13: ausgesondert/],
        [square, /PM-14: ist kein Isolationsmessgerät/],
      ] as const) {
        const response = await issue({ insulation_resistance: instrument.id });
        assert.equal(response.statusCode, 409, response.body);
        assert.equal(response.json().error.code, 'INSTRUMENT_UNFIT');
        assert.match(response.json().error.message, reason);
      }
      const response = await issue({ insulation_resistance: good.id });
      assert.equal(response.statusCode, 200, response.body);
      const [certificate] = response.json() as PrintData[];
      assert.deepEqual(certificate.test_record.instruments, [
        { inventory_number: 'PM-10', name: good.name, due: good.due },
      ]);
      assert.deepEqual(certificate.test_record.units[0].attempts[0].instruments, {
        insulation_resistance: 'PM-10',
      });
    });

    test('out of tolerance blocks the instrument and lists what it measured until each entry is closed', async () => {
      const instrument = await register(tester('PM-20'));
      const [certificate] = (await issue({ insulation_resistance: instrument.id })).json() as PrintData[];
      const calibrate = (body: object) => call('POST', apiPaths.instrumentCalibrations(instrument.id), body);
      assert.equal((await calibrate({ calibrated_on: day(1), result: 'in_tolerance' })).statusCode, 400);
      assert.equal(
        (await calibrate({ calibrated_on: day(0), result: 'out_of_tolerance', suspect_since: day(1) }))
          .statusCode,
        400,
      );
      assert.equal((await calibrate({ calibrated_on: day(0), result: 'out_of_tolerance' })).statusCode, 400);
      const found = await calibrate({
        calibrated_on: day(0),
        result: 'out_of_tolerance',
        suspect_since: day(-1),
      });
      assert.equal(found.statusCode, 200, found.body);
      assert.deepEqual(found.json().affected_certificates, [certificate.id]);
      assert.equal(found.json().instrument.status, 'blocked');

      const open = (
        await call('GET', `${apiPaths.instrumentImpacts()}?open=true&instrument_id=${instrument.id}`)
      ).json().data;
      assert.equal(open.length, 1);
      assert.equal(open[0].certificate_id, certificate.id);
      assert.deepEqual(open[0].serials, certificate.serials);
      const close = (body: object) => call('POST', apiPaths.instrumentImpactClose(open[0].id), body);
      assert.equal((await close({ closed_as: 'no_effect', note: ' ' })).statusCode, 400);
      assert.equal((await close({ closed_as: 'revised', note: '' })).statusCode, 409);
      assert.equal((await close({ closed_as: 'voided', note: '' })).statusCode, 409);
      const voided = await call('POST', apiPaths.certificateVoid(certificate.id), {
        version: certificate.version,
        reason: 'Isolationsmessung mit PM-20 außer Toleranz',
      });
      assert.equal(voided.statusCode, 200, voided.body);
      const closed = await close({ closed_as: 'voided', note: 'Neu geprüft als Ersatz' });
      assert.equal(closed.statusCode, 200, closed.body);
      assert.equal(closed.json().closed_as, 'voided');
      assert.equal((await close({ closed_as: 'no_effect', note: 'x' })).statusCode, 409);
      const stillOpen = (
        await call('GET', `${apiPaths.instrumentImpacts()}?open=true&instrument_id=${instrument.id}`)
      ).json();
      assert.deepEqual(stillOpen.data, []);
      const events = (await call('GET', apiPaths.certificateEvents(certificate.id))).json().data;
      assert.ok(events.some((event: { action: string }) => event.action === 'impact.closed'));
    });

    test('each impact entry shows the values the suspect instrument measured and their margin to the limit', async () => {
      const instrument = await register(tester('PM-70'));
      const [certificate] = (
        await issue({ insulation_resistance: instrument.id }, ['1,3', '0,8'])
      ).json() as PrintData[];
      const found = await call('POST', apiPaths.instrumentCalibrations(instrument.id), {
        calibrated_on: day(0),
        result: 'out_of_tolerance',
        suspect_since: day(-1),
      });
      assert.equal(found.statusCode, 200, found.body);
      const [entry] = (
        await call('GET', `${apiPaths.instrumentImpacts()}?instrument_id=${instrument.id}`)
      ).json().data;
      assert.deepEqual(entry.serials, certificate.serials);
      // ≥ 1 MΩ: 1,3 lies 0,3 inside, 0,8 lies 0,2 outside (and failed).
      assert.deepEqual(
        entry.values.map((row: ImpactValue) => [
          row.serial,
          row.attempt,
          row.step_key,
          row.value,
          row.margin,
        ]),
        [
          [certificate.serials[0], 1, 'insulation_resistance', '1,3', 0.3],
          [certificate.serials[1], 1, 'insulation_resistance', '0,8', -0.2],
        ],
      );
      assert.deepEqual(
        [entry.values[0].title.de, entry.values[0].unit, entry.values[0].lower, entry.values[0].upper],
        [MEASURED_PLAN.find((step) => step.key === 'insulation_resistance')!.title.de, 'MΩ', 1, null],
      );
    });

    test('a calibration in tolerance moves the due date by the interval', async () => {
      const instrument = await register(tester('PM-30', { interval_months: 6 }));
      const response = await call('POST', apiPaths.instrumentCalibrations(instrument.id), {
        calibrated_on: '2026-08-31',
        result: 'in_tolerance',
      });
      assert.equal(response.statusCode, 200, response.body);
      assert.equal(response.json().instrument.last_calibrated, '2026-08-31');
      assert.equal(response.json().instrument.due, '2027-02-28');
    });

    test('an instrument blocked while a certificate is issued: the issue is refused or committed before the block', async () => {
      const instrument = await register(tester('PM-40'));
      for (let round = 0; round < 6; round++) {
        await call('PUT', apiPaths.instrument(instrument.id), tester('PM-40'));
        const [issued, blocked] = await Promise.all([
          issue({ insulation_resistance: instrument.id }),
          call('PUT', apiPaths.instrument(instrument.id), tester('PM-40', { status: 'blocked' })),
        ]);
        assert.equal(blocked.statusCode, 200, blocked.body);
        assert.ok([200, 409].includes(issued.statusCode), issued.body);
        if (issued.statusCode !== 200) continue;
        // The issue's event was written before the block's: the issue committed first.
        const [certificate] = issued.json() as PrintData[];
        const ids = await t.db
          .selectFrom('audit_events')
          .select(['id', 'action'])
          .where((eb) =>
            eb.or([
              eb.and([
                eb('action', '=', 'certificate.issued'),
                eb('subject_id', '=', String(certificate.id)),
              ]),
              eb.and([eb('action', '=', 'instrument.changed'), eb('subject_id', '=', String(instrument.id))]),
            ]),
          )
          .orderBy('id', 'desc')
          .limit(2)
          .execute();
        assert.deepEqual(
          ids.map((row) => row.action),
          ['instrument.changed', 'certificate.issued'],
        );
      }
    });

    test('each calibration keeps its certificate PDF, checked by its content; a refused upload stores nothing', async () => {
      const instrument = await register(tester('PM-50 "x"; <b>'));
      const calibrate = async () => {
        const response = await call('POST', apiPaths.instrumentCalibrations(instrument.id), {
          calibrated_on: day(-2),
          result: 'in_tolerance',
        });
        assert.equal(response.statusCode, 200, response.body);
        return response.json().calibration_id as number;
      };
      const first = await calibrate();
      const second = await calibrate();
      const upload = (
        calibrationId: number,
        file?: { data: Buffer; name?: string; type?: string },
        fields: Record<string, string> = {},
        { instrumentId = instrument.id, token = t.token } = {},
      ) => {
        const body = multipart(fields, file);
        return t.app.inject({
          method: 'POST',
          url: apiUrl(apiPaths.instrumentCalibrationCertificate(instrumentId, calibrationId)),
          headers: { ...auth(token), ...body.headers },
          payload: body.payload,
        });
      };
      const refused = (response: { statusCode: number; body: string }, status: number, field?: string) => {
        assert.equal(response.statusCode, status, response.body);
        if (field) assert.ok(JSON.parse(response.body).error.fields?.[field], `${field}: ${response.body}`);
        assert.doesNotMatch(response.body, /stack|\.ts:\d+|node_modules/);
        return JSON.parse(response.body).error as { message: string; fields?: Record<string, string> };
      };
      const pdf = await plainPdf('Kalibrierschein PM-50');
      const javascript = await hostilePdf('javascript');
      const embedded = await hostilePdf('embedded', true);
      // By content, not by count: certificates issued by earlier tests may store their own PDFs meanwhile.
      const stored = async (...files: Buffer[]) =>
        (
          await t.db
            .selectFrom('document_contents')
            .select('sha256')
            .where(
              'sha256',
              'in',
              files.map((file) => crypto.createHash('sha256').update(file).digest('hex')),
            )
            .execute()
        ).length;
      await t.repositories.users.add(
        { email: 'kalibrier-leser@example.com', password: 'Leser-Passwort-1', roles: ['pruefer'] },
        TEST_COST,
      );
      const reader = await t.login('kalibrier-leser@example.com', 'Leser-Passwort-1');

      const png = Buffer.from('89504e470d0a1a0a0000000d49484452', 'hex');
      assert.equal(
        refused(await upload(first, { data: png, name: 'schein.pdf' }), 415, 'file').message,
        messages.documentNotPdf,
      );
      refused(await upload(first, { data: javascript }), 415, 'file');
      refused(await upload(first, { data: embedded }), 415, 'file');
      refused(await upload(first, { data: pdf.subarray(0, 300) }), 415, 'file');
      assert.equal(
        refused(await upload(first, { data: Buffer.alloc(0) }), 400, 'file').fields?.file,
        messages.calibrationCertificateEmpty,
      );
      assert.equal(
        refused(await upload(first), 400, 'file').fields?.file,
        messages.calibrationCertificateMissing,
      );
      assert.equal(
        refused(
          await upload(first, {
            data: Buffer.concat([pdf, Buffer.alloc(CALIBRATION_CERTIFICATE_MAX_BYTES)]),
          }),
          413,
          'file',
        ).fields?.file,
        messages.calibrationCertificateTooLarge,
      );
      refused(await upload(first, { data: pdf }, { evil: 'x' }), 400, 'evil');
      refused(await upload(first, { data: pdf }, {}, { instrumentId: 99_999 }), 404);
      refused(await upload(99_999, { data: pdf }), 404);
      const other = await register(tester('PM-51'));
      // Another instrument's calibration is no calibration of this one.
      refused(await upload(first, { data: pdf }, {}, { instrumentId: other.id }), 404);
      refused(await upload(first, { data: pdf }, {}, { token: reader }), 403);
      refused(
        await call('POST', apiPaths.instrumentCalibrationCertificate(instrument.id, first), {
          file: 'JVBERi0=',
        }),
        415,
      );
      assert.equal(await stored(pdf, javascript, embedded, png, pdf.subarray(0, 300)), 0);
      const none = await t.db
        .selectFrom('instrument_calibrations')
        .select('certificate_sha256')
        .where('instrument_id', '=', instrument.id)
        .execute();
      assert.deepEqual(
        none.map((row) => row.certificate_sha256),
        [null, null],
      );

      const accepted = await upload(first, { data: pdf });
      assert.equal(accepted.statusCode, 200, accepted.body);
      assert.equal(accepted.json().certificate_bytes, pdf.length);
      assert.equal(await stored(pdf), 1);
      const url = apiUrl(apiPaths.instrumentCalibrationCertificate(instrument.id, first));
      const read = await t.app.inject({ url, headers: auth(reader) });
      assert.equal(read.statusCode, 200, read.body);
      assert.equal(read.headers['content-type'], 'application/pdf');
      assert.equal(read.headers['x-content-type-options'], 'nosniff');
      // The inventory number's quotes and brackets never reach the header.
      assert.match(
        String(read.headers['content-disposition']),
        new RegExp(`^inline; filename="Kalibrierschein_PM-50-x-b_${day(-2)}\\.pdf"$`),
      );
      assert.ok(read.rawPayload.equals(pdf));
      const download = await t.app.inject({ url: `${url}?download=1`, headers: auth(reader) });
      assert.match(String(download.headers['content-disposition']), /^attachment; /);
      refused(
        await t.app.inject({
          url: apiUrl(apiPaths.instrumentCalibrationCertificate(instrument.id, second)),
          headers: auth(reader),
        }),
        404,
      );
      refused(
        await t.app.inject({
          url: apiUrl(apiPaths.instrumentCalibrationCertificate(other.id, first)),
          headers: auth(reader),
        }),
        404,
      );
      refused(await t.app.inject({ url }), 401);

      // A wrong scan is replaced; the trail keeps both hashes.
      const corrected = await plainPdf('Kalibrierschein PM-50, richtige Seite');
      assert.equal((await upload(first, { data: corrected })).statusCode, 200);
      const history = (
        await call('GET', apiPaths.instrumentCalibrations(instrument.id), undefined, reader)
      ).json();
      assert.deepEqual(
        history.data.map((row: { id: number; certificate_bytes: number | null }) => [
          row.id,
          row.certificate_bytes,
        ]),
        [
          [second, null],
          [first, corrected.length],
        ],
      );
      assert.ok(history.data[0].recorded_by_name);
      refused(await call('GET', apiPaths.instrumentCalibrations(99_999)), 404);
      const events = await t.db
        .selectFrom('audit_events')
        .select('details')
        .where('action', '=', 'calibration.certificate_uploaded')
        .where('subject_id', '=', String(instrument.id))
        .orderBy('id')
        .execute();
      const details = events.map((row) =>
        typeof row.details === 'string' ? JSON.parse(row.details) : row.details,
      );
      assert.equal(details.length, 2);
      assert.equal(details[0].replaced, null);
      assert.equal(details[1].replaced, details[0].sha256);
      assert.equal(details[1].calibration_id, first);
    });

    test('the impact list is exported as CSV and XLSX, filtered as the screen filters it', async () => {
      const instrument = await register(tester('PM-60'));
      const [certificate] = (await issue({ insulation_resistance: instrument.id })).json() as PrintData[];
      const exported = (query: string, token = t.token) =>
        t.app.inject({ url: `${apiUrl(apiPaths.instrumentImpactsExport())}?${query}`, headers: auth(token) });
      assert.equal((await exported(`format=csv&instrument_id=${instrument.id}`)).statusCode, 404);
      const found = await call('POST', apiPaths.instrumentCalibrations(instrument.id), {
        calibrated_on: day(0),
        result: 'out_of_tolerance',
        suspect_since: day(-1),
      });
      assert.equal(found.statusCode, 200, found.body);
      const csv = await exported(`format=csv&open=true&instrument_id=${instrument.id}`);
      assert.equal(csv.statusCode, 200, csv.body);
      assert.match(String(csv.headers['content-type']), /^text\/csv/);
      assert.match(
        String(csv.headers['content-disposition']),
        /^attachment; filename="pruefmittel-auswirkungen-.*\.csv"$/,
      );
      const lines = csv.body
        .replace(/^\uFEFF/, '')
        .trim()
        .split('\r\n');
      assert.equal(
        lines[0],
        'Prüfmittel;Verdächtig seit;Prüfbericht Nr.;Geprüft am;Seriennummern;Abgeschlossen als;Notiz;Abgeschlossen von;Abgeschlossen am',
      );
      assert.equal(lines.length, 2);
      assert.match(
        lines[1],
        new RegExp(`^PM-60;.*;${certificate.id};.*;${certificate.serials.join(', ')};offen;`),
      );
      const xlsx = await exported(`format=xlsx&instrument_id=${instrument.id}`);
      assert.equal(xlsx.statusCode, 200);
      assert.equal(xlsx.rawPayload.subarray(0, 2).toString(), 'PK');
      for (const query of ['format=pdf', 'format=csv&instrument_id=abc', 'format=csv&open=vielleicht'])
        assert.equal((await exported(query)).statusCode, 400, query);
      const events = await t.db
        .selectFrom('audit_events')
        .select('action')
        .where('action', '=', 'impacts.exported')
        .execute();
      assert.equal(events.length, 2);
    });
  });
}
