import {
  keepsDigits,
  numberOf,
  PLAN_LANGUAGES,
  rangeText,
  withinRange,
  PLAN_STEPS_MAX,
  STEP_DECIMALS_MAX,
  STEP_OPTIONS_MAX,
  type PlanStep,
} from 'contracts';
import { activeLocale, decimalSeparator } from 'shared-ui';
import { machineCatalogs } from '../../catalogs';

/**
 * A step as the editor holds it: limits as typed ("0,5" stays as typed until saved), options one per
 * line, and whether it is new (only a new step's key may still change: results and exports name steps by key,
 * docs/decisions/0010-test-record.md).
 */
export type DraftStep = Omit<
  PlanStep,
  'lower' | 'upper' | 'plausible_min' | 'plausible_max' | 'options' | 'decimals'
> & {
  /** Identifies the step across reorders while its key is still being typed. */
  uid: string;
  isNew: boolean;
  lower: string;
  upper: string;
  /** The bounds of physical sense: a value outside is refused when entered (contracts judgeValue). */
  plausible_min: string;
  plausible_max: string;
  decimals: string;
  /** One option per line. */
  options: string;
};

/** The API's step key: a lower-case letter, then letters, digits and underscores, at most 40 (contracts PlanStep). */
export const KEY_PATTERN = /^[a-z][a-z0-9_]{0,39}$/;
const KEY_MAX = 40;
/** contracts PlanStep: an option is at most 60 characters. */
export const OPTION_MAX = 60;

let uids = 0;
const nextUid = () => `step-${++uids}`;

/** A stored limit to edit, with the active language's decimal separator (both are read back: contracts numberOf). */
const limitText = (value: number | null | undefined) =>
  value === null || value === undefined ? '' : String(value).replace('.', decimalSeparator());

/** The limits and bounds a numeric step has as numbers typed into the editor. */
const LIMIT_FIELDS = ['lower', 'upper', 'plausible_min', 'plausible_max'] as const;

export function draftOf(step: PlanStep): DraftStep {
  return {
    ...step,
    uid: nextUid(),
    isNew: false,
    lower: limitText(step.lower),
    upper: limitText(step.upper),
    plausible_min: limitText(step.plausible_min),
    plausible_max: limitText(step.plausible_max),
    decimals: String(step.decimals),
    options: step.options.join('\n'),
  };
}

export const optionsOf = (draft: Pick<DraftStep, 'options'>) =>
  draft.options
    .split('\n')
    .map((option) => option.trim())
    .filter(Boolean);

/** The step as the API takes it; fields that do not belong to its kind are sent empty. */
export function stepOf(draft: DraftStep): PlanStep {
  const numeric = draft.kind === 'numeric';
  const options = draft.kind === 'choice' ? optionsOf(draft) : [];
  const limit = (typed: string) => (numeric && typed.trim() ? (numberOf(typed) ?? NaN) : null);
  const plausibleMin = limit(draft.plausible_min);
  const plausibleMax = limit(draft.plausible_max);
  return {
    key: draft.key,
    title: draft.title,
    kind: draft.kind,
    unit: numeric ? draft.unit.trim() : '',
    lower: limit(draft.lower),
    upper: limit(draft.upper),
    decimals: numeric ? Number(draft.decimals) : 0,
    options,
    passing: draft.passing.filter((option) => options.includes(option)),
    parameters: draft.parameters.trim(),
    standard: draft.standard.trim(),
    required: draft.required,
    per_unit: draft.per_unit,
    // The instrument kind is asked only of a measured value (docs/decisions/0018-instruments.md).
    ...(numeric && draft.instrument_kind ? { instrument_kind: draft.instrument_kind } : {}),
    // Sent only where set, so a plan without them reads as before.
    ...(plausibleMin !== null && { plausible_min: plausibleMin }),
    ...(plausibleMax !== null && { plausible_max: plausibleMax }),
  };
}

/**
 * The key a new step gets from its German title: "Isolationswiderstand" → `isolationswiderstand`,
 * "Schutzleiter-Prüfung" → `schutzleiter_pruefung`; different from every key in `taken`.
 */
export function keyFromTitle(title: string, taken: readonly string[]): string {
  const base =
    title
      .toLowerCase()
      .replace(/ä/g, 'ae')
      .replace(/ö/g, 'oe')
      .replace(/ü/g, 'ue')
      .replace(/ß/g, 'ss')
      // Other accents (é, ç, …) lose their mark rather than the letter.
      .normalize('NFD')
      .replace(/[\u0300-\u036f]/g, '')
      .replace(/[^a-z0-9]+/g, '_')
      .replace(/^[_0-9]+|_+$/g, '')
      .slice(0, KEY_MAX)
      .replace(/_+$/, '') || 'pruefung';
  if (!taken.includes(base)) return base;
  for (let n = 2; ; n++) {
    const suffix = `_${n}`;
    const candidate = base.slice(0, KEY_MAX - suffix.length).replace(/_+$/, '') + suffix;
    if (!taken.includes(candidate)) return candidate;
  }
}

/** A new, empty step: nothing pre-filled that a tester could mistake for a decision. */
export function newStep(): DraftStep {
  return {
    uid: nextUid(),
    isNew: true,
    key: '',
    title: Object.fromEntries(PLAN_LANGUAGES.map((language) => [language, ''])) as PlanStep['title'],
    kind: 'pass_fail',
    unit: '',
    lower: '',
    upper: '',
    plausible_min: '',
    plausible_max: '',
    decimals: '0',
    options: '',
    passing: [],
    parameters: '',
    standard: '',
    required: true,
    per_unit: true,
  };
}

/** `steps` with the step at `from` moved to `to`; unchanged when either is outside the list. */
export function moveStep<T>(steps: readonly T[], from: number, to: number): T[] {
  if (from < 0 || to < 0 || from >= steps.length || to >= steps.length) return [...steps];
  const moved = [...steps];
  const [step] = moved.splice(from, 1);
  moved.splice(to, 0, step);
  return moved;
}

/** The field names of the API's 400 answer for step `index` (`steps.3.title.de`). */
export const fieldOf = (index: number, field: string) => `steps.${index}.${field}`;

/**
 * The API's checks of a plan, run before sending so a mistake shows at once at its field; the API checks again
 * and its answer wins (its field names are the same). The messages are the API's (contracts planStepMessages), in
 * the active language.
 */
export function validatePlan(steps: readonly DraftStep[]): Record<string, string> {
  const t = machineCatalogs.t;
  const errors: Record<string, string> = {};
  if (steps.length === 0) errors.steps = t('plan.noSteps');
  if (steps.length > PLAN_STEPS_MAX) errors.steps = t('plan.tooManySteps', { max: PLAN_STEPS_MAX });
  const keys = steps.map((step) => step.key);
  steps.forEach((step, index) => {
    const at = (field: string, message: string) => (errors[fieldOf(index, field)] ??= message);
    if (!step.title.de.trim()) at('title.de', t('plan.titleMissing'));
    if (!KEY_PATTERN.test(step.key)) at('key', t('plan.keyPattern', { max: KEY_MAX }));
    else if (keys.indexOf(step.key) !== index) at('key', t('plan.keyTaken'));
    if (step.kind === 'numeric') {
      const number = (field: (typeof LIMIT_FIELDS)[number]) =>
        step[field].trim() ? numberOf(step[field]) : null;
      for (const field of LIMIT_FIELDS) {
        const value = number(field);
        if (value === undefined) at(field, t('plan.notNumber'));
        else if (value !== null && !keepsDigits(step[field])) at(field, t('plan.tooManyDigits'));
        else if (value !== null && !withinRange(step.unit, step[field]))
          at(field, t('plan.outOfRange', { range: rangeText(step.unit, activeLocale()) }));
      }
      const [lower, upper, min, max] = LIMIT_FIELDS.map(number);
      if (typeof lower === 'number' && typeof upper === 'number' && lower > upper)
        at('lower', t('plan.lowerAboveUpper'));
      if (typeof min === 'number' && typeof max === 'number' && min > max)
        at('plausible_min', t('plan.plausibleOrder'));
      if (!step.unit.trim()) at('unit', t('plan.unitMissing'));
      const decimals = Number(step.decimals);
      if (!/^\d+$/.test(step.decimals) || decimals > STEP_DECIMALS_MAX)
        at('decimals', t('plan.decimalsRange', { max: STEP_DECIMALS_MAX }));
    }
    if (step.kind === 'choice') {
      const options = optionsOf(step);
      if (options.length === 0) at('options', t('plan.optionsMissing'));
      else if (options.length > STEP_OPTIONS_MAX || options.some((option) => option.length > OPTION_MAX))
        at('options', t('plan.optionsTooMany', { max: STEP_OPTIONS_MAX, length: OPTION_MAX }));
      else if (new Set(options).size !== options.length) at('options', t('plan.optionTwice'));
      else if (!step.passing.some((option) => options.includes(option)))
        at('passing', t('plan.passingMissing'));
    }
  });
  return errors;
}
