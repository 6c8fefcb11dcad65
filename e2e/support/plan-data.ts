import { DEFAULT_PLAN_STEPS, type PlanStep } from 'contracts';

/** Test-plan steps of the e2e specs: the default plan's, and its insulation check made a measured one. */

/** The default plan's visual check of the guide, passed or failed. */
export const guideStep = DEFAULT_PLAN_STEPS.find((step) => step.key === 'guide')!;

/**
 * IEC 60204-1, 18.3: at least 1 MΩ at 500 V DC, measured for each unit with one decimal; under the default
 * check's key and German title, so the other languages read its name from the catalog
 * (mfe-certificates/src/components/test-entry/step-entry.ts).
 */
export const measuredInsulation: PlanStep = {
  ...DEFAULT_PLAN_STEPS.find((step) => step.key === 'insulation_resistance')!,
  kind: 'numeric',
  unit: 'MΩ',
  lower: 1,
  upper: null,
  decimals: 1,
  per_unit: true,
};
