import {
  decimalsOf,
  DEFAULT_PLAN_STEPS,
  FAIL,
  limitStanding,
  limitText,
  numberOf,
  PASS,
  plausible,
  plausibleText,
  rangeText,
  RESULT_VALUE_MAX,
  withinRange,
  type PlanStep,
  type ResultsBody,
  type TestAttempt,
} from 'contracts';
import { activeLocale, apiErrorCode, apiErrorMessage, currentLanguage } from 'shared-ui';
import { isCatalogKey, translate } from '../../catalogs';

/**
 * The values of a test as typed, in the shape the API takes them (`results` of POST /certificate,
 * docs/decisions/0010-test-record.md): per-certificate steps once, one object per unit in unit order.
 */
export type TestValues = ResultsBody;

/** How a typed value stands against its step, shown at once beside the field. */
export type ValueMark =
  | { kind: 'empty' | 'ok' }
  /** Refused by the API (not a number, too many decimals): nothing is sent while one is there. */
  | { kind: 'malformed'; reason: string }
  /** A valid entry the step does not pass: recorded as failed. */
  | { kind: 'fail'; reason: string };

/** Whether the step is one of the default plan's checks as it stands there, named the same. */
const isDefaultCheck = (step: Pick<PlanStep, 'key' | 'title'>) =>
  DEFAULT_PLAN_STEPS.some((check) => check.key === step.key && check.title.de === step.title.de);

/**
 * A step's title in the staff language. A plan names its steps in the certificate's six languages, which have no
 * Polish: the default plan's checks take their names from the catalog (German and English there as in contracts,
 * docs/terminology.md), any other step its English title for Polish staff. German falls in where a title is empty,
 * the key where the German one is too.
 */
export function stepTitle(step: Pick<PlanStep, 'key' | 'title'>): string {
  const key = `step.${step.key}`;
  if (isDefaultCheck(step) && isCatalogKey(key)) return translate(key);
  return (currentLanguage() === 'de' ? '' : step.title.en) || step.title.de || step.key;
}

/** The step's limit as shown beside its field (contracts' limitText), in the language's number form. */
export const stepLimit = (step: PlanStep) => (step.kind === 'numeric' ? limitText(step, activeLocale()) : '');

/** The same judgement as the API's verdict (contracts/src/test-record.ts), for a mark while typing. */
export function markOf(step: PlanStep, typed: string): ValueMark {
  const value = typed.trim();
  if (!value) return { kind: 'empty' };
  if (value.length > RESULT_VALUE_MAX)
    return { kind: 'malformed', reason: translate('entry.tooLong', { max: RESULT_VALUE_MAX }) };
  switch (step.kind) {
    case 'numeric': {
      if (numberOf(value) === undefined) return { kind: 'malformed', reason: translate('entry.malformed') };
      if (decimalsOf(value) > step.decimals)
        return {
          kind: 'malformed',
          reason:
            step.decimals === 0
              ? translate('entry.wholeNumber')
              : translate('entry.tooManyDecimals', { decimals: step.decimals }),
        };
      if (!withinRange(step.unit, value))
        return {
          kind: 'malformed',
          reason: translate('entry.outOfRange', { range: rangeText(step.unit, activeLocale()) }),
        };
      // Outside the plan's bounds of physical sense: a slip of the finger, refused as the API refuses it.
      if (!plausible(step, value))
        return {
          kind: 'malformed',
          reason: translate('entry.implausible', { range: plausibleText(step, activeLocale()) }),
        };
      const standing = limitStanding(step, value);
      if (standing === 'within') return { kind: 'ok' };
      return {
        kind: 'fail',
        reason: translate(standing === 'below' ? 'entry.tooLow' : 'entry.tooHigh', {
          limit: stepLimit(step),
        }),
      };
    }
    case 'pass_fail':
      if (value === PASS) return { kind: 'ok' };
      return value === FAIL
        ? { kind: 'fail', reason: translate('entry.notPassing') }
        : { kind: 'malformed', reason: translate('entry.malformed') };
    case 'choice':
      return step.passing.includes(value)
        ? { kind: 'ok' }
        : { kind: 'fail', reason: translate('entry.notPassing') };
    default:
      return { kind: 'ok' };
  }
}

/** Where the API reports an error of a value (its 400 `fields`), and where the form keeps its own. */
export const certificateValueKey = (stepKey: string) => `results.certificate.${stepKey}`;
export const unitValueKey = (unitIndex: number, stepKey: string) => `results.units.${unitIndex}.${stepKey}`;
/** The id of the field of a value's key, a valid id for `getElementById` and CSS. */
export const valueFieldId = (valueKey: string) => `value-${valueKey.replace(/\./g, '-')}`;

const PASS_WORDS = new Set(['pass', 'bestanden', 'ok', 'i.o.', 'io', 'ja', 'yes', '1', '✓', 'x']);
const FAIL_WORDS = new Set(['fail', 'nicht bestanden', 'not ok', 'n.i.o.', 'nio', 'nein', 'no', '0', '✗']);

/**
 * A cell of a pasted spreadsheet as the step's entry: pass/fail words a spreadsheet holds ("OK", "i.O.",
 * "nicht bestanden") become pass or fail; a choice matches its option whatever the case; the rest as pasted.
 */
export function pastedValue(step: PlanStep, cell: string): string {
  const text = cell.trim();
  const lower = text.toLowerCase();
  if (step.kind === 'pass_fail') return PASS_WORDS.has(lower) ? PASS : FAIL_WORDS.has(lower) ? FAIL : '';
  if (step.kind === 'choice') return step.options.find((option) => option.toLowerCase() === lower) ?? '';
  return text.slice(0, RESULT_VALUE_MAX);
}

/** A pasted text as rows of cells: lines down, tabs across (what a spreadsheet copies); no trailing empty line. */
export function pastedCells(text: string): string[][] {
  const lines = text.replace(/\r\n?/g, '\n').split('\n');
  if (lines.length > 1 && lines[lines.length - 1] === '') lines.pop();
  return lines.map((line) => line.split('\t'));
}

/** Whether a paste is more than one value: then it fills cells instead of going into the one field. */
export const isMultiCellPaste = (text: string) => /[\t\n\r]/.test(text.replace(/[\r\n]+$/, ''));

/** A message for each of `steps` whose value cannot be sent: malformed, or required and left empty. */
function checkValues(
  steps: readonly PlanStep[],
  values: Record<string, string> | undefined,
  keyOf: (step: PlanStep) => string,
  errors: Record<string, string>,
) {
  for (const step of steps) {
    const mark = markOf(step, values?.[step.key] ?? '');
    if (mark.kind === 'malformed') errors[keyOf(step)] = mark.reason;
    else if (mark.kind === 'empty' && step.required) errors[keyOf(step)] = translate('entry.required');
  }
  return errors;
}

/** The steps that name the kind of instrument that must take their values (docs/decisions/0018-instruments.md). */
export const instrumentSteps = (steps: readonly PlanStep[]) => steps.filter((step) => step.instrument_kind);

/**
 * Where the API reports a step's instrument (its 400 and its 409 INSTRUMENT_UNFIT): `results.instruments.<key>`
 * for an issue, `instruments.<key>` for a retest (api/src/modules/certificates/measuring-instruments.ts).
 */
export const certificateInstrumentKey = (stepKey: string) => `results.instruments.${stepKey}`;
export const retestInstrumentKey = (stepKey: string) => `instruments.${stepKey}`;

/** "Bitte wählen" for each step that needs an instrument and has none chosen. */
function checkInstruments(
  steps: readonly PlanStep[],
  chosen: Record<string, number> | undefined,
  keyOf: (stepKey: string) => string,
  errors: Record<string, string>,
) {
  for (const step of instrumentSteps(steps))
    if (chosen?.[step.key] === undefined) errors[keyOf(step.key)] = translate('entry.instrumentMissing');
  return errors;
}

/** The instrument of each step that needs one; absent when the plan names none (as before instruments). */
export function instrumentsToSend(steps: readonly PlanStep[], chosen: Record<string, number> | undefined) {
  const measured = instrumentSteps(steps);
  if (!measured.length) return undefined;
  return Object.fromEntries(
    measured.flatMap((step) => (chosen?.[step.key] === undefined ? [] : [[step.key, chosen[step.key]]])),
  );
}

/**
 * A refused send's field messages. A 409 INSTRUMENT_UNFIT says only why at the field ("gesperrt"); its message
 * names the instrument too ("Prüfmittel PM-7: gesperrt"), so the choice shows that.
 */
export function withInstrumentNames(error: unknown, fields: Record<string, string>) {
  const message = apiErrorCode(error) === 'INSTRUMENT_UNFIT' && apiErrorMessage(error);
  return message ? Object.fromEntries(Object.keys(fields).map((key) => [key, message])) : fields;
}

/**
 * The values of every unit and the certificate's steps, each a message where the value cannot be sent.
 * Keys as the API's 400 (`results.units.<k>.<key>`), in the order a user fixes them: the instruments (above the
 * values on the form), the certificate's steps, then unit by unit.
 */
export function valueErrors(steps: readonly PlanStep[], values: TestValues, units: number) {
  const errors = checkValues(
    steps.filter((step) => !step.per_unit),
    values.certificate,
    (step) => certificateValueKey(step.key),
    checkInstruments(steps, values.instruments, certificateInstrumentKey, {}),
  );
  const unitSteps = steps.filter((step) => step.per_unit);
  for (let unit = 0; unit < units; unit++)
    checkValues(unitSteps, values.units[unit], (step) => unitValueKey(unit, step.key), errors);
  return errors;
}

/** A retest's value of a step: keyed like the API's 400 of POST /units/{serial}/attempts (`values.<key>`). */
export const retestValueKey = (stepKey: string) => `values.${stepKey}`;

/** The messages of a retest, which takes every step of the plan for the one unit, and its instruments. */
export const retestErrors = (
  steps: readonly PlanStep[],
  values: Record<string, string>,
  instruments?: Record<string, number>,
) =>
  checkValues(
    steps,
    values,
    (step) => retestValueKey(step.key),
    checkInstruments(steps, instruments, retestInstrumentKey, {}),
  );

/**
 * The steps a retest asks for, and those it carries over from the unit's last attempt (as the API does,
 * api/src/modules/certificates/releasing.ts): every step where the plan says a retest repeats all; else the
 * steps that failed, and any that has no value yet.
 */
export function retestSteps(
  steps: readonly PlanStep[],
  last: Pick<TestAttempt, 'values' | 'verdicts'> | undefined,
  retestAll: boolean,
) {
  const carried = (step: PlanStep) =>
    !retestAll && !!last && last.verdicts[step.key] !== 'fail' && Object.hasOwn(last.values, step.key);
  return { asked: steps.filter((step) => !carried(step)), carried: steps.filter(carried) };
}

/** What a retest sends: every step that has a value, trimmed. */
export const retestToSend = (steps: readonly PlanStep[], values: Record<string, string>) =>
  filled(values, steps);

const filled = (values: Record<string, string> | undefined, steps: readonly PlanStep[]) =>
  Object.fromEntries(
    steps.flatMap((step) => {
      const value = values?.[step.key]?.trim();
      return value ? [[step.key, value]] : [];
    }),
  );

/**
 * What is sent: the plan's steps that have a value, trimmed, one object for each of the `units`, and the
 * instrument of each step that needs one.
 */
export function resultsToSend(steps: readonly PlanStep[], values: TestValues, units: number): TestValues {
  const unitSteps = steps.filter((step) => step.per_unit);
  const instruments = instrumentsToSend(steps, values.instruments);
  return {
    ...(instruments && { instruments }),
    // The tester's file some values came from: the API reads them again from it (docs/tester-files.md).
    ...(values.tester_file && { tester_file: values.tester_file }),
    certificate: filled(
      values.certificate,
      steps.filter((step) => !step.per_unit),
    ),
    units: Array.from({ length: units }, (_, unit) => filled(values.units[unit], unitSteps)),
  };
}

/**
 * What "Alle bestanden" enters for a step: pass for pass/fail, the passing option of a choice that has exactly one
 * (the default plan's voltage test: 1500 V); nothing for a measured value or text, which must be entered.
 */
const passingEntry = (step: PlanStep) =>
  step.kind === 'pass_fail'
    ? PASS
    : step.kind === 'choice' && step.passing.length === 1
      ? step.passing[0]
      : undefined;

/** "Alle bestanden" for one unit's values (a retest): every empty step that can simply pass set to pass. */
export function passOpenSteps(steps: readonly PlanStep[], values: Record<string, string>) {
  const next = { ...values };
  for (const step of steps) {
    const entry = passingEntry(step);
    if (entry !== undefined && !next[step.key]?.trim()) next[step.key] = entry;
  }
  return next;
}

/**
 * How many of the `units` fail by the values as typed: a unit fails where a required step of its own or of the
 * certificate does (as the API judges, contracts judgeValue). Issuing such a certificate asks once.
 */
export function failingUnits(steps: readonly PlanStep[], values: TestValues, units: number) {
  const fails = (stepsOf: readonly PlanStep[], record: Record<string, string> | undefined) =>
    stepsOf.some((step) => step.required && markOf(step, record?.[step.key] ?? '').kind === 'fail');
  if (
    fails(
      steps.filter((step) => !step.per_unit),
      values.certificate,
    )
  )
    return units;
  const unitSteps = steps.filter((step) => step.per_unit);
  return Array.from({ length: units }, (_, unit) => unit).filter((unit) =>
    fails(unitSteps, values.units[unit]),
  ).length;
}

/**
 * "Alle bestanden": every empty step that can simply pass (pass/fail, a choice with one passing option) set so,
 * per certificate and for each of the `units`; nothing typed is changed. Returns the new values and how many were set.
 */
export function allPassed(steps: readonly PlanStep[], values: TestValues, units: number) {
  const certificateSteps = steps.filter((step) => !step.per_unit);
  const unitSteps = steps.filter((step) => step.per_unit);
  const open = (stepsOf: readonly PlanStep[], record: Record<string, string> | undefined) =>
    stepsOf.filter((step) => passingEntry(step) !== undefined && !record?.[step.key]?.trim()).length;
  let count = open(certificateSteps, values.certificate);
  const next: TestValues = {
    ...values,
    certificate: passOpenSteps(certificateSteps, values.certificate),
    units: Array.from({ length: Math.max(units, values.units.length) }, (_, unit) => {
      if (unit >= units) return values.units[unit];
      count += open(unitSteps, values.units[unit]);
      return passOpenSteps(unitSteps, values.units[unit] ?? {});
    }),
  };
  return { values: next, count };
}
