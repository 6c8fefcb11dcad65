import {
  berlinIsoDate,
  DEFAULT_PLAN_STEPS,
  type CertificateTestRecord,
  type Instrument,
  type PlanStep,
  type TestAttempt,
  type UnitRelease,
  type UnitTestRecord,
} from 'contracts';

/**
 * Test records as the API sends them with a certificate (docs/decisions/0010-test-record.md), for the fixtures of
 * tests: the verdicts are given here, as the API computed them.
 */

/** Insulation resistance measured per unit, at least 1 MΩ at 500 V DC (IEC 60204-1, 18.3). */
export const INSULATION_STEP: PlanStep = {
  key: 'insulation_mohm',
  title: {
    de: 'Isolationswiderstand',
    en: 'Insulation resistance',
    fr: "Résistance d'isolement",
    es: 'Resistencia de aislamiento',
    it: 'Resistenza di isolamento',
    pt: 'Resistência de isolamento',
  },
  kind: 'numeric',
  unit: 'MΩ',
  lower: 1,
  upper: null,
  decimals: 1,
  options: [],
  passing: [],
  parameters: '500 V DC, 60 s',
  standard: 'IEC 60204-1, 18.3',
  required: true,
  per_unit: true,
};

/** Every step of the default plan passing (the earlier app's "OK" and "1500 V"). */
export const DEFAULT_PASSING_VALUES: Record<string, string> = Object.fromEntries(
  DEFAULT_PLAN_STEPS.map((step) => [step.key, step.kind === 'choice' ? step.passing[0] : 'pass']),
);

/** One attempt with the verdict of each value: fails where `failing` names the step. */
export function attempt(
  values: Record<string, string>,
  failing: string[] = [],
  { tested_by_name = 'Erika Muster', tested_at = '2026-11-21T09:15:00.000Z', attempt: n = 1 } = {},
): TestAttempt {
  return {
    attempt: n,
    values,
    verdicts: Object.fromEntries(
      Object.keys(values).map((key) => [key, failing.includes(key) ? 'fail' : 'pass']),
    ),
    passed: failing.length === 0,
    tested_by_name,
    tested_at,
  };
}

export function unitOf(
  serial: string,
  release: UnitRelease,
  attempts: TestAttempt[],
  released: { by?: string; at?: string; reason?: string } = {},
): UnitTestRecord {
  return {
    serial,
    release,
    attempts,
    released_by_name: released.by ?? null,
    released_at: released.at ?? null,
    deviation_reason: released.reason ?? null,
  };
}

/** A certificate's record of the default plan, every unit released by its tester at the test. */
export function defaultRecord(serials: string[]): CertificateTestRecord {
  return {
    plan_version: 0,
    steps: [...DEFAULT_PLAN_STEPS],
    verdict: 'released',
    tested_by_name: 'Erika Muster',
    units: serials.map((serial) =>
      unitOf(serial, 'released', [attempt(DEFAULT_PASSING_VALUES)], {
        by: 'Erika Muster',
        at: '2026-11-21T09:15:00.000Z',
      }),
    ),
  };
}

/** The insulation resistance taken with an insulation tester from the register (docs/decisions/0018-instruments.md). */
export const MEASURED_INSULATION_STEP: PlanStep = {
  ...INSULATION_STEP,
  instrument_kind: 'insulation_tester',
};

/** The Berlin day `days` from now: instruments due around the day the test runs. */
const dayFromNow = (days: number) => berlinIsoDate(new Date(Date.now() + days * 86_400_000));

const instrument = (
  id: number,
  inventory_number: string,
  name: string,
  due: string,
  { kind = 'insulation_tester', status = 'in_use' }: Partial<Pick<Instrument, 'kind' | 'status'>> = {},
): Instrument => ({
  id,
  inventory_number,
  name,
  maker: '',
  model: '',
  serial_number: '',
  kind,
  interval_months: 12,
  last_calibrated: '2026-01-15',
  due,
  status,
  created_at: '2026-01-15T08:00:00.000Z',
  updated_at: '2026-01-15T08:00:00.000Z',
});

/**
 * The register as GET /instruments answers it, around today: insulation testers fit (PM-0102), due in 10 days
 * (PM-0101), overdue since yesterday (PM-0103), blocked (PM-0104) and retired (PM-0105); an earth-bond tester.
 */
export const instrumentRegister = (): Instrument[] => [
  instrument(101, 'PM-0101', 'Metrel MI 3152', dayFromNow(10)),
  instrument(102, 'PM-0102', 'Fluke 1587 FC', dayFromNow(200)),
  instrument(103, 'PM-0103', 'Gossen Metrahit', dayFromNow(-1)),
  instrument(104, 'PM-0104', 'Benning IT 130', dayFromNow(100), { status: 'blocked' }),
  instrument(105, 'PM-0105', 'Chauvin C.A 6526', dayFromNow(100), { status: 'retired' }),
  instrument(201, 'PM-0201', 'Gossen Profitest', dayFromNow(200), { kind: 'earth_bond_tester' }),
];

/** The API's 409 for an unfit instrument as axios rejects it: the reason at the field, the message names it. */
export const instrumentUnfit = (field: string, inventory: string, reason: string) =>
  Object.assign(new Error('409'), {
    isAxiosError: true,
    response: {
      status: 409,
      data: {
        error: {
          code: 'INSTRUMENT_UNFIT',
          message: `Prüfmittel ${inventory}: ${reason}`,
          fields: { [field]: reason },
        },
      },
    },
  });
