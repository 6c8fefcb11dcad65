import { isRevisableCheck, keyedMap, passFailOf, type UnitRelease } from 'contracts';
import type { CertificateTransaction } from './certificate-transaction';
import { testRecordOf } from './certificate-view';
import type { CertificateRow } from './certificates.repository';
import type { Tester } from './test-attempts.repository';
import { judgeRetest, releaseOf, stepsOf, verdictOf } from './test-results';

/**
 * A revision that corrects the earlier app's check fields (`after`) corrects the test record with them: every
 * unit not voided gets a new attempt with the corrected values (earlier attempts stay), so the record, the
 * verdict and the print never disagree (docs/decisions/0010-test-record.md). Returns the certificate's new verdict,
 * or undefined when no check changed.
 */
export async function correctTests(
  trx: CertificateTransaction,
  row: CertificateRow,
  after: Record<string, unknown>,
  { tester, bySecondPerson }: { tester: Tester; bySecondPerson: boolean },
) {
  const columns = row as unknown as Record<string, unknown>;
  const steps = stepsOf(row);
  // A measured value is corrected by a retest only: the earlier app's "OK" / "NOT OK" cannot say a number.
  const corrected = steps.filter(
    (step) =>
      isRevisableCheck(step) && after[step.key] !== undefined && after[step.key] !== columns[step.key],
  );
  if (corrected.length === 0) return undefined;
  const units = await trx.units.of(row.id);
  const stored = await trx.attempts.of(row.id);
  const used = await trx.instruments.usedIn(row.id);
  const record = testRecordOf(row, units, stored);
  const releases: UnitRelease[] = [];
  for (const [k, unit] of units.entries()) {
    if (unit.voided_at !== null) {
      releases.push(unit.release);
      continue;
    }
    const earlier = record.units[k].attempts;
    const values = keyedMap(earlier[earlier.length - 1].values);
    for (const step of corrected) {
      const value = String(after[step.key]);
      values[step.key] = step.kind === 'pass_fail' ? passFailOf(value) : value;
    }
    const test = judgeRetest(steps, values);
    // A certificate issued before attempts were stored keeps its first test as attempt 1.
    if (!stored.some((attempt) => attempt.unit_index === unit.unit_index))
      await trx.attempts.insert(row.id, [{ unit_index: unit.unit_index, attempt: 1, test: earlier[0] }], {
        tested_by: row.created_by,
        tested_by_name: earlier[0].tested_by_name,
        tested_at: earlier[0].tested_at,
      });
    await trx.attempts.insert(
      row.id,
      [{ unit_index: unit.unit_index, attempt: earlier.length + 1, test }],
      tester,
    );
    // The measured values are the same, so are the instruments that took them, and when.
    const last = earlier.length;
    await trx.instruments.recordUse(
      used
        .filter((use) => use.unit_index === unit.unit_index && use.attempt === last)
        .map(({ name: _name, ...use }) => ({ ...use, certificate_id: row.id, attempt: last + 1 })),
    );
    // A unit still passing keeps its release; one that fails now is failed; one that passes now is released anew.
    const release = !test.passed
      ? 'failed'
      : unit.release === 'failed'
        ? releaseOf(true, bySecondPerson)
        : unit.release;
    if (release !== unit.release)
      await trx.units.release(row.id, [unit.unit_index], {
        release,
        released_by: null,
        released_at: null,
        deviation_reason: null,
      });
    releases.push(release);
  }
  return verdictOf(releases);
}
