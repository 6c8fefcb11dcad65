import { Type, type Static } from '@sinclair/typebox';
import { PlanStep } from './test-record';

/**
 * What changed between two versions of a machine's test plan. Steps are matched by their key, which stays the
 * same across versions (contracts/src/test-record.ts).
 */
export const PlanDiff = Type.Object({
  from: Type.Integer(),
  to: Type.Integer(),
  /** Steps of `to` whose key `from` does not have, in `to`'s order. */
  added: Type.Array(PlanStep),
  /** Steps of `from` whose key `to` does not have, in `from`'s order. */
  removed: Type.Array(PlanStep),
  /** Steps in both whose fields differ: the fields by name (`lower`, `title`, …), in the step's field order. */
  changed: Type.Array(Type.Object({ before: PlanStep, after: PlanStep, fields: Type.Array(Type.String()) })),
});
export type PlanDiff = Static<typeof PlanDiff>;

/** The fields of two versions of a step that differ; a field missing on one side differs from any value. */
export function changedFields(before: PlanStep, after: PlanStep): string[] {
  const fields = [...new Set([...Object.keys(before), ...Object.keys(after)])].filter(
    (field) => field !== 'key',
  );
  return fields.filter(
    (field) =>
      JSON.stringify(before[field as keyof PlanStep]) !== JSON.stringify(after[field as keyof PlanStep]),
  );
}

export function planDiff(
  from: { version: number; steps: readonly PlanStep[] },
  to: { version: number; steps: readonly PlanStep[] },
): PlanDiff {
  const earlier = new Map(from.steps.map((step) => [step.key, step]));
  const later = new Set(to.steps.map((step) => step.key));
  const changed = to.steps.flatMap((after) => {
    const before = earlier.get(after.key);
    const fields = before ? changedFields(before, after) : [];
    return fields.length ? [{ before: before!, after, fields }] : [];
  });
  return {
    from: from.version,
    to: to.version,
    added: to.steps.filter((step) => !earlier.has(step.key)),
    removed: from.steps.filter((step) => !later.has(step.key)),
    changed,
  };
}
