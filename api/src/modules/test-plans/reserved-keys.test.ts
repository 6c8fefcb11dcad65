import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { parse } from 'csv-parse/sync';
import { DEFAULT_PLAN_STEPS, apiPaths, planStepMessages, type PlanStep, type PrintData } from 'contracts';
import { nowIso } from '../../text';
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

/** An optional per-unit pass/fail step keyed like a property every plain JavaScript object has. */
const stepKeyed = (key: string): PlanStep => ({
  ...DEFAULT_PLAN_STEPS.find((step) => step.kind === 'pass_fail')!,
  key,
  title: {
    de: 'Sonderprüfung',
    en: 'Special',
    fr: 'Spécial',
    es: 'Especial',
    it: 'Speciale',
    pt: 'Especial',
  },
  required: false,
  per_unit: true,
});

for (const kind of kinds) {
  describe(`plan step keys on ${kind}`, () => {
    let t: TestApp;
    let brandId: number;
    let machineId: number;
    let otherMachineId: number;
    const call = (method: 'GET' | 'POST' | 'PUT', path: string, payload?: object) =>
      t.app.inject({ method, url: apiUrl(path), headers: auth(t.token), payload });

    before(async () => {
      t = await createTestApp(kind);
      ({
        brand: { id: brandId },
        machine: { id: machineId },
      } = await seedMachine(t.repositories, { prefix: 'PK', name: 'Schlüsselmaschine' }));
      ({
        machine: { id: otherMachineId },
      } = await seedMachine(t.repositories, { prefix: 'PO', name: 'Andere Maschine' }));
    });
    after(() => t.close());

    test('keys that name a property of every object are refused with a German message at the key', async () => {
      for (const key of ['constructor', 'prototype', 'hasOwnProperty', '__proto__']) {
        const steps = [...DEFAULT_PLAN_STEPS, stepKeyed(key)];
        const response = await call('PUT', apiPaths.machineTestPlan(machineId), { steps, based_on: 0 });
        // The key's pattern refuses what is not lower case; the plan's rules name the rest at the key.
        assert.equal(response.statusCode, 400, `${key}: ${response.body}`);
      }
      const named = await call('PUT', apiPaths.machineTestPlan(machineId), {
        steps: [...DEFAULT_PLAN_STEPS, stepKeyed('constructor')],
        based_on: 0,
      });
      assert.equal(
        named.json().error.fields[`steps.${DEFAULT_PLAN_STEPS.length}.key`],
        planStepMessages.keyReserved,
      );
      assert.equal((await call('GET', apiPaths.machineTestPlan(machineId))).json().version, 0);
    });

    test('a plan stored with a `constructor` step before the rule issues, seals and exports', async () => {
      // As a plan saved before keys were checked: written straight to the database.
      const current = await t.repositories.testPlans.current(machineId);
      await t.repositories.testPlans.insert({
        machine_id: machineId,
        version: (current?.version ?? 0) + 1,
        steps: [...DEFAULT_PLAN_STEPS, stepKeyed('constructor')],
        created_at: nowIso(),
        created_by: t.accountId,
      });
      const issued = await call('POST', apiPaths.certificateCreate(), certificateBody(brandId, machineId, 2));
      assert.equal(issued.statusCode, 200, issued.body);
      const [certificate] = issued.json() as PrintData[];
      assert.equal(certificate.verdict, 'released');
      const other = await call(
        'POST',
        apiPaths.certificateCreate(),
        certificateBody(brandId, otherMachineId, 1),
      );
      assert.equal(other.statusCode, 200, other.body);

      // The worker seals the PDF, and the customer copy its first request asked for.
      await t.runJobs();
      const staff = await call('GET', apiPaths.certificateDocument(certificate.id));
      assert.equal(staff.statusCode, 200, staff.body);
      assert.equal(staff.rawPayload.subarray(0, 5).toString(), '%PDF-');
      const copy = apiUrl(apiPaths.unitCertificate(certificate.serials[0]));
      assert.equal((await t.app.inject({ url: copy })).statusCode, 503);
      await t.runJobs();
      const customer = await t.app.inject({ url: copy });
      assert.equal(customer.statusCode, 200, customer.body);

      const exported = await exportedFile(t, { format: 'csv', rows: 'units' });
      assert.equal(exported.statusCode, 200, exported.body);
      const rows: string[][] = parse(exported.rawPayload.toString('utf8'), { bom: true, delimiter: ';' });
      const column = rows[0].indexOf('Sonderprüfung');
      assert.ok(column > 0, rows[0].join(';'));
      assert.deepEqual(
        rows.slice(1).map((row) => row[column]),
        ['', '', ''],
      );
    });
  });
}
