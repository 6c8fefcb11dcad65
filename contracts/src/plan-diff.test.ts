import assert from 'node:assert/strict';
import { test } from 'node:test';
import { planDiff } from './plan-diff';
import { DEFAULT_PLAN_STEPS, type PlanStep } from './test-record';

const numeric: PlanStep = {
  ...DEFAULT_PLAN_STEPS[0],
  key: 'residual_voltage',
  kind: 'numeric',
  unit: 'V',
  lower: null,
  upper: 60,
  decimals: 0,
};

test('a diff names the steps added and removed by key, and the fields of a step that changed', () => {
  const [kept, dropped] = DEFAULT_PLAN_STEPS;
  const added = { ...numeric, key: 'leakage_current', unit: 'mA', upper: 3.5 };
  const diff = planDiff(
    { version: 1, steps: [kept, dropped, numeric] },
    { version: 3, steps: [{ ...numeric, upper: 50, instrument_kind: 'multimeter' }, kept, added] },
  );
  assert.equal(diff.from, 1);
  assert.equal(diff.to, 3);
  assert.deepEqual(
    diff.added.map((step) => step.key),
    ['leakage_current'],
  );
  assert.deepEqual(
    diff.removed.map((step) => step.key),
    [dropped.key],
  );
  assert.equal(diff.changed.length, 1, 'a step only moved is not changed');
  assert.deepEqual(diff.changed[0].fields, ['upper', 'instrument_kind']);
  assert.equal(diff.changed[0].before.upper, 60);
  assert.equal(diff.changed[0].after.upper, 50);
});

test('a title changed in one language and equal versions', () => {
  const renamed = { ...numeric, title: { ...numeric.title, pt: 'Tensão' } };
  assert.deepEqual(
    planDiff({ version: 1, steps: [numeric] }, { version: 2, steps: [renamed] }).changed[0].fields,
    ['title'],
  );
  const same = planDiff({ version: 2, steps: [numeric] }, { version: 2, steps: [numeric] });
  assert.deepEqual([same.added, same.removed, same.changed], [[], [], []]);
});
