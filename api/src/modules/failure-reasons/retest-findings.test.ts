import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { DEFAULT_PLAN_STEPS, apiPaths, type FailureReason, type PlanStep, type PrintData } from 'contracts';
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

/** A numeric per-unit step of `unit`, at least `lower`, with the given plausibility bounds. */
const measured = (key: string, unit: string, lower: number, bounds: Partial<PlanStep> = {}): PlanStep => ({
  key,
  title: { de: `Messung ${key}`, en: `Measure ${key}`, fr: key, es: key, it: key, pt: key },
  kind: 'numeric',
  unit,
  lower,
  upper: null,
  decimals: 1,
  options: [],
  passing: [],
  parameters: '',
  standard: '',
  required: true,
  per_unit: true,
  ...bounds,
});
const INSULATION = measured('insulation_resistance', 'MΩ', 1);
/** A voltage of physical sense between 0 and 1000 V (the unit's own range is ±1 MV). */
const VOLTAGE = measured('touch_voltage', 'V', 0, { plausible_min: 0, plausible_max: 1000 });
const PLAN = [...DEFAULT_PLAN_STEPS.filter((step) => step.key !== INSULATION.key), INSULATION, VOLTAGE];
const ALL_PASS = Object.fromEntries(
  PLAN.filter((step) => !step.per_unit).map((step) => [
    step.key,
    step.kind === 'choice' ? step.passing[0] : 'pass',
  ]),
);
const RELEASER = { email: 'qs@example.com', password: 'Freigabe-Passwort-1', name: 'Qualität Quentin' };
const INSPECTOR = { email: 'pruefer@example.com', password: 'Pruefer-Passwort-1', name: 'Prüfer Paul' };

for (const kind of kinds) {
  describe(`retest findings and plausibility on ${kind}`, () => {
    let t: TestApp;
    let brandId: number;
    let machineId: number;
    let quality: string;
    let inspector: string;
    const call = (method: string, path: string, payload?: object, token = t.token) =>
      t.app.inject({ method: method as 'GET', url: apiUrl(path), headers: auth(token), payload });
    const savePlan = async (steps: PlanStep[], retest_all?: boolean) => {
      const current = (await call('GET', apiPaths.machineTestPlan(machineId))).json().version as number;
      return call(
        'PUT',
        apiPaths.machineTestPlan(machineId),
        {
          steps,
          based_on: current,
          // Every version after the first names why it changed (api/src/modules/test-plans).
          ...(current > 0 && { reason: 'Prüfschritte angepasst' }),
          ...(retest_all === undefined ? {} : { retest_all }),
        },
        quality,
      );
    };
    /** A certificate of two units: the first passes, the second fails the insulation resistance. */
    const issueWithFailedUnit = async () => {
      const response = await call('POST', apiPaths.certificateCreate(), {
        ...certificateBody(brandId, machineId, 2),
        results: {
          certificate: ALL_PASS,
          units: [
            { insulation_resistance: '2', touch_voltage: '230' },
            { insulation_resistance: '0,5', touch_voltage: '231' },
          ],
        },
      });
      assert.equal(response.statusCode, 200, response.body);
      const [certificate] = response.json() as PrintData[];
      assert.equal(certificate.failed_units, 1);
      return certificate;
    };
    const retest = (serial: string, body: object) =>
      call('POST', apiPaths.unitAttempts(serial), body, inspector);

    before(async () => {
      t = await createTestApp(kind);
      ({
        brand: { id: brandId },
        machine: { id: machineId },
      } = await seedMachine(t.repositories, { prefix: 'RF' }));
      await t.repositories.users.add({ ...RELEASER, roles: ['freigabe'] }, TEST_COST);
      await t.repositories.users.add({ ...INSPECTOR, roles: ['pruefer'] }, TEST_COST);
      quality = await t.login(RELEASER.email, RELEASER.password);
      inspector = await t.login(INSPECTOR.email, INSPECTOR.password);
      const saved = await savePlan(PLAN);
      assert.equal(saved.statusCode, 200, saved.body);
    });
    after(() => t.close());

    test('the quality role keeps the failure reasons; the inspector reads them and is refused changing them', async () => {
      const first = await call('GET', apiPaths.failureReasons(), undefined, inspector);
      assert.equal(first.statusCode, 200, first.body);
      const list = first.json() as FailureReason[];
      assert.ok(list.some((reason) => reason.code === 'ISO' && reason.name === 'Isolationsfehler'));

      const refused = await call(
        'POST',
        apiPaths.failureReasons(),
        { code: 'LACK', name: 'Lack' },
        inspector,
      );
      assert.equal(refused.statusCode, 403, refused.body);
      const created = await call(
        'POST',
        apiPaths.failureReasons(),
        { code: 'LACK', name: '  Lackschaden  ' },
        quality,
      );
      assert.equal(created.statusCode, 201, created.body);
      const reason = created.json() as FailureReason;
      assert.deepEqual({ ...reason, id: 0 }, { id: 0, code: 'LACK', name: 'Lackschaden', used: 0 });

      const renamed = await call(
        'PUT',
        apiPaths.failureReason(reason.id),
        { name: 'Lack beschädigt' },
        quality,
      );
      assert.equal(renamed.statusCode, 200, renamed.body);
      assert.equal((renamed.json() as FailureReason).name, 'Lack beschädigt');
      const renamedByInspector = await call(
        'PUT',
        apiPaths.failureReason(reason.id),
        { name: 'x' },
        inspector,
      );
      assert.equal(renamedByInspector.statusCode, 403);

      const removedByInspector = await call(
        'DELETE',
        apiPaths.failureReason(reason.id),
        undefined,
        inspector,
      );
      assert.equal(removedByInspector.statusCode, 403);
      assert.equal(
        (await call('DELETE', apiPaths.failureReason(reason.id), undefined, quality)).statusCode,
        204,
      );
      assert.equal(
        (await call('DELETE', apiPaths.failureReason(reason.id), undefined, quality)).statusCode,
        404,
      );
      // Each change is in the trail under the code, by whom; the refused ones and the 404 left nothing.
      const trail = await t.db
        .selectFrom('audit_events')
        .innerJoin('users', 'users.id', 'audit_events.account_id')
        .select(['action', 'users.email', 'details'])
        .where('subject_type', '=', 'failure_reason')
        .where('subject_id', '=', 'LACK')
        .orderBy('audit_events.id')
        .execute();
      assert.deepEqual(
        trail.map((row) => [row.action, row.email, JSON.parse(row.details)]),
        [
          ['failure_reason.created', RELEASER.email, { name: 'Lackschaden' }],
          [
            'failure_reason.renamed',
            RELEASER.email,
            { before: { name: 'Lackschaden' }, after: { name: 'Lack beschädigt' } },
          ],
          ['failure_reason.removed', RELEASER.email, { name: 'Lack beschädigt' }],
        ],
      );
    });

    test('a hostile or wrong reason is refused in German, never a 500', async () => {
      const post = (body: object) => call('POST', apiPaths.failureReasons(), body, quality);
      const cases: [object, string][] = [
        [{ code: '<script>', name: 'x' }, 'code'],
        [{ code: 'iso', name: 'klein' }, 'code'],
        [{ code: 'A'.repeat(21), name: 'zu lang' }, 'code'],
        [{ code: 'NAME', name: '   ' }, 'name'],
        [{ code: 'NAME', name: 'x'.repeat(121) }, 'name'],
        [{ code: 'NUL', name: 'a\u0000b' }, 'name'],
        [{ code: 'BIDI', name: 'a\u202Eb' }, 'name'],
        [{ code: 'ZEILE', name: 'zwei\nZeilen' }, 'name'],
        [{ name: 'ohne Code' }, 'code'],
      ];
      for (const [body, field] of cases) {
        const response = await post(body);
        assert.equal(response.statusCode, 400, `${JSON.stringify(body)}: ${response.body}`);
        assert.ok(response.json().error.fields[field], `${JSON.stringify(body)}: ${response.body}`);
        assert.match(response.json().error.message, /Bitte|prüfen|ungültig/);
      }
      const twice = await post({ code: 'ISO', name: 'noch einmal' });
      assert.equal(twice.statusCode, 409, twice.body);
      assert.equal(twice.json().error.fields.code, 'Diesen Code hat schon ein anderer Fehlergrund');
      assert.equal(
        (await call('PUT', apiPaths.failureReason(999_999), { name: 'x' }, quality)).statusCode,
        404,
      );
      const script = await post({ code: 'XSS', name: '<img src=x onerror=alert(1)>' });
      assert.equal(script.statusCode, 201, script.body);
      assert.equal((script.json() as FailureReason).name, '<img src=x onerror=alert(1)>');
    });

    test('a retest records its finding and asks only for the failed steps, carrying over the others', async () => {
      const certificate = await issueWithFailedUnit();
      const serial = certificate.serials[1];

      const noReason = await retest(serial, { values: { insulation_resistance: '1,5' } });
      assert.equal(noReason.statusCode, 400, noReason.body);
      assert.equal(noReason.json().error.fields.failure_reason, 'Bitte den Fehlergrund wählen');
      const unknown = await retest(serial, {
        values: { insulation_resistance: '1,5' },
        failure_reason: 'NIX',
      });
      assert.equal(unknown.statusCode, 400, unknown.body);
      assert.equal(unknown.json().error.fields.failure_reason, 'Diesen Fehlergrund gibt es im Katalog nicht');
      // The failed step must be measured again; nothing else is asked for.
      const withoutFailed = await retest(serial, { values: {}, failure_reason: 'ISO' });
      assert.equal(withoutFailed.statusCode, 400, withoutFailed.body);
      assert.deepEqual(Object.keys(withoutFailed.json().error.fields), ['values.insulation_resistance']);

      const finding = 'Klemme X1 feucht, getrocknet und neu abgedichtet.\nZweite Zeile: <b>fett</b>';
      const response = await retest(serial, {
        values: { insulation_resistance: '1,5' },
        failure_reason: 'ISO',
        finding,
      });
      assert.equal(response.statusCode, 200, response.body);
      const after = response.json() as PrintData;
      assert.equal(after.verdict, 'released');
      const [first, second] = after.test_record.units[1].attempts;
      assert.equal(first.failure_reason, undefined);
      assert.deepEqual(second.failure_reason, { code: 'ISO', name: 'Isolationsfehler' });
      assert.equal(second.finding, finding);
      assert.equal(second.values.insulation_resistance, '1,5');
      // Every other step as the attempt before said it, marked as carried over.
      assert.equal(second.values.touch_voltage, '231');
      assert.deepEqual(
        [...second.carried_over!].sort(),
        Object.keys(first.values)
          .filter((key) => key !== 'insulation_resistance')
          .sort(),
      );
      assert.equal(second.passed, true);

      // Read again, the same; and the reason is now in use: kept, only renamed.
      const read = (await call('GET', apiPaths.certificate(certificate.id))).json() as PrintData;
      assert.deepEqual(read.test_record.units[1].attempts[1].failure_reason, {
        code: 'ISO',
        name: 'Isolationsfehler',
      });
      assert.equal(read.test_record.retest_all, false);
      const iso = ((await call('GET', apiPaths.failureReasons())).json() as FailureReason[]).find(
        (reason) => reason.code === 'ISO',
      )!;
      assert.equal(iso.used, 1);
      const kept = await call('DELETE', apiPaths.failureReason(iso.id), undefined, quality);
      assert.equal(kept.statusCode, 409, kept.body);
      assert.match(kept.json().error.message, /in einer Nachprüfung genannt/);
      const events = (await call('GET', apiPaths.unitEvents(serial))).json().data;
      assert.equal(events[0].details.failure_reason, 'ISO');
    });

    test('a plan whose retest repeats all asks for every step again', async () => {
      const saved = await savePlan(PLAN, true);
      assert.equal(saved.statusCode, 200, saved.body);
      assert.equal(saved.json().retest_all, true);
      const certificate = await issueWithFailedUnit();
      assert.equal(certificate.test_record.retest_all, true);
      const serial = certificate.serials[1];
      const onlyFailed = await retest(serial, {
        values: { insulation_resistance: '1,5' },
        failure_reason: 'MONT',
      });
      assert.equal(onlyFailed.statusCode, 400, onlyFailed.body);
      assert.ok(onlyFailed.json().error.fields['values.touch_voltage'], onlyFailed.body);
      const all = await retest(serial, {
        values: { ...ALL_PASS, insulation_resistance: '1,5', touch_voltage: '229' },
        failure_reason: 'MONT',
      });
      assert.equal(all.statusCode, 200, all.body);
      const attempt = (all.json() as PrintData).test_record.units[1].attempts[1];
      assert.deepEqual(attempt.carried_over, []);
      assert.equal(attempt.values.touch_voltage, '229');
      // An older certificate keeps the rule of its own plan version.
      assert.equal((await savePlan(PLAN, false)).statusCode, 200);
      const again = (await call('GET', apiPaths.certificate(certificate.id))).json() as PrintData;
      assert.equal(again.test_record.retest_all, true);
    });

    test('a value outside the plan’s plausibility bounds is refused in German, the bounds themselves pass', async () => {
      const issue = (voltage: string) =>
        call('POST', apiPaths.certificateCreate(), {
          ...certificateBody(brandId, machineId, 1),
          results: { certificate: ALL_PASS, units: [{ insulation_resistance: '2', touch_voltage: voltage }] },
        });
      for (const voltage of ['-0,1', '1000,1', '-5000']) {
        const refused = await issue(voltage);
        assert.equal(refused.statusCode, 400, `${voltage}: ${refused.body}`);
        assert.deepEqual(refused.json().error.fields, {
          'results.units.0.touch_voltage':
            'Messung touch_voltage, Einheit 1: Unplausibler Wert – möglich: 0 … 1.000 V',
        });
      }
      for (const voltage of ['0', '0,0', '1000', '1000,0', '999,9']) {
        const accepted = await issue(voltage);
        assert.equal(accepted.statusCode, 200, `${voltage}: ${accepted.body}`);
      }
      // The retest too, with the message in the account's language when it is another.
      const certificate = await issueWithFailedUnit();
      const retested = await retest(certificate.serials[1], {
        values: { insulation_resistance: '1,5', touch_voltage: '-1' },
        failure_reason: 'ISO',
      });
      assert.equal(retested.statusCode, 400, retested.body);
      assert.equal(
        retested.json().error.fields['values.touch_voltage'],
        'Messung touch_voltage: Unplausibler Wert – möglich: 0 … 1.000 V',
      );
    });

    test('plausibility bounds in the wrong order, or beyond the unit’s range, are refused in the plan', async () => {
      const wrong = await savePlan([
        ...PLAN.filter((step) => step.key !== VOLTAGE.key),
        { ...VOLTAGE, plausible_min: 10, plausible_max: 5 },
      ]);
      assert.equal(wrong.statusCode, 400, wrong.body);
      assert.equal(
        wrong.json().error.fields[`steps.${PLAN.length - 1}.plausible_min`],
        'Der kleinste plausible Wert liegt über dem größten',
      );
      const beyond = await savePlan([
        ...PLAN.filter((step) => step.key !== VOLTAGE.key),
        { ...VOLTAGE, plausible_max: 1e7 },
      ]);
      assert.equal(beyond.statusCode, 400, beyond.body);
      assert.match(
        beyond.json().error.fields[`steps.${PLAN.length - 1}.plausible_max`],
        /Außerhalb des Messbereichs/,
      );
      const text = await call(
        'PUT',
        apiPaths.machineTestPlan(machineId),
        { steps: PLAN, based_on: 0, retest_all: 'ja' },
        quality,
      );
      assert.equal(text.statusCode, 400, text.body);
    });
  });
}
