import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { apiPaths, REASON_MAX, type PlanDiff, type TestPlan, type TestPlanVersions } from 'contracts';
import { MEASURED_INSULATION, MEASURED_PLAN } from '../../test/measured-plan';
import { apiUrl, auth, createTestApp, kinds, seedMachine, type TestApp } from '../../test/harness';

const REASON = 'Grenzwert nach IEC 60204-1:2018 verschärft';
const LEAKAGE = { ...MEASURED_INSULATION, key: 'leakage_current', unit: 'mA', lower: null, upper: 3.5 };

for (const kind of kinds) {
  describe(`test plan history on ${kind}`, () => {
    let t: TestApp;
    let machineId: number;
    let otherId: number;
    const call = (method: 'GET' | 'POST' | 'PUT', path: string, payload?: object) =>
      t.app.inject({ method, url: apiUrl(path), headers: auth(t.token), payload });
    const save = (steps: object[], based_on: number, reason?: string) =>
      call('PUT', apiPaths.machineTestPlan(machineId), { steps, based_on, reason });

    before(async () => {
      t = await createTestApp(kind);
      ({
        machine: { id: machineId },
      } = await seedMachine(t.repositories, { prefix: 'PH', name: 'Historienmaschine' }));
      ({
        machine: { id: otherId },
      } = await seedMachine(t.repositories, { prefix: 'PV', name: 'Vorlagemaschine' }));
    });
    after(() => t.close());

    test('the first version needs no reason; every later one is refused without one, in German', async () => {
      const first = await save(MEASURED_PLAN, 0);
      assert.equal(first.statusCode, 200, first.body);
      assert.equal((first.json() as TestPlan).reason, null);
      for (const reason of [undefined, '', '  \n ']) {
        const refused = await save(MEASURED_PLAN, 1, reason);
        assert.equal(refused.statusCode, 400, refused.body);
        assert.equal(
          refused.json().error.fields.reason,
          'Bitte geben Sie an, warum der Prüfplan geändert wird (Änderungsgrund).',
        );
      }
      const long = await save(MEASURED_PLAN, 1, 'x'.repeat(REASON_MAX + 1));
      assert.equal(long.statusCode, 400, long.body);
      assert.equal(long.json().error.fields.reason, 'Höchstens 500 Zeichen');
      const control = await save(MEASURED_PLAN, 1, 'Grund\u0000mit Steuerzeichen\u001b');
      assert.equal(control.statusCode, 400, control.body);
      assert.match(control.json().error.fields.reason, /^Enthält ein unzulässiges Steuerzeichen/);
      assert.equal((await call('GET', apiPaths.machineTestPlan(machineId))).json().version, 1);
    });

    test('each version is readable with its reason, and a diff names steps added and limits changed', async () => {
      const tightened = MEASURED_PLAN.map((step) =>
        step.key === MEASURED_INSULATION.key ? { ...step, lower: 2 } : step,
      );
      const hostile = `<img src=x onerror=alert(1)> ${REASON}\n'; drop table test_plans; --`;
      const second = await save([...tightened, LEAKAGE], 1, `  ${hostile}  `);
      assert.equal(second.statusCode, 200, second.body);
      assert.equal((second.json() as TestPlan).reason, hostile, 'stored as text, trimmed');

      const versions = (
        await call('GET', apiPaths.machineTestPlanVersions(machineId))
      ).json() as TestPlanVersions;
      assert.deepEqual(
        versions.data.map(({ version, reason, steps }) => ({ version, reason, steps })),
        [
          { version: 2, reason: hostile, steps: MEASURED_PLAN.length + 1 },
          { version: 1, reason: null, steps: MEASURED_PLAN.length },
        ],
      );
      assert.ok(versions.data.every((version) => version.created_by_name && version.created_at));

      const older = (
        await call('GET', `${apiPaths.machineTestPlan(machineId)}?version=1`)
      ).json() as TestPlan;
      assert.equal(older.version, 1);
      assert.equal(older.steps.find((step) => step.key === MEASURED_INSULATION.key)?.lower, 1);

      const diff = await call('GET', apiPaths.machineTestPlanDiff(machineId, 1, 2));
      assert.equal(diff.statusCode, 200, diff.body);
      const { from, to, added, removed, changed } = diff.json() as PlanDiff;
      assert.deepEqual([from, to], [1, 2]);
      assert.deepEqual(
        added.map((step) => step.key),
        ['leakage_current'],
      );
      assert.deepEqual(removed, []);
      assert.deepEqual(
        changed.map((step) => [step.after.key, step.fields, step.before.lower, step.after.lower]),
        [[MEASURED_INSULATION.key, ['lower'], 1, 2]],
      );
      const back = (await call('GET', apiPaths.machineTestPlanDiff(machineId, 2, 1))).json() as PlanDiff;
      assert.deepEqual(
        back.removed.map((step) => step.key),
        ['leakage_current'],
      );
      // From the built-in default, version 0.
      const fromDefault = await call('GET', apiPaths.machineTestPlanDiff(machineId, 0, 1));
      assert.equal(fromDefault.statusCode, 200, fromDefault.body);
      assert.deepEqual(
        (fromDefault.json() as PlanDiff).changed.map((step) => step.after.key),
        [MEASURED_INSULATION.key],
      );

      const trail = await t.app.inject({
        url: apiUrl(apiPaths.audit()),
        query: { action: 'test_plan.changed' },
        headers: auth(t.token),
      });
      assert.equal(trail.statusCode, 200, trail.body);
      const details = trail.json().data.map((event: { details: object }) => event.details);
      assert.ok(
        details.some((d: { version?: number; reason?: string }) => d.version === 2 && d.reason === hostile),
        trail.body,
      );
    });

    test('a version or diff that does not exist, or a wrong query, is refused in German', async () => {
      const missing = await call('GET', apiPaths.machineTestPlanDiff(machineId, 1, 9));
      assert.equal(missing.statusCode, 404, missing.body);
      assert.equal(missing.json().error.message, 'Diese Version des Prüfplans gibt es nicht.');
      for (const query of ['from=-1&to=2', 'from=1', 'from=x&to=2', `from=1&to=${'9'.repeat(40)}`]) {
        const wrong = await call('GET', `/machine/${machineId}/test-plan/diff?${query}`);
        assert.equal(wrong.statusCode, 400, `${query}: ${wrong.body}`);
        assert.equal(wrong.json().error.message, 'Die Abfrageparameter sind ungültig.');
      }
      assert.equal((await call('GET', apiPaths.machineTestPlanVersions(99999))).statusCode, 404);
      const none = await call('GET', apiPaths.machineTestPlanVersions(otherId));
      assert.deepEqual(none.json(), { data: [] });
    });

    test('a copied plan names where it came from as its reason', async () => {
      await call('PUT', apiPaths.machineTestPlan(otherId), { steps: MEASURED_PLAN, based_on: 0 });
      const copied = await call('POST', apiPaths.machineTestPlanCopy(machineId), {
        from_machine_id: otherId,
      });
      assert.equal(copied.statusCode, 200, copied.body);
      assert.equal(
        (copied.json() as TestPlan).reason,
        'Übernommen aus dem Prüfplan von Vorlagemaschine (Version 1).',
      );
    });
  });
}
