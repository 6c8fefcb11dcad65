import { berlinIsoDate, DEFAULT_PLAN_STEPS, type PlanStep } from 'contracts';

/**
 * Test-instrument data of the e2e specs (docs/decisions/0018-instruments.md): the register is shared by every
 * spec of a run, so each spec makes its own instruments around today.
 */

/** IEC 60204-1, 18.3, measured for each unit with an insulation tester from the register. */
export const measuredInsulation: PlanStep = {
  ...DEFAULT_PLAN_STEPS.find((step) => step.key === 'insulation_resistance')!,
  kind: 'numeric',
  unit: 'MΩ',
  lower: 1,
  upper: null,
  decimals: 1,
  per_unit: true,
  instrument_kind: 'insulation_tester',
};

/** The Berlin day `days` from now: a due date or calibration day relative to the run. */
export const dayFromNow = (days: number) => berlinIsoDate(new Date(Date.now() + days * 86_400_000));
