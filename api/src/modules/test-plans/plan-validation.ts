import {
  PLAN_LANGUAGES,
  RESERVED_STEP_KEYS,
  keyedMap,
  fieldMessages,
  planStepMessages as planMessages,
  rangeText,
  withinRange,
  type PlanStep,
} from 'contracts';

/** Titles, options and texts without surrounding blanks. */
export const tidyStep = (step: PlanStep): PlanStep => ({
  ...step,
  title: Object.fromEntries(
    PLAN_LANGUAGES.map((language) => [language, step.title[language].trim()]),
  ) as PlanStep['title'],
  unit: step.unit.trim(),
  options: step.options.map((option) => option.trim()),
  passing: step.passing.map((option) => option.trim()),
  parameters: step.parameters.trim(),
  standard: step.standard.trim(),
});

/** The errors of a plan, keyed by field (`steps.3.title.de`); empty when it can be stored. */
export function planErrors(steps: PlanStep[]): Record<string, string> {
  const errors = keyedMap<string>();
  const keys = new Set<string>();
  steps.forEach((step, i) => {
    const at = (field: string) => `steps.${i}.${field}`;
    if (!step.title.de) errors[at('title.de')] = planMessages.titleMissing;
    if (RESERVED_STEP_KEYS.includes(step.key)) errors[at('key')] = planMessages.keyReserved;
    else if (keys.has(step.key)) errors[at('key')] = planMessages.keyTaken;
    keys.add(step.key);
    if (step.kind === 'numeric') {
      // JSON cannot carry NaN, but 1e309 parses as Infinity.
      for (const limit of ['lower', 'upper'] as const) {
        const value = step[limit];
        if (value === null) continue;
        if (!Number.isFinite(value)) errors[at(limit)] = planMessages.notFinite;
        else if (!withinRange(step.unit, value))
          errors[at(limit)] = planMessages.outOfRange(rangeText(step.unit));
      }
      if (step.lower !== null && step.upper !== null && step.lower > step.upper)
        errors[at('lower')] = planMessages.lowerAboveUpper;
      if (!step.unit) errors[at('unit')] = planMessages.unitMissing;
    }
    if (step.kind === 'choice') {
      if (step.options.length === 0 || step.options.some((option) => !option))
        errors[at('options')] = step.options.length ? fieldMessages.required : planMessages.optionsMissing;
      else if (new Set(step.options).size !== step.options.length)
        errors[at('options')] = planMessages.optionTwice;
      if (step.passing.length === 0) errors[at('passing')] = planMessages.passingMissing;
      else if (step.passing.some((option) => !step.options.includes(option)))
        errors[at('passing')] = planMessages.passingUnknown;
    }
  });
  return errors;
}
