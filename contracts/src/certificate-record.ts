import { formatDateTime } from './format-date';
import { ownValue } from './keyed-map';
import {
  legacyOf,
  limitText,
  type PlanStep,
  type StepVerdict,
  type TestAttempt,
  type UnitTestRecord,
} from './test-record';
import type { Certificate } from './wire';

/**
 * What the certificate document (api/src/modules/certificate-pdf/) reads from a unit's test record (docs/decisions/0010-test-record.md): its last
 * attempt counts, the verdicts are the API's, never computed here.
 */

/** A unit's record; a unit the record does not name (it cannot happen for a stored certificate) prints as open. */
export function unitRecord(data: Certificate, serial: string): UnitTestRecord {
  return (
    data.test_record.units.find((unit) => unit.serial === serial) ?? {
      serial,
      release: 'awaiting_release',
      attempts: [],
      released_by_name: null,
      released_at: null,
      deviation_reason: null,
    }
  );
}

export const lastAttempt = (unit: UnitTestRecord): TestAttempt | undefined => unit.attempts.at(-1);

/** "Erika Muster, 25.11.2026 10:12": who tested the unit last, and when. */
export function testerText(data: Certificate, unit: UnitTestRecord): string {
  const attempt = lastAttempt(unit);
  const name = attempt?.tested_by_name || data.test_record.tested_by_name || data.checked_by;
  return [name, formatDateTime(attempt?.tested_at ?? data.created_at)].filter(Boolean).join(', ');
}

/**
 * Who released the unit and when; empty while nobody has (failed, or awaiting release). Without release by a
 * second person the passing test released it: then the tester, at the test.
 */
export function releaserText(data: Certificate, unit: UnitTestRecord): string {
  if (!unit.released_by_name) return unit.release === 'released' ? testerText(data, unit) : '';
  return [unit.released_by_name, formatDateTime(unit.released_at)].filter(Boolean).join(', ');
}

/** A value as measured, in the certificate's German number format, with its unit. */
export function valueText(step: PlanStep, typed: string | undefined): string {
  if (typed === undefined || typed === '') return '';
  if (step.kind === 'pass_fail') return legacyOf(typed);
  if (step.kind === 'numeric') return `${typed.replace('.', ',')}${step.unit ? ` ${step.unit}` : ''}`;
  return typed;
}

/** What a step's limit is: a numeric step's limits, the passing options of a choice. */
export function limitOf(step: PlanStep): string {
  if (step.kind === 'numeric') return limitText(step);
  if (step.kind === 'choice') return step.passing.join(' / ');
  return '';
}

export interface StepResult {
  step: PlanStep;
  value: string;
  verdict: StepVerdict;
}

/** Every step of the plan with the unit's value and verdict of its last attempt. */
export function stepResults(data: Certificate, unit: UnitTestRecord): StepResult[] {
  const attempt = lastAttempt(unit);
  return data.test_record.steps.map((step) => ({
    step,
    value: valueText(step, ownValue(attempt?.values, step.key)),
    verdict: ownValue(attempt?.verdicts, step.key) ?? 'open',
  }));
}
