import { berlinIsoDate, DEFAULT_PLAN_STEPS, type InstrumentBody, type PlanStep } from 'contracts';

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

const DAY = 24 * 60 * 60 * 1000;
/** The Berlin day `offset` days from now: a due date or calibration day relative to the test's run. */
export const day = (offset: number) => berlinIsoDate(new Date(Date.now() + offset * DAY));

/** An insulation tester for MEASURED_INSULATION, in use and calibrated 100 days ago, as `changes` alter it. */
export const tester = (inventory_number: string, changes: Partial<InstrumentBody> = {}): InstrumentBody => ({
  inventory_number,
  name: 'Isolationsmessgerät 1000 V',
  maker: 'Fluke',
  model: '1507',
  serial_number: 'F-1',
  kind: 'insulation_tester',
  interval_months: 12,
  last_calibrated: day(-100),
  due: day(265),
  status: 'in_use',
  ...changes,
});
