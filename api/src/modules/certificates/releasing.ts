import type { Certificate, PlanStep, ReleaseBody, RetestBody, TestAttempt, UnitRelease } from 'contracts';
import { unlessUnique } from '../../db/errors';
import { HttpError, badRequest, notFound } from '../../errors';
import { messages } from '../../messages';
import type { SettingsRepository } from '../accounts/settings.repository';
import type { CertificateTransaction, CertificateTransactions } from './certificate-transaction';
import { testRecordOf, type CertificateView } from './certificate-view';
import type { CertificateRow } from './certificates.repository';
import { stale } from './lifecycle';
import type { TestAttemptsRepository } from './test-attempts.repository';
import { instrumentRows } from './measuring-instruments';
import { judgeRetest, lastAttempts, recordedColumns, releaseOf, stepsOf, verdictOf } from './test-results';
import type { Testers } from './testers';
import type { UnitsRepository } from './units.repository';
import type { TestPlansRepository } from '../test-plans/test-plans.repository';
import type { TesterImports } from '../imports/tester-imports';
import type { FailureReasonsService } from '../failure-reasons/failure-reasons.service';

type StoredUnit = Awaited<ReturnType<UnitsRepository['of']>>[number];

const voided = () => new HttpError(409, 'CERTIFICATE_VOIDED', messages.releaseVoided);

/**
 * Stores the certificate's verdict its units' releases will give (and, after a retest, the check columns its
 * test record will say), on the version it was read at: first in the transaction, so a concurrent change of the
 * certificate waits on its row (as revising and voiding do) or is stale.
 */
async function storeVerdict(
  trx: CertificateTransaction,
  row: CertificateRow,
  releases: UnitRelease[],
  columns: ReturnType<typeof recordedColumns> = {},
) {
  if (!(await trx.certificates.changeAt(row.id, row.version, { ...columns, ...verdictOf(releases) })))
    throw stale();
}

/**
 * The steps a retest carries over from the unit's last attempt: those that did not fail there and had a value,
 * unless the retest sends one anew (it may measure a passed step again).
 */
const carriedSteps = (steps: readonly PlanStep[], last: TestAttempt, sent: Record<string, string>) =>
  steps
    .filter(
      (step) =>
        last.verdicts[step.key] !== 'fail' &&
        Object.hasOwn(last.values, step.key) &&
        !Object.hasOwn(sent, step.key),
    )
    .map((step) => step.key);

/**
 * Release by a second person, deviation release (Sonderfreigabe) and the retest of a failed unit
 * (docs/decisions/0010-test-record.md). Each writes the units, the certificate's verdict and the audit event in
 * one transaction.
 */
export function releasing({
  units,
  attempts,
  settings,
  testers,
  view,
  transaction,
  plans,
  failureReasons,
  imports,
}: {
  units: Pick<UnitsRepository, 'of' | 'bySerial'>;
  attempts: Pick<TestAttemptsRepository, 'of'>;
  settings: Pick<SettingsRepository, 'get'>;
  testers: Testers;
  view: CertificateView;
  transaction: CertificateTransactions;
  plans: Pick<TestPlansRepository, 'retestAll'>;
  failureReasons: Pick<FailureReasonsService, 'named'>;
  imports: Pick<TesterImports, 'forRetest'>;
}) {
  /** The units `serials` names (every unit when undefined); a serial of another certificate is refused. */
  function chosen(all: StoredUnit[], serials: string[] | undefined) {
    if (!serials) return all;
    const unknown = serials.filter((serial) => !all.some((unit) => unit.serial === serial));
    if (unknown.length)
      throw badRequest(messages.checkFields, { serials: messages.serialsNotInCertificate(unknown) });
    return all.filter((unit) => serials.includes(unit.serial));
  }

  /** Whoever tested a unit of the certificate may not release it when a second person must. */
  async function assertSecondPerson(row: CertificateRow, accountId: number) {
    if (!(await settings.get()).release_by_second_person) return;
    const testedBy = new Set([
      row.created_by,
      ...(await attempts.of(row.id)).map((attempt) => attempt.tested_by),
    ]);
    if (testedBy.has(accountId)) throw new HttpError(403, 'SAME_PERSON', messages.samePerson);
  }

  return {
    /**
     * Releases the units waiting for release (all, or those named); with a reason, releases the named failed
     * units by deviation instead.
     */
    async release(
      id: number,
      { serials, deviation_reason }: ReleaseBody,
      accountId: number,
      now = new Date(),
    ) {
      const row = await view.rowOf(id);
      if (row.status === 'voided') throw voided();
      const all = await units.of(id);
      const reason = deviation_reason?.trim();
      if (deviation_reason !== undefined && !reason)
        throw badRequest(messages.checkFields, { deviation_reason: messages.deviationReason });
      const waiting = reason ? 'failed' : 'awaiting_release';
      const targets = chosen(all, serials).filter((unit) => unit.voided_at === null);
      if (targets.length === 0 || targets.some((unit) => unit.release !== waiting))
        throw new HttpError(
          409,
          'NOTHING_TO_RELEASE',
          reason ? messages.notFailed : messages.nothingToRelease,
        );
      await assertSecondPerson(row, accountId);
      const release: UnitRelease = reason ? 'deviation' : 'released';
      const indexes = targets.map((unit) => unit.unit_index);
      await transaction(async (trx) => {
        const releases = all.map((unit) => (indexes.includes(unit.unit_index) ? release : unit.release));
        await storeVerdict(trx, row, releases);
        await trx.units.release(id, indexes, {
          release,
          released_by: accountId,
          released_at: now.toISOString(),
          deviation_reason: reason ?? null,
        });
        const released = targets.map((unit) => unit.serial);
        await trx.audit.record(
          reason
            ? {
                accountId,
                action: 'units.released_by_deviation',
                subject: { type: 'certificate', id },
                details: { serials: released, reason },
              }
            : {
                accountId,
                action: 'units.released',
                subject: { type: 'certificate', id },
                details: { serials: released },
              },
          now,
        );
        await trx.documentDue(id);
      });
      return view.get(id);
    },

    /**
     * A retest of a failed unit after repair: a new attempt with its finding (a failure reason of the catalogue
     * and what was found and done); the steps that did not fail are carried over from the last attempt unless
     * the plan says a retest repeats all. A pass releases the unit (or makes it wait for release).
     */
    async retest(
      serial: string,
      { values: typed, instruments: chosen = {}, failure_reason, finding = '', tester_file }: RetestBody,
      accountId: number,
      now = new Date(),
    ): Promise<Certificate> {
      const unit = await units.bySerial(serial);
      if (!unit) throw notFound(messages.unitNotFound);
      const row = await view.rowOf(unit.certificate_id);
      if (unit.release !== 'failed' || unit.voided_at !== null || row.status === 'voided')
        throw new HttpError(409, 'NOT_RETESTABLE', messages.notRetestable);
      const reason = await failureReasons.named(failure_reason);
      const steps = stepsOf(row);
      // Values from a tester's file are taken as if typed (api/src/modules/imports/tester-imports.ts).
      const imported =
        tester_file &&
        (await imports.forRetest(
          tester_file,
          { machine_id: row.machine_id, steps, certificate_id: row.id, serial: unit.serial },
          { values: typed, instruments: chosen },
          now,
        ));
      const values = imported ? imported.values : typed;
      const instruments = imported ? imported.instruments : chosen;
      const all = await units.of(row.id);
      const tests = await attempts.of(row.id);
      const record = testRecordOf(row, all, tests);
      const earlier = record.units[unit.unit_index].attempts;
      const last = earlier[earlier.length - 1];
      const carried = (await plans.retestAll(row.machine_id, row.plan_version))
        ? []
        : carriedSteps(steps, last, values);
      const test = judgeRetest(steps, {
        ...Object.fromEntries(carried.map((key) => [key, last.values[key]])),
        ...values,
      });
      // The earlier app's check columns follow the record with this attempt as the unit's last.
      const columns = recordedColumns(
        record.steps,
        lastAttempts(record).map((last, k) => (k === unit.unit_index ? test : last)),
      );
      const release = releaseOf(test.passed, (await settings.get()).release_by_second_person);
      const tester = {
        tested_by: accountId,
        tested_by_name: await testers.nameOf(accountId),
        tested_at: now.toISOString(),
      };
      const retested = transaction(async (trx) => {
        await storeVerdict(
          trx,
          row,
          all.map((other) => (other.unit_index === unit.unit_index ? release : other.release)),
          columns,
        );
        // A certificate issued before attempts were stored: its first test is kept as attempt 1 before the retest.
        if (!tests.some((attempt) => attempt.unit_index === unit.unit_index))
          await trx.attempts.insert(row.id, [{ unit_index: unit.unit_index, attempt: 1, test: earlier[0] }], {
            tested_by: row.created_by,
            tested_by_name: earlier[0].tested_by_name,
            tested_at: earlier[0].tested_at,
          });
        const attempt = earlier.length + 1;
        await trx.attempts.insert(
          row.id,
          [
            {
              unit_index: unit.unit_index,
              attempt,
              test,
              finding: { failure_reason: reason.code, finding: finding.trim(), carried_over: carried },
              source_file_id: imported ? imported.file_id : null,
            },
          ],
          tester,
        );
        // A step measured anew needs its instrument; a carried one keeps the instrument that measured it.
        const kept = (await trx.instruments.usedIn(row.id)).filter(
          (use) =>
            use.unit_index === unit.unit_index &&
            use.attempt === last.attempt &&
            carried.includes(use.step_key),
        );
        await trx.instruments.recordUse([
          ...(await instrumentRows(
            trx,
            steps.filter((step) => !carried.includes(step.key)),
            instruments,
            {
              certificate_id: row.id,
              units: [{ unit_index: unit.unit_index, attempt }],
              now,
              field: (key) => `instruments.${key}`,
            },
          )),
          ...kept.map(({ name: _name, ...use }) => ({ ...use, certificate_id: row.id, attempt })),
        ]);
        await trx.units.release(row.id, [unit.unit_index], {
          release,
          released_by: null,
          released_at: null,
          deviation_reason: null,
        });
        await trx.audit.record(
          {
            accountId,
            action: 'unit.retested',
            subject: { type: 'unit', id: serial },
            details: {
              certificate_id: row.id,
              attempt,
              passed: test.passed,
              failure_reason: reason.code,
              ...(imported && { tester_file_id: imported.file_id }),
            },
          },
          now,
        );
        await trx.documentDue(row.id);
      });
      // Two retests of the same unit at once: the second one's attempt number is taken.
      await unlessUnique(retested, stale);
      return view.get(row.id);
    },
  };
}
