import { berlinIsoDate, DEFAULT_PLAN_STEPS, type PlanStep } from 'contracts';
import { measuredInsulation } from './plan-data';

/**
 * Test-instrument data of the e2e specs (docs/decisions/0018-instruments.md): the register is shared by every
 * spec of a run, so each spec makes its own instruments around today.
 */

/** IEC 60204-1, 18.3, measured for each unit with an insulation tester from the register. */
export const measuredInsulationWithInstrument: PlanStep = {
  ...measuredInsulation,
  instrument_kind: 'insulation_tester',
};

/** The insulation measured with an instrument, beside the pass/fail and voltage steps „Alle bestanden“ fills. */
export const measuredInstrumentPlan: PlanStep[] = [
  DEFAULT_PLAN_STEPS.find((step) => step.key === 'guide')!,
  DEFAULT_PLAN_STEPS.find((step) => step.key === 'resistance_to_voltage')!,
  measuredInsulationWithInstrument,
];

/** The Berlin day `days` from now: a due date or calibration day relative to the run. */
export const dayFromNow = (days: number) => berlinIsoDate(new Date(Date.now() + days * 86_400_000));
