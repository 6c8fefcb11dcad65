import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { parse } from 'csv-parse/sync';
import {
  DEFAULT_PLAN_STEPS,
  apiPaths,
  type PlanStep,
  type PrintData,
  type ResultsBody,
  type TestPlan,
} from 'contracts';
import {
  apiUrl,
  assertSerialInvariants,
  auth,
  certificateBody,
  createTestApp,
  exportedFile,
  kinds,
  seedMachine,
  TEST_COST,
  type TestApp,
} from '../../test/harness';

/** A numeric per-unit step: insulation resistance at least 1 MΩ at 500 V DC (IEC 60204-1, 18.3). */
const INSULATION: PlanStep = {
  key: 'insulation_resistance',
  title: {
    de: 'Isolationswiderstand',
    en: 'Insulation resistance',
    fr: "Résistance d'isolement",
    es: 'Resistencia de aislamiento',
    it: 'Resistenza di isolamento',
    pt: 'Resistência de isolamento',
  },
  kind: 'numeric',
  unit: 'MΩ',
  lower: 1,
  upper: null,
  decimals: 1,
  options: [],
  passing: [],
  parameters: '500 V DC, 60 s',
  standard: 'IEC 60204-1, 18.3',
  required: true,
  per_unit: true,
};
/** The default plan with insulation resistance measured per unit instead of ticked once. */
const PLAN = [...DEFAULT_PLAN_STEPS.filter((step) => step.key !== INSULATION.key), INSULATION];
/** Every per-certificate step of PLAN passing. */
const ALL_PASS = Object.fromEntries(
  PLAN.filter((step) => !step.per_unit).map((step) => [
    step.key,
    step.kind === 'choice' ? step.passing[0] : 'pass',
  ]),
);
const RELEASER = { email: 'qs@example.com', password: 'Freigabe-Passwort-1', name: 'Qualität Quentin' };

for (const kind of kinds) {
  describe(`the test record on ${kind}`, () => {
    let t: TestApp;
    let brandId: number;
    let machineId: number;
    let releaserToken: string;

    const call = (method: 'GET' | 'POST' | 'PUT', path: string, payload?: object, token = t.token) =>
      t.app.inject({ method, url: apiUrl(path), headers: auth(token), payload });
    const issue = (results: ResultsBody | undefined, quantity = 3, extra: object = {}) =>
      call('POST', apiPaths.certificateCreate(), {
        ...certificateBody(brandId, machineId, quantity),
        ...(results ? { results } : {}),
        ...extra,
      });
    const units = (...insulation: string[]) => ({
      certificate: ALL_PASS,
      units: insulation.map((value) => ({ insulation_resistance: value })),
    });
    const setSecondPerson = (on: boolean) =>
      call('PUT', apiPaths.settings(), { release_by_second_person: on });

    before(async () => {
      t = await createTestApp(kind);
      ({
        brand: { id: brandId },
        machine: { id: machineId },
      } = await seedMachine(t.repositories, { prefix: 'TR' }));
      await t.repositories.users.add({ ...RELEASER, roles: ['freigabe'] }, TEST_COST);
      releaserToken = await t.login(RELEASER.email, RELEASER.password);
    });
    after(() => t.close());

    test('a machine never edited has the default plan, version 0, the earlier form checks', async () => {
      const response = await call('GET', apiPaths.machineTestPlan(machineId));
      assert.equal(response.statusCode, 200, response.body);
      const plan = response.json() as TestPlan;
      assert.equal(plan.version, 0);
      assert.deepEqual(plan.steps, DEFAULT_PLAN_STEPS);
      assert.equal((await call('GET', apiPaths.machineTestPlan(999_999))).statusCode, 404);
    });

    test('the earlier app’s POST /certificate still issues: OK passes, NOT OK fails the units', async () => {
      const passed = await issue(undefined, 2);
      assert.equal(passed.statusCode, 200, passed.body);
      const [ok] = passed.json() as PrintData[];
      assert.equal(ok.verdict, 'released');
      assert.deepEqual(
        ok.test_record.units.map((unit) => unit.release),
        ['released', 'released'],
      );
      assert.equal(ok.test_record.tested_by_name, 'staff@example.com');
      const failed = await issue(undefined, 2, { guide: 'NOT OK' });
      const [notOk] = failed.json() as PrintData[];
      assert.equal(notOk.verdict, 'failed');
      assert.equal(notOk.failed_units, 2);
      assert.equal(notOk.guide, 'NOT OK');
      assert.equal(notOk.test_record.units[0].attempts[0].verdicts.guide, 'fail');
    });

    test('a plan is saved as a new version only from the version it was edited on, and audited', async () => {
      const saved = await call('PUT', apiPaths.machineTestPlan(machineId), { steps: PLAN, based_on: 0 });
      assert.equal(saved.statusCode, 200, saved.body);
      assert.equal((saved.json() as TestPlan).version, 1);
      assert.equal((saved.json() as TestPlan).created_by_name, 'staff@example.com');
      const stale = await call('PUT', apiPaths.machineTestPlan(machineId), { steps: PLAN, based_on: 0 });
      assert.equal(stale.statusCode, 409);
      assert.equal(stale.json().error.code, 'PLAN_CHANGED');
      const older = await call('GET', `${apiPaths.machineTestPlan(machineId)}?version=0`);
      assert.deepEqual((older.json() as TestPlan).steps, DEFAULT_PLAN_STEPS);
      const events = (await call('GET', apiPaths.machineEvents(machineId))).json().data;
      assert.deepEqual(
        events
          .filter((event: { action: string }) => event.action === 'test_plan.changed')
          .map((e: { details: unknown }) => e.details),
        [{ version: 1, steps: PLAN.length }],
      );
    });

    test('a plan that cannot be judged is refused, naming the step', async () => {
      const step = (change: Partial<PlanStep>) => [{ ...INSULATION, ...change }];
      const cases: [PlanStep[], string][] = [
        [step({ lower: 5, upper: 1 }), 'steps.0.lower'],
        [step({ title: { ...INSULATION.title, de: '  ' } }), 'steps.0.title.de'],
        [[INSULATION, INSULATION], 'steps.1.key'],
        [step({ kind: 'choice', options: ['A'], passing: ['B'] }), 'steps.0.passing'],
        [step({ unit: '' }), 'steps.0.unit'],
        // Outside the physical range of MΩ (contracts/src/measurement-ranges.ts).
        [step({ lower: 2e9 }), 'steps.0.lower'],
        [step({ lower: null, upper: -1 }), 'steps.0.upper'],
      ];
      for (const [steps, field] of cases) {
        const response = await call('PUT', apiPaths.machineTestPlan(machineId), { steps, based_on: 1 });
        assert.equal(response.statusCode, 400, `${field}: ${response.body}`);
        assert.ok(response.json().error.fields[field], `${field}: ${response.body}`);
      }
      const oversized = await call('PUT', apiPaths.machineTestPlan(machineId), {
        steps: step({ lower: 2e9 }),
        based_on: 1,
      });
      assert.equal(
        oversized.json().error.fields['steps.0.lower'],
        'Außerhalb des Messbereichs 0 … 1.000.000.000 MΩ',
      );
      // 1e309 is Infinity once parsed: JSON has no other way to send it.
      const infinite = await t.app.inject({
        method: 'PUT',
        url: apiUrl(apiPaths.machineTestPlan(machineId)),
        headers: { ...auth(t.token), 'content-type': 'application/json' },
        payload: JSON.stringify({ steps: [INSULATION], based_on: 1 }).replace('"lower":1', '"lower":1e309'),
      });
      assert.equal(infinite.statusCode, 400, infinite.body);
      for (const hostile of [
        { steps: [] },
        { steps: PLAN },
        { steps: [{ ...INSULATION, key: 'A B' }], based_on: 1 },
      ])
        assert.equal((await call('PUT', apiPaths.machineTestPlan(machineId), hostile)).statusCode, 400);
      assert.equal((await call('GET', apiPaths.machineTestPlan(machineId))).json().version, 1);
    });

    test('only the release right changes a plan; every role reads it', async () => {
      await t.repositories.users.add(
        { email: 'pruefer@example.com', password: 'Pruefer-Passwort-1', roles: ['pruefer'] },
        TEST_COST,
      );
      const tester = await t.login('pruefer@example.com', 'Pruefer-Passwort-1');
      const put = await call(
        'PUT',
        apiPaths.machineTestPlan(machineId),
        { steps: PLAN, based_on: 1 },
        tester,
      );
      assert.equal(put.statusCode, 403);
      assert.equal(
        (await call('GET', apiPaths.machineTestPlan(machineId), undefined, tester)).statusCode,
        200,
      );
    });

    test('unit 2 at 0,8 MΩ against ≥ 1 MΩ fails and is not released; the others are', async () => {
      const response = await issue(units('1,5', '0,8', '250'));
      assert.equal(response.statusCode, 200, response.body);
      const [certificate] = response.json() as PrintData[];
      assert.equal(certificate.verdict, 'failed');
      assert.equal(certificate.failed_units, 1);
      assert.equal(certificate.insulation_resistance, 'NOT OK');
      const record = certificate.test_record;
      assert.equal(record.plan_version, 1);
      assert.deepEqual(record.steps, PLAN);
      assert.deepEqual(
        record.units.map((unit) => [unit.serial, unit.release]),
        certificate.serials.map((serial, k) => [serial, k === 1 ? 'failed' : 'released']),
      );
      const second = record.units[1].attempts[0];
      assert.equal(second.values.insulation_resistance, '0,8');
      assert.equal(second.verdicts.insulation_resistance, 'fail');
      assert.equal(second.passed, false);
      assert.equal(record.units[0].attempts[0].verdicts.insulation_resistance, 'pass');
      // The list shows it too, and its filter finds it.
      const list = await call('GET', `${apiPaths.certificates()}?verdict=failed`);
      assert.ok(list.json().data.some((row: { id: number }) => row.id === certificate.id));
      const released = await call('GET', `${apiPaths.certificates()}?verdict=released`);
      assert.ok(!released.json().data.some((row: { id: number }) => row.id === certificate.id));
    });

    test('bad values are a German 400 naming the step and the unit, and nothing is stored', async () => {
      const before = await t.db
        .selectFrom('certificates')
        .select((eb) => eb.fn.countAll().as('n'))
        .executeTakeFirstOrThrow();
      const cases: [ResultsBody, string, RegExp][] = [
        [
          units('1,5', 'abc', '2'),
          'results.units.1.insulation_resistance',
          /Isolationswiderstand, Einheit 2: Keine Zahl/,
        ],
        [units('NaN', '2', '2'), 'results.units.0.insulation_resistance', /Einheit 1: Keine Zahl/],
        [units('2', '2', 'Infinity'), 'results.units.2.insulation_resistance', /Einheit 3/],
        [units('1e309', '2', '2'), 'results.units.0.insulation_resistance', /Keine Zahl/],
        [units('1,25', '2', '2'), 'results.units.0.insulation_resistance', /Höchstens 1 Nachkommastelle/],
        [units('2', '', '2'), 'results.units.1.insulation_resistance', /Pflichtprüfung fehlt/],
        [units('2', '2'), 'results.units.2.insulation_resistance', /Einheit 3: Pflichtprüfung fehlt/],
        [units('2', '2', '2', '2'), 'results.units.3', /Einheit 4: Das Zertifikat hat nur 3 Einheiten/],
        [
          { ...units('2', '2', '2'), certificate: { ...ALL_PASS, unbekannt: 'pass' } },
          'results.certificate.unbekannt',
          /nicht im Prüfplan/,
        ],
        [
          { ...units('2', '2', '2'), certificate: { ...ALL_PASS, guide: 'OK' } },
          'results.certificate.guide',
          /bestanden/,
        ],
        [
          { ...units('2', '2', '2'), certificate: { ...ALL_PASS, guide: '' } },
          'results.certificate.guide',
          /Führung\/Funktion: Pflichtprüfung fehlt/,
        ],
        [
          { certificate: ALL_PASS, units: [{ insulation_resistance: '2', guide: 'pass' }, {}, {}] },
          'results.units.0.guide',
          /nicht im Prüfplan/,
        ],
      ];
      for (const [results, field, message] of cases) {
        const response = await issue(results);
        assert.equal(response.statusCode, 400, `${field}: ${response.body}`);
        const { error } = response.json();
        assert.match(error.fields?.[field] ?? '', message, `${field}: ${response.body}`);
      }
      const oversized = await issue({
        certificate: ALL_PASS,
        units: [{ insulation_resistance: 'x'.repeat(201) }],
      });
      assert.equal(oversized.statusCode, 400);
      const hostile = await issue({ certificate: { ['<script>']: 'pass' }, units: [] } as ResultsBody);
      assert.equal(hostile.statusCode, 400);
      const after = await t.db
        .selectFrom('certificates')
        .select((eb) => eb.fn.countAll().as('n'))
        .executeTakeFirstOrThrow();
      assert.equal(Number(after.n), Number(before.n));
      await assertSerialInvariants(t.db);
    });

    test('an Idempotency-Key sent again with other values is refused; with the same values it answers the same', async () => {
      const send = (insulation: string) =>
        t.app.inject({
          method: 'POST',
          url: apiUrl(apiPaths.certificateCreate()),
          headers: { ...auth(t.token), 'idempotency-key': 'werte-1' },
          payload: { ...certificateBody(brandId, machineId, 1), results: units(insulation) },
        });
      const first = await send('2');
      assert.equal(first.statusCode, 200, first.body);
      assert.equal((await send('2')).json()[0].id, first.json()[0].id);
      const other = await send('0,5');
      assert.equal(other.statusCode, 409);
      assert.equal(other.json().error.code, 'IDEMPOTENCY_KEY_REUSED');
    });

    test('an export by unit has one column per plan step with each unit’s last value, and where it stands', async () => {
      const [certificate] = (await issue(units('1,5', '0,8', '250'))).json() as PrintData[];
      const response = await exportedFile(t, {
        format: 'csv',
        rows: 'units',
        machine_id: machineId,
        search: certificate.serials[1],
      });
      assert.equal(response.statusCode, 200, response.body);
      const [header, ...rows]: string[][] = parse(response.rawPayload.toString('utf8'), {
        bom: true,
        delimiter: ';',
      });
      const column = (name: string) => header.indexOf(name);
      assert.ok(column('Isolationswiderstand [MΩ]') > 0, header.join(' | '));
      assert.ok(column('Führung/Funktion') > 0, header.join(' | '));
      const bySerial = new Map(rows.map((row) => [row[column('Seriennummer')], row]));
      const second = bySerial.get(certificate.serials[1])!;
      assert.equal(second[column('Isolationswiderstand [MΩ]')], '0,8');
      assert.equal(second[column('Prüfergebnis')], 'Nicht bestanden');
      assert.equal(second[column('Führung/Funktion')], 'bestanden');
      assert.equal(bySerial.get(certificate.serials[0])![column('Prüfergebnis')], 'Freigegeben');
    });

    test('labels are refused for a failed unit, in the API, and printed for the released ones', async () => {
      const [certificate] = (await issue(units('2', '0,5', '2'))).json() as PrintData[];
      const printed = (serials?: string[]) =>
        call('POST', apiPaths.certificatePrinted(certificate.id), { kind: 'labels', serials });
      const refused = await printed([certificate.serials[1]]);
      assert.equal(refused.statusCode, 409);
      assert.equal(refused.json().error.code, 'LABELS_REFUSED');
      assert.match(refused.json().error.message, new RegExp(certificate.serials[1]));
      assert.equal((await printed()).statusCode, 409);
      assert.equal((await printed([certificate.serials[0], certificate.serials[2]])).statusCode, 204);
    });

    test('a retest after repair is a new attempt; a pass releases the unit, earlier attempts stay', async () => {
      const [certificate] = (await issue(units('2', '0,8', '2'))).json() as PrintData[];
      const serial = certificate.serials[1];
      const retest = (values: Record<string, string>, serialOf = serial) =>
        call('POST', apiPaths.unitAttempts(serialOf), { values, failure_reason: 'ISO' });
      const bad = await retest({ ...ALL_PASS, insulation_resistance: 'viel' });
      assert.equal(bad.statusCode, 400);
      assert.ok(bad.json().error.fields['values.insulation_resistance']);
      const failedAgain = await retest({ ...ALL_PASS, insulation_resistance: '0,9' });
      assert.equal(failedAgain.statusCode, 200, failedAgain.body);
      const response = await retest({ ...ALL_PASS, insulation_resistance: '1,2' });
      assert.equal(response.statusCode, 200, response.body);
      const after = response.json() as PrintData;
      assert.equal(after.verdict, 'released');
      assert.equal(after.failed_units, 0);
      const unit = after.test_record.units[1];
      assert.equal(unit.release, 'released');
      assert.deepEqual(
        unit.attempts.map((attempt) => [
          attempt.attempt,
          attempt.values.insulation_resistance,
          attempt.passed,
        ]),
        [
          [1, '0,8', false],
          [2, '0,9', false],
          [3, '1,2', true],
        ],
      );
      // Only a failed unit is retested.
      assert.equal((await retest({ ...ALL_PASS, insulation_resistance: '2' })).statusCode, 409);
      assert.equal((await retest({ ...ALL_PASS, insulation_resistance: '2' }, 'TR0000000')).statusCode, 404);
    });

    test('with release by a second person, the tester cannot release; a colleague with the release right can', async () => {
      assert.equal((await setSecondPerson(true)).json().release_by_second_person, true);
      try {
        const [certificate] = (await issue(units('2', '2', '2'))).json() as PrintData[];
        assert.equal(certificate.verdict, 'awaiting_release');
        assert.ok(certificate.test_record.units.every((unit) => unit.release === 'awaiting_release'));
        const bySelf = await call('POST', apiPaths.certificateRelease(certificate.id), {});
        assert.equal(bySelf.statusCode, 403);
        assert.equal(bySelf.json().error.code, 'SAME_PERSON');
        const released = await call('POST', apiPaths.certificateRelease(certificate.id), {}, releaserToken);
        assert.equal(released.statusCode, 200, released.body);
        const record = (released.json() as PrintData).test_record;
        assert.equal((released.json() as PrintData).verdict, 'released');
        assert.ok(record.units.every((unit) => unit.released_by_name === RELEASER.name && unit.released_at));
        const again = await call('POST', apiPaths.certificateRelease(certificate.id), {}, releaserToken);
        assert.equal(again.statusCode, 409);
        // Labels wait for the release.
        const [waiting] = (await issue(units('2'), 1)).json() as PrintData[];
        const labels = await call('POST', apiPaths.certificatePrinted(waiting.id), { kind: 'labels' });
        assert.equal(labels.statusCode, 409);
      } finally {
        await setSecondPerson(false);
      }
    });

    test('a deviation release needs a reason and the release right; it is recorded', async () => {
      const [certificate] = (await issue(units('2', '0,7', '2'))).json() as PrintData[];
      const serial = certificate.serials[1];
      const release = (body: object) =>
        call('POST', apiPaths.certificateRelease(certificate.id), body, releaserToken);
      assert.equal((await release({ serials: [serial], deviation_reason: '   ' })).statusCode, 400);
      assert.equal((await release({ serials: ['FREMD0001'], deviation_reason: 'x' })).statusCode, 400);
      assert.equal(
        (await release({ serials: [certificate.serials[0]], deviation_reason: 'x' })).statusCode,
        409,
      );
      const response = await release({
        serials: [serial],
        deviation_reason: 'Kunde akzeptiert 0,7 MΩ schriftlich',
      });
      assert.equal(response.statusCode, 200, response.body);
      const unit = (response.json() as PrintData).test_record.units[1];
      assert.equal(unit.release, 'deviation');
      assert.equal(unit.deviation_reason, 'Kunde akzeptiert 0,7 MΩ schriftlich');
      assert.equal((response.json() as PrintData).verdict, 'released');
      const events = await call('GET', apiPaths.certificateEvents(certificate.id));
      assert.ok(events.body.includes('units.released_by_deviation'));
    });

    test('a revision correcting a check records a new attempt for every unit, so record, verdict and print agree', async () => {
      const [certificate] = (await issue(units('2', '3'), 2)).json() as PrintData[];
      const revise = (from: PrintData, accessories: string) =>
        call('POST', apiPaths.certificateRevisions(from.id), {
          version: from.version,
          reason: 'Zubehör fehlte',
          checked_by: from.checked_by,
          ...Object.fromEntries(
            [
              'perpendicularity',
              'tolerance_of_spindle',
              'magnet_base_switch',
              'motor_switch',
              'guide',
              'isolation',
            ]
              .concat(['insulation_resistance', 'technical_certification', 'resistance_to_voltage'])
              .map((key) => [key, from[key as keyof PrintData]]),
          ),
          accessories,
          observation: from.observation,
          origin_germany: from.origin_germany,
          electronic_circuit_board: from.electronic_circuit_board,
        });
      const failed = await revise(certificate, 'NOT OK');
      assert.equal(failed.statusCode, 200, failed.body);
      const revised = failed.json() as PrintData;
      assert.equal(revised.verdict, 'failed');
      assert.equal(revised.failed_units, 2);
      for (const unit of revised.test_record.units) {
        assert.equal(unit.release, 'failed');
        assert.deepEqual(
          unit.attempts.map((attempt) => attempt.verdicts.accessories),
          ['pass', 'fail'],
        );
        assert.equal(
          unit.attempts[1].values.insulation_resistance,
          unit.attempts[0].values.insulation_resistance,
        );
      }
      const back = (await revise(revised, 'OK')).json() as PrintData;
      assert.equal(back.verdict, 'released');
      assert.ok(
        back.test_record.units.every((unit) => unit.release === 'released' && unit.attempts.length === 3),
      );
    });

    test('a revision without the checks the plan lacks keeps them as stored, and adds no attempt', async () => {
      const [certificate] = (await issue(units('2', '3'), 2)).json() as PrintData[];
      const response = await call('POST', apiPaths.certificateRevisions(certificate.id), {
        version: certificate.version,
        reason: 'Prüfer falsch geschrieben',
        checked_by: 'Erika Mustermann',
        observation: certificate.observation,
        origin_germany: certificate.origin_germany,
        electronic_circuit_board: certificate.electronic_circuit_board,
      });
      assert.equal(response.statusCode, 200, response.body);
      const revised = response.json() as PrintData;
      assert.equal(revised.checked_by, 'Erika Mustermann');
      for (const key of ['perpendicularity', 'accessories', 'resistance_to_voltage'] as const)
        assert.equal(revised[key], certificate[key], key);
      assert.deepEqual(
        revised.test_record.units.map((unit) => unit.attempts.length),
        certificate.test_record.units.map((unit) => unit.attempts.length),
      );
      // A check that is sent is still checked: an empty one is refused by name.
      const empty = await call('POST', apiPaths.certificateRevisions(certificate.id), {
        version: revised.version,
        reason: 'x',
        checked_by: 'Erika Mustermann',
        perpendicularity: '',
        observation: certificate.observation,
        origin_germany: certificate.origin_germany,
        electronic_circuit_board: certificate.electronic_circuit_board,
      });
      assert.equal(empty.statusCode, 400);
      assert.match(empty.body, /perpendicularity/);
    });

    test('a revision cannot write OK over a failed measurement; the check columns follow the record', async () => {
      const [certificate] = (await issue(units('2', '0,8'), 2)).json() as PrintData[];
      assert.equal(certificate.insulation_resistance, 'NOT OK');
      /** A revision sending every check as `from` has it, with `change` on top. */
      const revise = (from: PrintData, change: Record<string, string>) =>
        call('POST', apiPaths.certificateRevisions(from.id), {
          version: from.version,
          reason: 'Korrektur',
          checked_by: from.checked_by,
          ...Object.fromEntries(
            ['perpendicularity', 'tolerance_of_spindle', 'magnet_base_switch', 'motor_switch', 'guide']
              .concat(['isolation', 'insulation_resistance', 'accessories', 'technical_certification'])
              .concat(['resistance_to_voltage'])
              .map((key) => [key, from[key as keyof PrintData]]),
          ),
          observation: from.observation,
          origin_germany: from.origin_germany,
          electronic_circuit_board: from.electronic_circuit_board,
          ...change,
        });
      const read = async (id: number) => (await call('GET', apiPaths.certificate(id))).json() as PrintData;
      /** The print, the list and the customer page of unit 2 say the same. */
      const assertUnitTwo = async (id: number, column: string, release: string) => {
        const printed = await read(id);
        assert.equal(printed.insulation_resistance, column);
        assert.equal(printed.test_record.units[1].release, release);
        assert.equal(printed.verdict, release === 'failed' ? 'failed' : 'released');
        const list = await call('GET', `${apiPaths.certificates()}?verdict=${printed.verdict}`);
        assert.ok(list.json().data.some((row: { id: number }) => row.id === id));
        const customer = await call('GET', `${apiPaths.landing(machineId)}?serial=${printed.serials[1]}`);
        assert.equal(customer.json().serial.release, release);
        assert.equal(customer.json().serial.verified, release !== 'failed');
        return printed;
      };

      const refused = await revise(certificate, { insulation_resistance: 'OK' });
      assert.equal(refused.statusCode, 400, refused.body);
      const error = refused.json().error;
      assert.equal(error.code, 'BAD_REQUEST');
      assert.equal(
        error.fields.insulation_resistance,
        'Isolationswiderstand: Ein Messwert wird mit einer Nachprüfung der Einheit korrigiert, nicht mit einer Korrektur (laut Prüfung: NOT OK).',
      );
      assert.equal(error.message, error.fields.insulation_resistance);
      const unchanged = await assertUnitTwo(certificate.id, 'NOT OK', 'failed');
      assert.equal(unchanged.version, certificate.version);
      assert.deepEqual(
        unchanged.test_record.units.map((unit) => unit.attempts.length),
        [1, 1],
      );

      // Another correction sending the column as stored is no contradiction.
      const named = await revise(certificate, { checked_by: 'Erika Mustermann' });
      assert.equal(named.statusCode, 200, named.body);
      await assertUnitTwo(certificate.id, 'NOT OK', 'failed');

      // A retest that passes makes the column say so.
      const retested = await call('POST', apiPaths.unitAttempts(certificate.serials[1]), {
        values: { ...ALL_PASS, insulation_resistance: '1,2' },
        failure_reason: 'ISO',
      });
      assert.equal(retested.statusCode, 200, retested.body);
      const passed = await assertUnitTwo(certificate.id, 'OK', 'released');
      // Nor can a revision write NOT OK over the passing retest.
      const notOk = await revise(passed, { insulation_resistance: 'NOT OK' });
      assert.equal(notOk.statusCode, 400, notOk.body);
      assert.match(notOk.json().error.fields.insulation_resistance, /laut Prüfung: OK/);

      // A column a retest left behind before columns followed the record is put right by the next revision.
      await t.db
        .updateTable('certificates')
        .set({ insulation_resistance: 'NOT OK' })
        .where('id', '=', certificate.id)
        .execute();
      const stale = await read(certificate.id);
      const putRight = await revise(stale, { checked_by: 'Max Mustermann' });
      assert.equal(putRight.statusCode, 200, putRight.body);
      await assertUnitTwo(certificate.id, 'OK', 'released');
    });

    test('a voided certificate is neither released nor retested', async () => {
      const [certificate] = (await issue(units('2', '0,8', '2'))).json() as PrintData[];
      const voided = await call('POST', apiPaths.certificateVoid(certificate.id), {
        version: certificate.version,
        reason: 'Falsche Maschine',
      });
      assert.equal(voided.statusCode, 200, voided.body);
      const release = await call(
        'POST',
        apiPaths.certificateRelease(certificate.id),
        {
          serials: [certificate.serials[1]],
          deviation_reason: 'x',
        },
        releaserToken,
      );
      assert.equal(release.statusCode, 409);
      const retest = await call('POST', apiPaths.unitAttempts(certificate.serials[1]), {
        values: { ...ALL_PASS, insulation_resistance: '2' },
        failure_reason: 'ISO',
      });
      assert.equal(retest.statusCode, 409);
    });

    test('limits and values near 1e14 compare as decimals; values outside the unit’s range are refused', async () => {
      const { machine } = await seedMachine(t.repositories, { prefix: 'EX' });
      // Up to 10^14 Ω, the top of an insulation tester's range; the lower limit has 15 significant digits.
      const ohms: PlanStep = {
        ...INSULATION,
        key: 'insulation_ohm',
        title: { ...INSULATION.title, de: 'Isolationswiderstand in Ω' },
        unit: 'Ω',
        lower: 12345678901234.5,
        upper: 100000000000000,
        decimals: 3,
      };
      const saved = await call('PUT', apiPaths.machineTestPlan(machine.id), { steps: [ohms], based_on: 0 });
      assert.equal(saved.statusCode, 200, saved.body);
      const judged: [string, 'pass' | 'fail'][] = [
        // One thousandth above 10^14: the same double as 10^14, but above the limit.
        ['100000000000000,001', 'fail'],
        ['100000000000000', 'pass'],
        ['99999999999999,999', 'pass'],
        // Apart from the lower limit in the 15th significant digit only.
        ['12345678901234,4', 'fail'],
        ['12345678901234,5', 'pass'],
        ['12345678901234,499', 'fail'],
        ['999999999999999,999', 'fail'],
      ];
      const response = await call('POST', apiPaths.certificateCreate(), {
        ...certificateBody(brandId, machine.id, judged.length),
        results: { certificate: {}, units: judged.map(([value]) => ({ insulation_ohm: value })) },
      });
      assert.equal(response.statusCode, 200, response.body);
      const [certificate] = response.json() as PrintData[];
      assert.deepEqual(
        certificate.test_record.units.map((unit) => [
          unit.attempts[0].values.insulation_ohm,
          unit.attempts[0].verdicts.insulation_ohm,
        ]),
        judged,
      );
      assert.equal(certificate.failed_units, 4);

      // A value outside the physical range is refused, naming the step, the unit and the range.
      const negative = await call('POST', apiPaths.certificateCreate(), {
        ...certificateBody(brandId, machine.id, 2),
        results: { certificate: {}, units: [{ insulation_ohm: '5' }, { insulation_ohm: '-0,001' }] },
      });
      assert.equal(negative.statusCode, 400, negative.body);
      assert.deepEqual(negative.json().error.fields, {
        'results.units.1.insulation_ohm':
          'Isolationswiderstand in Ω, Einheit 2: Außerhalb des Messbereichs 0 … 1.000.000.000.000.000 Ω',
      });
      const oversized = await issue(units('1000000000,1'), 1);
      assert.equal(oversized.statusCode, 400, oversized.body);
      assert.deepEqual(oversized.json().error.fields, {
        'results.units.0.insulation_resistance':
          'Isolationswiderstand, Einheit 1: Außerhalb des Messbereichs 0 … 1.000.000.000 MΩ',
      });
      // A retest too.
      const retest = await call('POST', apiPaths.unitAttempts(certificate.serials[0]), {
        values: { insulation_ohm: '-1' },
        failure_reason: 'ISO',
      });
      assert.equal(retest.statusCode, 400, retest.body);
      assert.match(retest.json().error.fields['values.insulation_ohm'], /Außerhalb des Messbereichs/);
    });

    test('first-pass yield and the trend of a numeric step', async () => {
      const yieldResponse = await call('GET', `${apiPaths.reportFirstPassYield()}?machine_id=${machineId}`);
      assert.equal(yieldResponse.statusCode, 200, yieldResponse.body);
      const [row] = yieldResponse.json().data;
      assert.equal(row.machine_id, machineId);
      assert.ok(row.tested > row.first_pass && row.first_pass > 0);
      const trend = await call(
        'GET',
        `${apiPaths.reportStepTrend()}?machine_id=${machineId}&step=insulation_resistance`,
      );
      assert.equal(trend.statusCode, 200, trend.body);
      assert.equal(trend.json().step.lower, 1);
      assert.ok(trend.json().data.some((point: { value: number }) => point.value === 0.8));
      assert.equal(
        (await call('GET', `${apiPaths.reportStepTrend()}?machine_id=${machineId}&step=DROP`)).statusCode,
        400,
      );
    });
  });
}
