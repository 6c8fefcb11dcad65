import { DEFAULT_PLAN_STEPS, type PlanStep } from 'contracts';

/** The default plan with its insulation check measured per unit by an insulation tester (IEC 60204-1, 18.3). */
export const MEASURED_INSULATION: PlanStep = {
  ...DEFAULT_PLAN_STEPS.find((step) => step.key === 'insulation_resistance')!,
  kind: 'numeric',
  unit: 'MΩ',
  lower: 1,
  decimals: 1,
  per_unit: true,
  instrument_kind: 'insulation_tester',
};
export const MEASURED_PLAN = [
  ...DEFAULT_PLAN_STEPS.filter((step) => step.key !== MEASURED_INSULATION.key),
  MEASURED_INSULATION,
];
/** A passing answer to every step of MEASURED_PLAN made once for the whole certificate. */
export const MEASURED_PLAN_PASSED = Object.fromEntries(
  MEASURED_PLAN.filter((step) => !step.per_unit).map((step) => [
    step.key,
    step.kind === 'choice' ? step.passing[0] : 'pass',
  ]),
);
