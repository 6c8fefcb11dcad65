import {
  LEGACY_CHECK_KEYS,
  judgeValue,
  keyedMap,
  passFailOf,
  type Certificate,
  type CertificateTestRecord,
  type TestAttempt,
} from 'contracts';
import { notFound } from '../../errors';
import { messages } from '../../messages';
import type { CertificateRow, CertificatesRepository } from './certificates.repository';
import type { RevisionsRepository } from './revisions.repository';
import type { InstrumentsRepository } from '../instruments/instruments.repository';
import type { TestPlansRepository } from '../test-plans/test-plans.repository';
import type { AttemptRow, TestAttemptsRepository } from './test-attempts.repository';
import { stepsOf } from './test-results';
import type { UnitsRepository } from './units.repository';

type StoredUnit = Awaited<ReturnType<UnitsRepository['of']>>[number];

/** What a certificate's print adds to its row: the revision it replaces, its units' serials and its test record. */
export interface Standing {
  replaces_issued_at: string | null;
  serials: string[];
  voided_serials: string[];
  replaced_at?: string | null;
  test_record: CertificateTestRecord;
}

/**
 * The one test of a certificate issued before attempts were stored: its check columns read as the default plan's
 * values, as it was printed.
 */
function legacyAttempt(row: CertificateRow, steps: CertificateTestRecord['steps']): TestAttempt {
  const columns = row as unknown as Record<string, string>;
  const values = keyedMap<string>();
  const verdicts: TestAttempt['verdicts'] = keyedMap();
  for (const step of steps) {
    const column = LEGACY_CHECK_KEYS.includes(step.key) ? columns[step.key] : undefined;
    if (!column) continue;
    values[step.key] = step.kind === 'pass_fail' ? passFailOf(column) : column;
    verdicts[step.key] = judgeValue(step, values[step.key]).verdict ?? 'open';
  }
  const passed = !steps.some((step) => step.required && verdicts[step.key] === 'fail');
  return { attempt: 1, values, verdicts, passed, tested_by_name: row.checked_by, tested_at: row.created_at };
}

type UsedInstrument = Awaited<ReturnType<InstrumentsRepository['usedIn']>>[number];

/** The plan, every unit's attempts (oldest first) and releases of a certificate, and the instruments used. */
export function testRecordOf(
  row: CertificateRow,
  units: StoredUnit[],
  attempts: AttemptRow[],
  used: UsedInstrument[] = [],
  retestAll = false,
): CertificateTestRecord {
  const steps = stepsOf(row);
  /** An attempt as the record shows it: the tester's name, never the account's id, and its instruments. */
  const asPrinted = ({ unit_index, tested_by: _account, ...attempt }: AttemptRow): TestAttempt => ({
    ...attempt,
    ...instrumentsOf(unit_index, attempt.attempt),
  });
  /** The inventory number of the instrument that took each step's value in one attempt, if any did. */
  const instrumentsOf = (unitIndex: number, attempt: number) => {
    const rows = used.filter((use) => use.unit_index === unitIndex && use.attempt === attempt);
    return rows.length
      ? { instruments: keyedMap(rows.map((use) => [use.step_key, use.inventory_number] as const)) }
      : {};
  };
  // Not Map.groupBy: Node 20 does not have it.
  const byUnit = new Map<number, TestAttempt[]>();
  for (const attempt of attempts)
    byUnit.set(attempt.unit_index, [...(byUnit.get(attempt.unit_index) ?? []), asPrinted(attempt)]);
  const instruments = new Map(
    used.map(({ inventory_number, name, due }) => [
      `${inventory_number} ${due}`,
      { inventory_number, name, due },
    ]),
  );
  return {
    plan_version: row.plan_version,
    steps,
    retest_all: retestAll,
    verdict: row.verdict,
    tested_by_name: row.tested_by_name || row.checked_by,
    units: units.map((unit) => ({
      serial: unit.serial,
      release: unit.release,
      attempts: byUnit.get(unit.unit_index) ?? [legacyAttempt(row, steps)],
      released_by_name: unit.released_by_name,
      released_at: unit.released_at,
      deviation_reason: unit.deviation_reason,
    })),
    instruments: [...instruments.values()],
  };
}

/** The stored row as the certificate it prints; search keys, account ids and reasons stay inside. */
export function toCertificate(
  {
    checked_by_key: _c,
    machine_name_key: _m,
    created_by: _u,
    revised_by: _r,
    voided_by: _v,
    revision_reason: _why,
    issue_month: _month,
    plan_steps: _steps,
    plan_version: _version,
    tested_by_name: _tester,
    ...row
  }: CertificateRow,
  standing: Standing,
) {
  return { ...row, replaced_at: null, ...standing } as Certificate;
}

/** Reads a certificate as it prints: its row, the revision it replaced, its stored units and their tests. */
export function certificateView({
  certificates,
  revisions,
  units,
  attempts,
  instruments,
  plans,
}: {
  certificates: Pick<CertificatesRepository, 'get'>;
  revisions: Pick<RevisionsRepository, 'get'>;
  units: Pick<UnitsRepository, 'of'>;
  attempts: Pick<TestAttemptsRepository, 'of'>;
  instruments: Pick<InstrumentsRepository, 'usedIn'>;
  /** The plan version's retest rule, which the retest form follows. */
  plans: Pick<TestPlansRepository, 'retestAll'>;
}) {
  async function rowOf(id: number): Promise<CertificateRow> {
    const row = await certificates.get(id);
    if (!row) throw notFound(messages.certificateNotFound);
    return row;
  }

  /** The issue date of the revision before `revision` (none before the first), the units and their tests. */
  async function standingOf(row: CertificateRow, revision = row.revision): Promise<Standing> {
    const earlier = revision > 1 ? await revisions.get(row.id, revision - 1) : undefined;
    const stored = await units.of(row.id);
    return {
      replaces_issued_at: earlier?.issued_at ?? null,
      serials: stored.map((unit) => unit.serial),
      voided_serials: stored.filter((unit) => unit.voided_at !== null).map((unit) => unit.serial),
      test_record: testRecordOf(
        row,
        stored,
        await attempts.of(row.id),
        await instruments.usedIn(row.id),
        await plans.retestAll(row.machine_id, row.plan_version),
      ),
    };
  }

  async function get(id: number): Promise<Certificate> {
    const row = await rowOf(id);
    return toCertificate(row, await standingOf(row));
  }

  return { rowOf, standingOf, get };
}

export type CertificateView = ReturnType<typeof certificateView>;
