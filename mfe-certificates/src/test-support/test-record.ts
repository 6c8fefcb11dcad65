import {
  DEFAULT_PLAN_STEPS,
  type CertificateTestRecord,
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
