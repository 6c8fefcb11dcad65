import { Type, type Static } from '@sinclair/typebox';
import { multiline } from './text-lines';
import { CHECK_FIELDS, CHECK_NOT_OK, CHECK_OK, VOLTAGE_OK } from './constants';
import { compareDecimals, decimalOf } from './decimal';
import { INSTRUMENT_KINDS } from './instruments';
import { REASON_MAX } from './limits';
import { measurementRange } from './measurement-ranges';

/**
 * The test record (docs/decisions/0010-test-record.md): a machine's versioned test plan, the values measured per
 * unit against it, the verdicts the API computes from them, and the release.
 */

/** The certificate's six languages, in their printed order. */
export const PLAN_LANGUAGES = ['de', 'en', 'fr', 'es', 'it', 'pt'] as const;
export type PlanLanguage = (typeof PLAN_LANGUAGES)[number];

/** pass/fail; a number with unit and limits; one of given options; free text (never decides the verdict). */
export const STEP_KINDS = ['pass_fail', 'numeric', 'choice', 'text'] as const;
export type StepKind = (typeof STEP_KINDS)[number];

export const STEP_KIND_LABELS: Record<StepKind, string> = {
  pass_fail: 'Bestanden / nicht bestanden',
  numeric: 'Messwert',
  choice: 'Auswahl',
  text: 'Text',
};

/** What a pass/fail step is entered as. */
export const PASS = 'pass';
export const FAIL = 'fail';

export const PLAN_STEPS_MAX = 60;
export const STEP_TITLE_MAX = 120;
export const STEP_TEXT_MAX = 120;
export const STEP_OPTIONS_MAX = 20;
export const STEP_DECIMALS_MAX = 6;
/** A measured or written value as entered (a number keeps its decimals as typed). */
export const RESULT_VALUE_MAX = 200;

const Text = (maxLength: number) => Type.String({ maxLength });
const Literals = <T extends readonly string[]>(values: T) =>
  Type.Unsafe<T[number]>(Type.Union(values.map((v) => Type.Literal(v))));
const Limit = Type.Union([Type.Number(), Type.Null()]);

export const StepTitle = Type.Object(
  Object.fromEntries(PLAN_LANGUAGES.map((language) => [language, Text(STEP_TITLE_MAX)])) as Record<
    PlanLanguage,
    ReturnType<typeof Text>
  >,
);
export type StepTitle = Static<typeof StepTitle>;

/** One step of a plan. `key` names it in results and export columns and stays the same across versions. */
export const PlanStep = Type.Object({
  key: Type.String({ pattern: '^[a-z][a-z0-9_]{0,39}$', maxLength: 40 }),
  title: StepTitle,
  kind: Literals(STEP_KINDS),
  /** Numeric: the unit printed beside the value, e.g. MΩ. */
  unit: Text(20),
  /** Numeric: the limits, inclusive; null where there is none. */
  lower: Limit,
  upper: Limit,
  /** Numeric: how many decimals a value may have. */
  decimals: Type.Integer({ minimum: 0, maximum: STEP_DECIMALS_MAX }),
  /** Choice: what may be chosen, and which of those pass. */
  options: Type.Array(Text(60), { maxItems: STEP_OPTIONS_MAX }),
  passing: Type.Array(Text(60), { maxItems: STEP_OPTIONS_MAX }),
  /** The test conditions, e.g. "500 V DC, 60 s". */
  parameters: Text(STEP_TEXT_MAX),
  /** The standard and clause, e.g. "IEC 60204-1, 18.3". */
  standard: Text(STEP_TEXT_MAX),
  required: Type.Boolean(),
  /** Measured for each unit, or once for the whole certificate. */
  per_unit: Type.Boolean(),
  /** A measured step: the kind of instrument that must take its values (docs/decisions/0018-instruments.md). */
  instrument_kind: Type.Optional(Literals(INSTRUMENT_KINDS)),
  /**
   * Numeric: the values of physical sense, inclusive (a resistance is never negative); absent or null where the
   * plan sets none. A value outside is refused as a slip of the finger, never recorded as failed.
   */
  plausible_min: Type.Optional(Limit),
  plausible_max: Type.Optional(Limit),
});
export type PlanStep = Static<typeof PlanStep>;

export const TestPlanBody = Type.Object({
  steps: Type.Array(PlanStep, { minItems: 1, maxItems: PLAN_STEPS_MAX }),
  /** The version the editor started from: a plan changed meanwhile by someone else is refused (409). */
  based_on: Type.Integer({ minimum: 0 }),
  /** A retest asks for every step again; without it only the steps that failed (the others are carried over). */
  retest_all: Type.Optional(Type.Boolean()),
  /** Why the plan changes: required for every version after the first (ISO 9001 7.5.2, changes identified). */
  reason: Type.Optional(Type.String({ maxLength: REASON_MAX, ...multiline })),
});
export type TestPlanBody = Static<typeof TestPlanBody>;

export const CopyPlanBody = Type.Object({
  from_machine_id: Type.Integer({ minimum: 1, maximum: 2_147_483_647 }),
});
export type CopyPlanBody = Static<typeof CopyPlanBody>;

/** A machine's plan: version 0 is the built-in default (docs/decisions/0010-test-record.md), never stored. */
export const TestPlan = Type.Object({
  machine_id: Type.Integer(),
  version: Type.Integer(),
  steps: Type.Array(PlanStep),
  /** A retest repeats every step (TestPlanBody); the API always says, absent reads as false. */
  retest_all: Type.Optional(Type.Boolean()),
  created_at: Type.Union([Type.String(), Type.Null()]),
  created_by_name: Type.Union([Type.String(), Type.Null()]),
  /** Why this version was made; null for the default, the first version and versions from before reasons. */
  reason: Type.Union([Type.String(), Type.Null()]),
});
export type TestPlan = Static<typeof TestPlan>;

/** Every stored version of a machine's plan, newest first, without their steps. */
export const TestPlanVersions = Type.Object({
  data: Type.Array(
    Type.Object({
      version: Type.Integer(),
      created_at: Type.String(),
      created_by_name: Type.String(),
      reason: Type.Union([Type.String(), Type.Null()]),
      /** How many steps the version has. */
      steps: Type.Integer(),
    }),
  ),
});
export type TestPlanVersions = Static<typeof TestPlanVersions>;

/**
 * The values the form sends with a new certificate: the per-certificate steps once, and one object per unit (in
 * unit order) with its per-unit steps. Values are strings as typed ("0,8" with a German comma is fine); the API
 * parses and judges them.
 */
const Values = Type.Record(Type.String({ maxLength: 40 }), Text(RESULT_VALUE_MAX), {
  maxProperties: PLAN_STEPS_MAX,
});
/** Which instrument took the values of each step that names an instrument kind: step key → instrument id. */
const Instruments = Type.Record(
  Type.String({ maxLength: 40 }),
  Type.Integer({ minimum: 1, maximum: 2_147_483_647 }),
  { maxProperties: PLAN_STEPS_MAX },
);
/**
 * Values taken from an uploaded tester's file (docs/tester-files.md): the API reads them from the stored file with
 * the saved mapping, never from the client. Where a value was also entered and differs, `on_conflict` says which
 * stays; without it such a difference is refused (409), so that nothing is overwritten unseen.
 */
export const TESTER_FILE_CONFLICT_CHOICES = ['keep', 'replace'] as const;
export const TesterFileSource = Type.Object({
  id: Type.Integer({ minimum: 1, maximum: 2_147_483_647 }),
  on_conflict: Type.Optional(Literals(TESTER_FILE_CONFLICT_CHOICES)),
});
export type TesterFileSource = Static<typeof TesterFileSource>;

export const ResultsBody = Type.Object({
  certificate: Values,
  units: Type.Array(Values, { maxItems: 1000 }),
  instruments: Type.Optional(Instruments),
  tester_file: Type.Optional(TesterFileSource),
});
export type ResultsBody = Static<typeof ResultsBody>;

/** A failure reason's code as the quality department keys it: stable, capitals, digits, "-" and "_". */
export const FAILURE_REASON_CODE_PATTERN = '^[A-Z0-9][A-Z0-9_-]{0,19}$';
export const FAILURE_REASON_CODE_MAX = 20;
export const FAILURE_REASON_NAME_MAX = 120;
export const FINDING_MAX = 500;

/**
 * A retest of one unit after repair: the finding (a failure reason of the catalogue and what was found and done)
 * and the values of the steps that failed, the others carried over from the last attempt; every step where the
 * plan says a retest repeats all (`retest_all`).
 */
export const RetestBody = Type.Object({
  values: Values,
  instruments: Type.Optional(Instruments),
  tester_file: Type.Optional(TesterFileSource),
  /** Required: the code of a failure reason of the catalogue (optional here so the API says so in German). */
  failure_reason: Type.Optional(Type.String({ maxLength: FAILURE_REASON_CODE_MAX })),
  finding: Type.Optional(Type.String({ maxLength: FINDING_MAX, ...multiline })),
});
export type RetestBody = Static<typeof RetestBody>;

export const STEP_VERDICTS = ['pass', 'fail', 'open'] as const;
export type StepVerdict = (typeof STEP_VERDICTS)[number];

/**
 * Where a unit stands: released (passed, and released where a second person must), released by deviation
 * (Sonderfreigabe: failed, released with a stated reason), failed (not released), or passed and waiting for release.
 */
export const UNIT_RELEASES = ['released', 'deviation', 'failed', 'awaiting_release'] as const;
export type UnitRelease = (typeof UNIT_RELEASES)[number];

export const UNIT_RELEASE_LABELS: Record<UnitRelease, string> = {
  released: 'Freigegeben',
  deviation: 'Sonderfreigabe',
  failed: 'Nicht bestanden',
  awaiting_release: 'Zur Freigabe',
};

/** A certificate's verdict in lists and filters: every unit released; some failed; some waiting for release. */
export const CERTIFICATE_VERDICTS = ['released', 'failed', 'awaiting_release'] as const;
export type CertificateVerdict = (typeof CERTIFICATE_VERDICTS)[number];

export const CERTIFICATE_VERDICT_LABELS: Record<CertificateVerdict, string> = {
  released: 'Freigegeben',
  failed: 'Nicht bestanden',
  awaiting_release: 'Zur Freigabe',
};

/** One attempt at testing one unit: what was measured, how each step was judged, by whom and when. */
export const TestAttempt = Type.Object({
  attempt: Type.Integer(),
  values: Type.Record(Type.String(), Type.String()),
  verdicts: Type.Record(Type.String(), Literals(STEP_VERDICTS)),
  passed: Type.Boolean(),
  tested_by_name: Type.String(),
  tested_at: Type.String(),
  /** The instrument that took each measured step's value: its inventory number. */
  instruments: Type.Optional(Type.Record(Type.String(), Type.String())),
  /** A retest: the failure reason found (code and the catalogue's name) and what was found and done. */
  failure_reason: Type.Optional(Type.Object({ code: Type.String(), name: Type.String() })),
  finding: Type.Optional(Type.String()),
  /** A retest: the steps whose values were carried over from the attempt before, not measured again. */
  carried_over: Type.Optional(Type.Array(Type.String())),
  /** The tester's file the values came from (docs/tester-files.md): kept, hashed and attached to the sealed PDF. */
  source: Type.Optional(
    Type.Object({
      id: Type.Integer(),
      name: Type.String(),
      sha256: Type.String(),
      size: Type.Integer(),
      format: Type.String(),
      tester_model: Type.String(),
      tester_serial: Type.String(),
    }),
  ),
});
export type TestAttempt = Static<typeof TestAttempt>;

/** A unit's test record: its attempts (oldest first, the last counts) and its release. */
export const UnitTestRecord = Type.Object({
  serial: Type.String(),
  release: Literals(UNIT_RELEASES),
  attempts: Type.Array(TestAttempt),
  released_by_name: Type.Union([Type.String(), Type.Null()]),
  released_at: Type.Union([Type.String(), Type.Null()]),
  deviation_reason: Type.Union([Type.String(), Type.Null()]),
});
export type UnitTestRecord = Static<typeof UnitTestRecord>;

/** The test record of a certificate, as the print, the detail page and the retest form read it. */
export const CertificateTestRecord = Type.Object({
  plan_version: Type.Integer(),
  steps: Type.Array(PlanStep),
  /** The plan's rule for a retest: every step again, or only those that failed. */
  retest_all: Type.Optional(Type.Boolean()),
  verdict: Literals(CERTIFICATE_VERDICTS),
  tested_by_name: Type.String(),
  units: Type.Array(UnitTestRecord),
  /** The instruments used, with the calibration due date each had when it measured. */
  instruments: Type.Optional(
    Type.Array(Type.Object({ inventory_number: Type.String(), name: Type.String(), due: Type.String() })),
  ),
});
export type CertificateTestRecord = Static<typeof CertificateTestRecord>;

/** Release by a second person: the units waiting; or a deviation release of failed units with a reason. */
export const ReleaseBody = Type.Object({
  serials: Type.Optional(Type.Array(Type.String({ maxLength: 64 }), { minItems: 1, maxItems: 1000 })),
  /** Sonderfreigabe: required to release units that failed; printed and audited. */
  deviation_reason: Type.Optional(Type.String({ maxLength: 500, ...multiline })),
});
export type ReleaseBody = Static<typeof ReleaseBody>;

const title = (de: string, en: string, fr: string, es: string, it: string, pt: string): StepTitle => ({
  de,
  en,
  fr,
  es,
  it,
  pt,
});

const passFail = (
  key: string,
  stepTitle: StepTitle,
  { parameters = '', standard = '' }: { parameters?: string; standard?: string } = {},
): PlanStep => ({
  key,
  title: stepTitle,
  kind: 'pass_fail',
  unit: '',
  lower: null,
  upper: null,
  decimals: 0,
  options: [],
  passing: [],
  parameters,
  standard,
  required: true,
  per_unit: false,
});

/**
 * Every machine's plan until its first edit: the checks the earlier app's form had (docs/terminology.md names each
 * term and its source), each once per certificate, so that what was issued before and what the earlier app's
 * `POST /certificate` sends ("OK" passes, "NOT OK" fails) keep printing the same.
 */
export const DEFAULT_PLAN_STEPS: readonly PlanStep[] = [
  passFail(
    'perpendicularity',
    title(
      'Rechtwinkligkeit',
      'Perpendicularity',
      'Perpendicularité',
      'Perpendicularidad',
      'Perpendicolarità',
      'Perpendicularidade',
    ),
    { standard: 'ISO 1101' },
  ),
  passFail(
    'tolerance_of_spindle',
    title(
      'Aufnahme / Rundlauf',
      'Tool holder / radial run-out',
      'Porte-outil / battement radial',
      'Portaherramientas / oscilación radial',
      'Portautensile / oscillazione radiale',
      'Porta-ferramentas / batimento radial',
    ),
    { standard: 'ISO 1101' },
  ),
  passFail(
    'magnet_base_switch',
    title(
      'Magnetschalter/Funktion',
      'Magnetic base switch / function',
      'Interrupteur du socle magnétique / fonction',
      'Interruptor de la base magnética / función',
      'Interruttore della base magnetica / funzione',
      'Interruptor da base magnética / função',
    ),
  ),
  passFail(
    'motor_switch',
    title(
      'Motorschalter/Funktion',
      'Motor switch / function',
      'Interrupteur du moteur / fonction',
      'Interruptor del motor / función',
      'Interruttore del motore / funzione',
      'Interruptor do motor / função',
    ),
  ),
  passFail(
    'guide',
    title(
      'Führung/Funktion',
      'Slide guide / function',
      'Guidage / fonction',
      'Guía / función',
      'Guida / funzione',
      'Guia / função',
    ),
  ),
  passFail(
    'isolation',
    title(
      'Schutzleiter',
      'Protective conductor',
      'Conducteur de protection',
      'Conductor de protección',
      'Conduttore di protezione',
      'Condutor de proteção',
    ),
    { standard: 'IEC 60204-1, 18.2.2' },
  ),
  passFail(
    'insulation_resistance',
    title(
      'Isolationswiderstand',
      'Insulation resistance',
      "Résistance d'isolement",
      'Resistencia de aislamiento',
      'Resistenza di isolamento',
      'Resistência de isolamento',
    ),
    { parameters: '500 V DC', standard: 'IEC 60204-1, 18.3' },
  ),
  {
    ...passFail(
      'resistance_to_voltage',
      title(
        'Spannungsfestigkeit',
        'Dielectric strength',
        'Rigidité diélectrique',
        'Rigidez dieléctrica',
        'Rigidità dielettrica',
        'Rigidez dielétrica',
      ),
      { standard: 'IEC 60204-1, 18.4' },
    ),
    kind: 'choice',
    options: [VOLTAGE_OK, CHECK_NOT_OK],
    passing: [VOLTAGE_OK],
  },
  passFail(
    'accessories',
    title('Zubehör', 'Accessories', 'Accessoires', 'Accesorios', 'Accessori', 'Acessórios'),
  ),
  passFail(
    'technical_certification',
    title(
      'Prüfung/Produktion',
      'Production check',
      'Contrôle en production',
      'Control de producción',
      'Controllo di produzione',
      'Controlo de produção',
    ),
  ),
];

/** The earlier app's check value as a pass/fail entry, and back (its lists and exports keep "OK" / "NOT OK"). */
export const passFailOf = (legacy: string) =>
  legacy === CHECK_OK ? PASS : legacy === CHECK_NOT_OK ? FAIL : legacy;
export const legacyOf = (entry: string) =>
  entry === PASS ? CHECK_OK : entry === FAIL ? CHECK_NOT_OK : entry;

/** The earlier app's check fields, in the default plan's order. */
export const LEGACY_CHECK_KEYS: readonly string[] = [...CHECK_FIELDS, 'resistance_to_voltage'];

/**
 * Whether a revision corrects this step through the earlier app's check column: a pass/fail or choice step that
 * has one. Its corrected value becomes a new attempt; a measured value or a text is corrected by a retest
 * (docs/decisions/0010-test-record.md).
 */
export const isRevisableCheck = (step: Pick<PlanStep, 'key' | 'kind'>) =>
  (step.kind === 'pass_fail' || step.kind === 'choice') && LEGACY_CHECK_KEYS.includes(step.key);

/** "0,8" or "0.8" as typed: a sign, digits, at most one decimal separator. No exponent, no NaN or Infinity. */
export const NUMBER_PATTERN = /^[+-]?\d{1,15}(?:[.,]\d{1,15})?$/;

/** How many decimals a typed number has. */
export const decimalsOf = (typed: string) => typed.split(/[.,]/)[1]?.length ?? 0;

/** The typed number's value, or undefined when it is not one. */
export function numberOf(typed: string): number | undefined {
  const trimmed = typed.trim();
  if (!NUMBER_PATTERN.test(trimmed)) return undefined;
  return Number(trimmed.replace(',', '.'));
}

/** Where a numeric value stands against a step's limits (inclusive). */
export type LimitStanding = 'below' | 'within' | 'above';

/**
 * Where a numeric step's value (as typed, or a number) stands against its limits, compared exactly as decimals
 * (decimal.ts): the same rule in the API (the verdict), the form (a mark) and the charts. Undefined for a value
 * that is no number.
 */
export function limitStanding(
  step: Pick<PlanStep, 'lower' | 'upper'>,
  value: string | number,
): LimitStanding | undefined {
  const decimal = decimalOf(value);
  if (!decimal) return undefined;
  const against = (limit: number | null) => {
    const bound = limit === null ? undefined : decimalOf(limit);
    return bound ? compareDecimals(decimal, bound) : 0;
  };
  if (against(step.lower) < 0) return 'below';
  if (against(step.upper) > 0) return 'above';
  return 'within';
}

export const withinLimits = (step: Pick<PlanStep, 'lower' | 'upper'>, value: string | number) =>
  limitStanding(step, value) === 'within';

/**
 * Whether a typed limit is stored as typed: a plan's limit travels as a JSON number, which keeps about 15
 * significant digits; "100000000000000,001" would be stored as 100000000000000.
 */
export function keepsDigits(typed: string): boolean {
  const decimal = decimalOf(typed);
  const number = numberOf(typed);
  const stored = number === undefined ? undefined : decimalOf(number);
  return !!decimal && !!stored && compareDecimals(decimal, stored) === 0;
}

/** Whether a value or limit (as typed, or a number) lies in the physical range of `unit` (measurement-ranges.ts). */
export function withinRange(unit: string, value: string | number): boolean {
  const { min, max } = measurementRange(unit);
  return limitStanding({ lower: min, upper: max }, value) === 'within';
}

/** "≥ 1 MΩ", "≤ 60 V", "0,5 … 2 mm": the limit as printed and shown beside the field. */
export function limitText(step: Pick<PlanStep, 'lower' | 'upper' | 'unit'>, locale = 'de-DE'): string {
  const number = (value: number) =>
    value.toLocaleString(locale, { maximumFractionDigits: STEP_DECIMALS_MAX });
  const unit = step.unit ? ` ${step.unit}` : '';
  if (step.lower !== null && step.upper !== null)
    return `${number(step.lower)} … ${number(step.upper)}${unit}`;
  if (step.lower !== null) return `≥ ${number(step.lower)}${unit}`;
  if (step.upper !== null) return `≤ ${number(step.upper)}${unit}`;
  return '';
}

/** The plan's plausibility bounds of a step as limits (null where there is none). */
const plausibleBounds = (step: Pick<PlanStep, 'plausible_min' | 'plausible_max'>) => ({
  lower: step.plausible_min ?? null,
  upper: step.plausible_max ?? null,
});

/** Whether a value lies within the step's plausibility bounds, inclusive; true where the plan sets none. */
export const plausible = (step: Pick<PlanStep, 'plausible_min' | 'plausible_max'>, value: string | number) =>
  limitStanding(plausibleBounds(step), value) === 'within';

/** "≥ 0 MΩ": the plausibility bounds as the refusal names them. */
export const plausibleText = (
  step: Pick<PlanStep, 'plausible_min' | 'plausible_max' | 'unit'>,
  locale = 'de-DE',
) => limitText({ ...plausibleBounds(step), unit: step.unit }, locale);

/** "0 … 1.000.000.000 MΩ": the physical range of a unit, as its messages name it. */
export function rangeText(unit: string, locale = 'de-DE') {
  const { min, max } = measurementRange(unit);
  return limitText({ lower: min, upper: max, unit: unit.trim() }, locale);
}

/** A value or limit outside its unit's physical range, in German: the API's 400, the form and the plan editor. */
const outOfRange = (range: string) => `Außerhalb des Messbereichs ${range}`;

/**
 * Why a plan's step is refused, in German: the plan editor checks before sending and the API checks again, both
 * with these words (api/src/modules/test-plans/plan-validation.ts).
 */
export const planStepMessages = {
  titleMissing: 'Bitte den deutschen Titel angeben',
  keyTaken: 'Diesen Schlüssel hat schon ein anderer Schritt',
  keyReserved: 'Dieser Schlüssel ist reserviert, bitte einen anderen wählen',
  lowerAboveUpper: 'Die untere Grenze liegt über der oberen',
  unitMissing: 'Bitte die Einheit angeben (z. B. MΩ)',
  optionsMissing: 'Bitte mindestens eine Möglichkeit angeben',
  optionTwice: 'Diese Möglichkeit steht schon in der Liste',
  passingMissing: 'Bitte angeben, welche Möglichkeiten bestehen',
  passingUnknown: 'Nur Möglichkeiten aus der Liste können bestehen',
  notFinite: 'Keine endliche Zahl',
  tooManyDigits: 'Zu viele Stellen: ein Grenzwert hat höchstens 15 gültige Ziffern',
  outOfRange,
  plausibleOrder: 'Der kleinste plausible Wert liegt über dem größten',
} as const;

/** Why a value is refused, in German; the API's 400 and the form's marks say the same. */
export const resultMessages = {
  missing: 'Pflichtprüfung fehlt',
  notNumber: 'Keine Zahl (z. B. 0,8)',
  decimals: (decimals: number) =>
    decimals === 0 ? 'Nur ganze Zahlen' : `Höchstens ${decimals} Nachkommastelle${decimals === 1 ? '' : 'n'}`,
  passFail: 'Bitte „bestanden“ oder „nicht bestanden“ wählen',
  option: 'Bitte eine der vorgegebenen Möglichkeiten wählen',
  tooLong: `Höchstens ${RESULT_VALUE_MAX} Zeichen`,
  unknownStep: 'Diese Prüfung steht nicht im Prüfplan',
  outOfLimit: (limit: string) => `Außerhalb der Grenze ${limit}`,
  outOfRange,
  implausible: (range: string) => `Unplausibler Wert – möglich: ${range}`,
} as const;

/** The same reasons in any staff language: the API answers in the account's (api/src/messages.ts). */
export type ResultMessages = {
  readonly [K in keyof typeof resultMessages]: (typeof resultMessages)[K] extends string
    ? string
    : (typeof resultMessages)[K];
};

export type ValueJudgement =
  { verdict: StepVerdict; error?: undefined } | { error: string; verdict?: undefined };

/**
 * How one typed value of `step` is judged: refused (with the reason), or pass / fail / open. Empty is open for an
 * optional step and refused for a required one; text is never judged. The reason in `words`, a range's numbers in
 * `locale`'s form.
 */
export function judgeValue(
  step: PlanStep,
  typed: string | undefined,
  words: ResultMessages = resultMessages,
  locale = 'de-DE',
): ValueJudgement {
  const value = typed?.trim() ?? '';
  if (!value) return step.required ? { error: words.missing } : { verdict: 'open' };
  if (value.length > RESULT_VALUE_MAX) return { error: words.tooLong };
  switch (step.kind) {
    case 'pass_fail':
      return value === PASS || value === FAIL ? { verdict: value } : { error: words.passFail };
    case 'choice':
      if (!step.options.includes(value)) return { error: words.option };
      return { verdict: step.passing.includes(value) ? 'pass' : 'fail' };
    case 'numeric': {
      const number = numberOf(value);
      if (number === undefined || !Number.isFinite(number)) return { error: words.notNumber };
      if (decimalsOf(value) > step.decimals) return { error: words.decimals(step.decimals) };
      if (!withinRange(step.unit, value)) return { error: words.outOfRange(rangeText(step.unit, locale)) };
      if (!plausible(step, value)) return { error: words.implausible(plausibleText(step, locale)) };
      return { verdict: withinLimits(step, value) ? 'pass' : 'fail' };
    }
    case 'text':
      return { verdict: 'open' };
  }
}

const ReportMonth = Type.String({ pattern: '^\\d{4}-(0[1-9]|1[0-2])$', maxLength: 7 });
const MachineId = Type.Integer({ minimum: 1, maximum: 2_147_483_647 });

/** First-pass yield: units passing at their first attempt / units tested, per machine and issue month. */
export const FirstPassYieldQuery = Type.Object({
  from: Type.Optional(ReportMonth),
  to: Type.Optional(ReportMonth),
  machine_id: Type.Optional(MachineId),
});
export type FirstPassYieldQuery = Static<typeof FirstPassYieldQuery>;
export const FirstPassYieldReport = Type.Object({
  from: ReportMonth,
  to: ReportMonth,
  data: Type.Array(
    Type.Object({
      machine_id: Type.Integer(),
      machine_name: Type.String(),
      month: Type.String(),
      tested: Type.Integer(),
      first_pass: Type.Integer(),
    }),
  ),
});
export type FirstPassYieldReport = Static<typeof FirstPassYieldReport>;

/**
 * The values of one numeric step of a machine's units over time: the step as planned now (its title and unit), each
 * value with the limits of the plan version its unit was tested against, and the process capability of the values.
 */
export const StepTrendQuery = Type.Object({
  machine_id: MachineId,
  step: Type.String({ pattern: '^[a-z][a-z0-9_]{0,39}$', maxLength: 40 }),
  from: Type.Optional(ReportMonth),
  to: Type.Optional(ReportMonth),
});
export type StepTrendQuery = Static<typeof StepTrendQuery>;
/** At most this many points, the newest: a chart shows no more. */
export const STEP_TREND_MAX_POINTS = 2000;
/** Below this many values Cp and Cpk are shown with a warning: they say little about the process yet. */
export const CAPABILITY_MIN_VALUES = 25;
/**
 * Cp and Cpk of a step's values against its current limits (api/src/modules/reports/capability.ts says how): Cp
 * only with both limits, Cpk with at least one; null where the values do not allow them.
 */
export const Capability = Type.Object({
  count: Type.Integer(),
  mean: Type.Union([Type.Number(), Type.Null()]),
  sd: Type.Union([Type.Number(), Type.Null()]),
  cp: Type.Union([Type.Number(), Type.Null()]),
  cpk: Type.Union([Type.Number(), Type.Null()]),
  /** Fewer than CAPABILITY_MIN_VALUES values. */
  few_values: Type.Boolean(),
});
export type Capability = Static<typeof Capability>;
export const StepTrendReport = Type.Object({
  from: ReportMonth,
  to: ReportMonth,
  step: Type.Union([PlanStep, Type.Null()]),
  data: Type.Array(
    Type.Object({
      serial: Type.String(),
      tested_at: Type.String(),
      value: Type.Number(),
      /** The plan version the unit was tested against, and that version's limits of the step. */
      plan_version: Type.Integer(),
      lower: Limit,
      upper: Limit,
    }),
  ),
  /** Of the values shown, against the current step's limits; null without a numeric step with a limit. */
  capability: Type.Union([Capability, Type.Null()]),
});
export type StepTrendReport = Static<typeof StepTrendReport>;

/**
 * Why units failed, counted per reason for a machine's units issued in a period (a Pareto chart), beside their
 * first-pass yield. Today a reason is the step that failed; `code` is there for a failure-reason code to come
 * (null until a retest records one), so a reason is the pair of both.
 */
export const FailureReasonsQuery = Type.Object({
  machine_id: MachineId,
  from: Type.Optional(ReportMonth),
  to: Type.Optional(ReportMonth),
});
export type FailureReasonsQuery = Static<typeof FailureReasonsQuery>;
export const FailureReasonsReport = Type.Object({
  from: ReportMonth,
  to: ReportMonth,
  /** Units tested, and those passing at their first attempt (the first-pass yield of the same units). */
  tested: Type.Integer(),
  first_pass: Type.Integer(),
  /**
   * Most failures first; each failed step of each attempt counts once, under the failure reason its retest named
   * (`code` and `reason` null while the unit awaits its retest, or for attempts recorded before retests named one).
   */
  data: Type.Array(
    Type.Object({
      step_key: Type.String(),
      code: Type.Union([Type.String(), Type.Null()]),
      /** The reason's name in the catalogue the quality department keeps. */
      reason: Type.Union([Type.String(), Type.Null()]),
      /** The step's title as in the newest plan version that failed it. */
      title: StepTitle,
      failures: Type.Integer(),
    }),
  ),
});
export type FailureReasonsReport = Static<typeof FailureReasonsReport>;
