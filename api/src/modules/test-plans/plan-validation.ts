import {
  PLAN_LANGUAGES,
  RESERVED_STEP_KEYS,
  keyedMap,
  rangeText,
  withinRange,
  type PlanStep,
} from 'contracts';
import { currentLocale } from '../../language';
import { messages } from '../../messages';

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
    if (!step.title.de) errors[at('title.de')] = messages.planSteps.titleMissing;
    if (RESERVED_STEP_KEYS.includes(step.key)) errors[at('key')] = messages.planSteps.keyReserved;
    else if (keys.has(step.key)) errors[at('key')] = messages.planSteps.keyTaken;
    keys.add(step.key);
    if (step.kind === 'numeric') {
      // JSON cannot carry NaN, but 1e309 parses as Infinity.
      for (const limit of ['lower', 'upper', 'plausible_min', 'plausible_max'] as const) {
        const value = step[limit];
        if (value === null || value === undefined) continue;
        if (!Number.isFinite(value)) errors[at(limit)] = messages.planSteps.notFinite;
        else if (!withinRange(step.unit, value))
          errors[at(limit)] = messages.planSteps.outOfRange(rangeText(step.unit, currentLocale()));
      }
      if (step.lower !== null && step.upper !== null && step.lower > step.upper)
        errors[at('lower')] = messages.planSteps.lowerAboveUpper;
      const { plausible_min: min, plausible_max: max } = step;
      if (min !== null && min !== undefined && max !== null && max !== undefined && min > max)
        errors[at('plausible_min')] ??= messages.planSteps.plausibleOrder;
      if (!step.unit) errors[at('unit')] = messages.planSteps.unitMissing;
    }
    if (step.kind === 'choice') {
      if (step.options.length === 0 || step.options.some((option) => !option))
        errors[at('options')] = step.options.length
          ? messages.fields.required
          : messages.planSteps.optionsMissing;
      else if (new Set(step.options).size !== step.options.length)
        errors[at('options')] = messages.planSteps.optionTwice;
      if (step.passing.length === 0) errors[at('passing')] = messages.planSteps.passingMissing;
      else if (step.passing.some((option) => !step.options.includes(option)))
        errors[at('passing')] = messages.planSteps.passingUnknown;
    }
  });
  return errors;
}
