import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import {
  DEFAULT_PLAN_STEPS,
  apiPaths,
  type FailureReasonsReport,
  type PlanStep,
  type PrintData,
  type StepTrendReport,
} from 'contracts';
import {
  apiUrl,
  auth,
  certificateBody,
  createTestApp,
  kinds,
  seedMachine,
  type TestApp,
} from '../../test/harness';

/** The default plan's checks passed once per certificate. */
const PASSED = Object.fromEntries(
  DEFAULT_PLAN_STEPS.map((step) => [step.key, step.kind === 'choice' ? step.passing[0] : 'pass']),
);

const measured = (key: string, unit: string, lower: number | null, upper: number | null): PlanStep => ({
  ...DEFAULT_PLAN_STEPS[0],
  key,
  title: { de: `${key} DE`, en: `${key} EN`, fr: '', es: '', it: '', pt: '' },
  kind: 'numeric',
  unit,
  lower,
  upper,
  decimals: 1,
  per_unit: true,
});
const functionTest: PlanStep = {
  ...DEFAULT_PLAN_STEPS[0],
  key: 'function_test',
  title: { ...DEFAULT_PLAN_STEPS[0].title, de: 'Funktionsprüfung', en: 'Function test' },
  per_unit: true,
};

/** Close enough for a figure computed by hand to seven digits. */
const near = (actual: number | null | undefined, expected: number) =>
  assert.ok(
    actual !== null && actual !== undefined && Math.abs(actual - expected) < 1e-6,
    `${actual} ≠ ${expected}`,
  );

/** The quality manager's analysis of the test record (api/src/modules/reports/test-record-reports.ts). */
for (const kind of kinds) {
  describe(`test record analysis on ${kind}`, () => {
    let t: TestApp;
    let brandId: number;

    const call = (method: 'GET' | 'POST' | 'PUT', path: string, payload?: object) =>
      t.app.inject({ method, url: apiUrl(path), headers: auth(t.token), payload });
    async function get<T>(path: string, query: Record<string, string | number>) {
      const response = await t.app.inject({
        url: apiUrl(path),
        query: query as never,
        headers: auth(t.token),
      });
      assert.equal(response.statusCode, 200, response.body);
      return response.json() as T;
    }
    async function plan(machineId: number, steps: PlanStep[], based_on: number) {
      // Every version after the first names why it changed (api/src/modules/test-plans).
      const reason = based_on > 0 ? { reason: 'Grenzwert angepasst' } : {};
      const response = await call('PUT', apiPaths.machineTestPlan(machineId), { steps, based_on, ...reason });
      assert.equal(response.statusCode, 200, response.body);
    }
    async function issue(machineId: number, units: Record<string, string>[]) {
      const response = await call('POST', apiPaths.certificateCreate(), {
        ...certificateBody(brandId, machineId, units.length),
        results: { certificate: PASSED, units },
      });
      assert.equal(response.statusCode, 200, response.body);
      return (response.json() as PrintData[])[0];
    }
    const machine = async (prefix: string) => (await seedMachine(t.repositories, { prefix })).machine.id;

    before(async () => {
      t = await createTestApp(kind);
      brandId = (await seedMachine(t.repositories, { prefix: 'TR' })).brand.id;
    });
    after(() => t.close());

    test('the trend draws each value against the limit of the plan version its unit was tested by', async () => {
      const id = await machine('VT');
      await plan(id, [...DEFAULT_PLAN_STEPS, measured('touch_voltage', 'V', null, 60)], 0);
      await issue(id, [{ touch_voltage: '55' }, { touch_voltage: '58' }]);
      await plan(id, [...DEFAULT_PLAN_STEPS, measured('touch_voltage', 'V', null, 50)], 1);
      await issue(id, [{ touch_voltage: '45' }, { touch_voltage: '52' }]);

      const trend = await get<StepTrendReport>(apiPaths.reportStepTrend(), {
        machine_id: id,
        step: 'touch_voltage',
      });
      assert.equal(trend.step?.upper, 50, 'the step as planned now');
      assert.deepEqual(
        // Units of one certificate share their time: the order among them is the chart's.
        trend.data
          .map((point) => [point.value, point.plan_version, point.lower, point.upper])
          .sort((a, b) => a[1]! - b[1]! || a[0]! - b[0]!),
        [
          [55, 1, null, 60],
          [58, 1, null, 60],
          [45, 2, null, 50],
          [52, 2, null, 50],
        ],
      );
      // One limit: Cpk alone, against today's ≤ 50 V. Mean 52,5; s = √(93 / 3) = 5,5677644;
      // Cpk = (50 − 52,5) / (3 · 5,5677644) = −0,1496710.
      const capability = trend.capability!;
      assert.equal(capability.count, 4);
      near(capability.mean, 52.5);
      near(capability.sd, 5.5677644);
      assert.equal(capability.cp, null);
      near(capability.cpk, -0.149671);
      assert.equal(capability.few_values, true);
    });

    test('Cp and Cpk of a step with two limits, with a warning below 25 values', async () => {
      const id = await machine('CP');
      await plan(id, [...DEFAULT_PLAN_STEPS, measured('gap', 'mm', 7, 16)], 0);
      await issue(
        id,
        ['8', '9', '10', '11', '12'].map((gap) => ({ gap })),
      );
      const trend = () => get<StepTrendReport>(apiPaths.reportStepTrend(), { machine_id: id, step: 'gap' });
      // Mean 10; s = √(10 / 4) = 1,5811388; Cp = (16 − 7) / (6 s) = 0,9486833; Cpk = (10 − 7) / (3 s) = 0,6324555.
      const five = (await trend()).capability!;
      assert.equal(five.count, 5);
      near(five.sd, 1.5811388);
      near(five.cp, 0.9486833);
      near(five.cpk, 0.6324555);
      assert.equal(five.few_values, true);

      await issue(
        id,
        Array.from({ length: 20 }, () => ({ gap: '10' })),
      );
      // 25 values, mean 10; s = √(10 / 24) = 0,6454972; Cp = 9 / (6 s) = 2,3237900; Cpk = 3 / (3 s) = 1,5491933.
      const enough = (await trend()).capability!;
      assert.equal(enough.count, 25);
      near(enough.sd, 0.6454972);
      near(enough.cp, 2.32379);
      near(enough.cpk, 1.5491933);
      assert.equal(enough.few_values, false);
    });

    test('a step without limits, or values all equal, has no Cp or Cpk', async () => {
      const id = await machine('NL');
      await plan(
        id,
        [...DEFAULT_PLAN_STEPS, measured('speed', 'mm', null, null), measured('gap', 'mm', 1, 9)],
        0,
      );
      await issue(id, [
        { speed: '3', gap: '5' },
        { speed: '4', gap: '5' },
      ]);
      const speed = await get<StepTrendReport>(apiPaths.reportStepTrend(), { machine_id: id, step: 'speed' });
      assert.equal(speed.capability, null);
      const gap = await get<StepTrendReport>(apiPaths.reportStepTrend(), { machine_id: id, step: 'gap' });
      assert.deepEqual(gap.capability, { count: 2, mean: 5, sd: 0, cp: null, cpk: null, few_values: true });
    });

    test('failure reasons are counted per failed step, attempt and the finding of its retest, most first, beside the first-pass yield', async () => {
      const id = await machine('PA');
      const voltage = measured('touch_voltage', 'V', null, 50);
      await plan(id, [...DEFAULT_PLAN_STEPS, voltage, functionTest], 0);
      const [pass, fail] = ['pass', 'fail'];
      const certificate = await issue(id, [
        { touch_voltage: '40', function_test: pass },
        { touch_voltage: '55', function_test: fail },
        { touch_voltage: '52', function_test: pass },
        { touch_voltage: '41', function_test: fail },
      ]);
      const retest = (unit: number, values: Record<string, string>, reason: string) =>
        call('POST', `/units/${certificate.serials[unit]}/attempts`, {
          values: { ...PASSED, ...values },
          failure_reason: reason,
        });
      // The second unit fails its retest again, for the voltage only; the fourth passes its retest.
      const again = await retest(1, { touch_voltage: '51', function_test: pass }, 'ISO');
      assert.equal(again.statusCode, 200, again.body);
      const mended = await retest(3, { touch_voltage: '41', function_test: pass }, 'MONT');
      assert.equal(mended.statusCode, 200, mended.body);
      await issue(id, [{ touch_voltage: '30', function_test: pass }]);

      const report = await get<FailureReasonsReport>(apiPaths.reportFailureReasons(), { machine_id: id });
      assert.equal(report.tested, 5);
      assert.equal(report.first_pass, 2);
      // Awaiting a finding: the third unit's voltage and the second unit's failed retest.
      assert.deepEqual(
        report.data.map((row) => [row.step_key, row.code, row.reason, row.title.de, row.failures]),
        [
          ['touch_voltage', null, null, 'touch_voltage DE', 2],
          ['function_test', 'ISO', 'Isolationsfehler', 'Funktionsprüfung', 1],
          ['function_test', 'MONT', 'Montagefehler', 'Funktionsprüfung', 1],
          ['touch_voltage', 'ISO', 'Isolationsfehler', 'touch_voltage DE', 1],
        ],
      );
      const none = await get<FailureReasonsReport>(apiPaths.reportFailureReasons(), {
        machine_id: id,
        from: '2020-01',
        to: '2020-12',
      });
      assert.deepEqual([none.tested, none.first_pass, none.data], [0, 0, []]);
    });

    test('bad queries are refused in German, never with a 500', async () => {
      for (const query of [
        {},
        { machine_id: 'abc' },
        { machine_id: 0 },
        { machine_id: 1, from: '2026-13' },
        { machine_id: 1, from: '2026-05', to: '2026-01' },
        { machine_id: "1' or 1=1 --" },
      ]) {
        const response = await t.app.inject({
          url: apiUrl(apiPaths.reportFailureReasons()),
          query: query as never,
          headers: auth(t.token),
        });
        assert.equal(response.statusCode, 400, JSON.stringify(query));
        assert.match(response.json().error.message, /[a-zäöü]/);
      }
      const unknown = await get<FailureReasonsReport>(apiPaths.reportFailureReasons(), {
        machine_id: 999999,
      });
      assert.deepEqual(unknown.data, []);
    });
  });
}
