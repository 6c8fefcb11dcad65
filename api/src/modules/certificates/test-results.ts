import {
  CHECK_FIELDS,
  CHECK_NOT_OK,
  CHECK_OK,
  DEFAULT_PLAN_STEPS,
  LEGACY_CHECK_KEYS,
  judgeValue,
  keyedMap,
  passFailOf,
  type CertificateDraft,
  type CertificateTestRecord,
  type CheckField,
  type PlanStep,
  type ResultsBody,
  type StepVerdict,
  type UnitRelease,
} from 'contracts';
import { badRequest } from '../../errors';
import { currentLocale } from '../../language';
import { messages } from '../../messages';

/** One unit's test as judged by the API: every step's value as entered and its verdict. */
export interface JudgedUnit {
  values: Record<string, string>;
  verdicts: Record<string, StepVerdict>;
  passed: boolean;
}

/** The steps a certificate was tested against; certificates issued before plans were tested against the default. */
export const stepsOf = (row: { plan_steps: string }): PlanStep[] =>
  row.plan_steps ? (JSON.parse(row.plan_steps) as PlanStep[]) : [...DEFAULT_PLAN_STEPS];

/**
 * Judges every step of `steps` for one unit. `values` holds the unit's values by step key; `at(step)` names the
 * field an error belongs to, and `label(step)` how the message names the step and unit.
 */
function judgeUnit(
  steps: readonly PlanStep[],
  values: Record<string, string | undefined>,
  errors: Record<string, string>,
  { at, label }: { at: (step: PlanStep) => string; label: (step: PlanStep) => string },
): JudgedUnit {
  const unit: JudgedUnit = { values: keyedMap(), verdicts: keyedMap(), passed: true };
  for (const step of steps) {
    const typed = Object.hasOwn(values, step.key) ? values[step.key] : undefined;
    const judged = judgeValue(step, typed, messages.results, currentLocale());
    if (judged.error !== undefined) {
      errors[at(step)] ??= `${label(step)}: ${judged.error}`;
      continue;
    }
    const value = typed?.trim() ?? '';
    if (value) unit.values[step.key] = value;
    unit.verdicts[step.key] = judged.verdict;
    if (judged.verdict === 'fail' && step.required) unit.passed = false;
  }
  return unit;
}

/** Refuses values for steps the plan does not have, or sent where the step is not measured (per unit or once). */
function unknownSteps(
  steps: readonly PlanStep[],
  values: Record<string, string>,
  perUnit: boolean,
  errors: Record<string, string>,
  at: (key: string) => string,
) {
  for (const key of Object.keys(values))
    if (!steps.some((step) => step.key === key && step.per_unit === perUnit))
      errors[at(key)] = `${key}: ${messages.results.unknownStep}`;
}

/**
 * The results of a new certificate judged against its plan, one per unit; a German 400 naming each step and unit
 * that is refused, so nothing is stored half.
 */
export function judgeResults(
  steps: readonly PlanStep[],
  results: ResultsBody,
  quantity: number,
): JudgedUnit[] {
  const errors: Record<string, string> = {};
  unknownSteps(steps, results.certificate, false, errors, (key) => `results.certificate.${key}`);
  results.units.forEach((values, k) => {
    if (k >= quantity) errors[`results.units.${k}`] = messages.unitNotInCertificate(k + 1, quantity);
    else unknownSteps(steps, values, true, errors, (key) => `results.units.${k}.${key}`);
  });
  const once = steps.filter((step) => !step.per_unit);
  const each = steps.filter((step) => step.per_unit);
  // The per-certificate steps are judged once and count for every unit.
  const common = judgeUnit(once, results.certificate, errors, {
    at: (step) => `results.certificate.${step.key}`,
    label: (step) => step.title.de,
  });
  const units = Array.from({ length: quantity }, (_, k) => {
    const own = judgeUnit(each, results.units[k] ?? {}, errors, {
      at: (step) => `results.units.${k}.${step.key}`,
      label: (step) => `${step.title.de}, Einheit ${k + 1}`,
    });
    return {
      values: keyedMap({ ...common.values, ...own.values }),
      verdicts: keyedMap({ ...common.verdicts, ...own.verdicts }),
      passed: common.passed && own.passed,
    };
  });
  if (Object.keys(errors).length) throw badRequest(messages.checkResults, errors);
  return units;
}

/** A retest of one unit: every step of its certificate's plan, judged like the first test. */
export function judgeRetest(steps: readonly PlanStep[], values: Record<string, string>): JudgedUnit {
  const errors: Record<string, string> = {};
  for (const key of Object.keys(values))
    if (!steps.some((step) => step.key === key))
      errors[`values.${key}`] = `${key}: ${messages.results.unknownStep}`;
  const unit = judgeUnit(steps, values, errors, {
    at: (step) => `values.${step.key}`,
    label: (step) => step.title.de,
  });
  if (Object.keys(errors).length) throw badRequest(messages.checkResults, errors);
  return unit;
}

/**
 * The earlier app's checks (`POST /certificate` without `results`, docs/earlier-app.md) as results of the plan:
 * "OK" passes, "NOT OK" fails, the voltage as chosen; a per-unit step gets the same value for every unit.
 */
export function legacyResults(steps: readonly PlanStep[], draft: CertificateDraft): ResultsBody {
  const legacy = draft as unknown as Record<string, string | undefined>;
  const certificate = keyedMap<string>();
  const unit = keyedMap<string>();
  for (const step of steps) {
    const value = LEGACY_CHECK_KEYS.includes(step.key) ? legacy[step.key] : undefined;
    if (value === undefined) continue;
    (step.per_unit ? unit : certificate)[step.key] = step.kind === 'pass_fail' ? passFailOf(value) : value;
  }
  return { certificate, units: Array.from({ length: draft.quantity }, () => keyedMap(unit)) };
}

/**
 * The earlier app's check columns of a certificate tested against a plan (its lists, exports and revision form
 * keep them): "NOT OK" when a unit failed the step, the chosen value of a choice, "OK" for any other step that
 * passed, '' for a check the plan does not have.
 */
export function legacyColumns(
  steps: readonly PlanStep[],
  units: readonly Pick<JudgedUnit, 'values' | 'verdicts'>[],
) {
  const column = (key: string) => {
    const step = steps.find((s) => s.key === key);
    if (!step || units.every((unit) => !Object.hasOwn(unit.values, key))) return '';
    if (units.some((unit) => unit.verdicts[key] === 'fail')) return CHECK_NOT_OK;
    return step.kind === 'choice' ? (units[0].values[key] ?? '') : CHECK_OK;
  };
  return {
    ...(Object.fromEntries(CHECK_FIELDS.map((key) => [key, column(key)])) as Record<CheckField, string>),
    resistance_to_voltage: column('resistance_to_voltage'),
  };
}

/** Each unit's last attempt, the one that counts (docs/decisions/0010-test-record.md). */
export const lastAttempts = (record: Pick<CertificateTestRecord, 'units'>) =>
  record.units.map((unit) => unit.attempts[unit.attempts.length - 1]);

/**
 * The earlier app's check columns as the test record says them: from every unit's last test (`lastTests`, a
 * voided unit's too, as the verdict counts it), for the checks the plan has; a check the plan lacks keeps what is
 * stored. The columns follow the record, never the other way round (docs/decisions/0010-test-record.md).
 */
export function recordedColumns(
  steps: readonly PlanStep[],
  lastTests: readonly Pick<JudgedUnit, 'values' | 'verdicts'>[],
) {
  const columns = legacyColumns(steps, lastTests);
  return Object.fromEntries(
    Object.entries(columns).filter(([key]) => steps.some((step) => step.key === key)),
  ) as Partial<typeof columns>;
}

/** Where a unit stands after a test: failed, or released (waiting for a second person where one must release). */
export const releaseOf = (passed: boolean, bySecondPerson: boolean): UnitRelease =>
  !passed ? 'failed' : bySecondPerson ? 'awaiting_release' : 'released';

/** The certificate's verdict from its units: failed while one is failed, waiting while one waits. */
export function verdictOf(releases: readonly UnitRelease[]) {
  const failed_units = releases.filter((release) => release === 'failed').length;
  const verdict = failed_units
    ? ('failed' as const)
    : releases.includes('awaiting_release')
      ? ('awaiting_release' as const)
      : ('released' as const);
  return { verdict, failed_units };
}
