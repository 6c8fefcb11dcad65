import {
  STEP_TREND_MAX_POINTS,
  numberOf,
  parseKeyedMap,
  PLAN_LANGUAGES,
  type FailureReasonsQuery,
  type FailureReasonsReport,
  type FirstPassYieldQuery,
  type StepTitle,
  type FirstPassYieldReport,
  type StepTrendQuery,
  type StepTrendReport,
} from 'contracts';
import { sql } from 'kysely';
import type { Db } from '../../db/database';
import type { TestPlansService } from '../test-plans/test-plans.service';
import { stepsOf } from '../certificates/test-results';
import { capabilityOf } from './capability';
import { periodOf } from './reports.service';

/** A step gone from every plan: its key in every language. */
const untitled = (key: string): StepTitle =>
  Object.fromEntries(PLAN_LANGUAGES.map((language) => [language, key])) as StepTitle;

/**
 * The charts of the test record (docs/decisions/0010-test-record.md): first-pass yield per machine and month, and
 * the trend of a numeric step. Certificates issued before attempts were stored have no first attempt and do not
 * count.
 */
export function testRecordReportsRepository(db: Db) {
  return {
    /** Units tested and units passing at their first attempt, per machine and issue month from `from` to `to`. */
    firstPassYield(from: string, to: string, machineId: number | undefined) {
      return db
        .selectFrom('certificates')
        .innerJoin('test_attempts', (join) =>
          join
            .onRef('test_attempts.certificate_id', '=', 'certificates.id')
            .on('test_attempts.attempt', '=', 1),
        )
        .select((eb) => [
          'certificates.machine_id',
          eb.fn.max('certificates.machine_name').as('machine_name'),
          'certificates.issue_month as month',
          eb.fn.countAll<number>().as('tested'),
          eb.fn.sum<number>('test_attempts.passed').as('first_pass'),
        ])
        .where('certificates.issue_month', '>=', from)
        .where('certificates.issue_month', '<=', to)
        .$if(machineId !== undefined, (q) => q.where('certificates.machine_id', '=', machineId!))
        .groupBy(['certificates.machine_id', 'certificates.issue_month'])
        .orderBy('certificates.machine_id')
        .orderBy('certificates.issue_month')
        .execute();
    },

    /** The newest units' last attempts of a machine's certificates issued from `from` to `to`, newest first. */
    lastAttempts(machineId: number, from: string, to: string) {
      return db
        .selectFrom('test_attempts')
        .innerJoin('certificates', 'certificates.id', 'test_attempts.certificate_id')
        .innerJoin('certificate_units', (join) =>
          join
            .onRef('certificate_units.certificate_id', '=', 'test_attempts.certificate_id')
            .onRef('certificate_units.unit_index', '=', 'test_attempts.unit_index'),
        )
        .select([
          'certificate_units.serial',
          'test_attempts.tested_at',
          'test_attempts.values',
          'certificates.plan_version',
          'certificates.plan_steps',
        ])
        .where('certificates.machine_id', '=', machineId)
        .where('certificates.issue_month', '>=', from)
        .where('certificates.issue_month', '<=', to)
        .where(
          'test_attempts.attempt',
          '=',
          sql<number>`(select max(a.attempt) from test_attempts a where a.certificate_id = test_attempts.certificate_id and a.unit_index = test_attempts.unit_index)`,
        )
        .orderBy('test_attempts.tested_at', 'desc')
        .limit(STEP_TREND_MAX_POINTS)
        .execute();
    },

    /** The failed attempts (any attempt) of a machine's certificates issued from `from` to `to`, oldest first. */
    /**
     * The failed attempts of a machine's certificates, each with the finding its retest recorded: the code and name
     * of the failure reason the next attempt of the same unit names (none while the unit awaits its retest).
     */
    failedAttempts(machineId: number, from: string, to: string) {
      return db
        .selectFrom('test_attempts')
        .innerJoin('certificates', 'certificates.id', 'test_attempts.certificate_id')
        .leftJoin('test_attempts as retest', (join) =>
          join
            .onRef('retest.certificate_id', '=', 'test_attempts.certificate_id')
            .onRef('retest.unit_index', '=', 'test_attempts.unit_index')
            .on((eb) => eb('retest.attempt', '=', eb('test_attempts.attempt', '+', 1))),
        )
        .leftJoin('failure_reasons', 'failure_reasons.code', 'retest.failure_reason')
        .select([
          'test_attempts.verdicts',
          'certificates.plan_steps',
          'retest.failure_reason as code',
          'failure_reasons.name as reason',
        ])
        .where('certificates.machine_id', '=', machineId)
        .where('certificates.issue_month', '>=', from)
        .where('certificates.issue_month', '<=', to)
        .where('test_attempts.passed', '=', 0)
        .orderBy('certificates.id')
        .orderBy('test_attempts.unit_index')
        .orderBy('test_attempts.attempt')
        .execute();
    },
  };
}

export type TestRecordReportsRepository = ReturnType<typeof testRecordReportsRepository>;

export function testRecordReports(
  reports: TestRecordReportsRepository,
  plans: Pick<TestPlansService, 'current'>,
  clock = () => new Date(),
) {
  return {
    async firstPassYield(query: FirstPassYieldQuery): Promise<FirstPassYieldReport> {
      const { from, to } = periodOf(query, clock());
      const rows = await reports.firstPassYield(from, to, query.machine_id);
      return {
        from,
        to,
        data: rows.map((row) => ({
          machine_id: row.machine_id,
          machine_name: String(row.machine_name),
          month: row.month,
          tested: Number(row.tested),
          first_pass: Number(row.first_pass),
        })),
      };
    },

    async stepTrend(query: StepTrendQuery): Promise<StepTrendReport> {
      const { from, to } = periodOf(query, clock());
      const step = (await plans.current(query.machine_id)).steps.find((s) => s.key === query.step) ?? null;
      // Each unit's last attempt: what counts for it, judged by the limits of the plan version it was tested
      // against (a value passing ≤ 60 V then still passes after the plan changed to ≤ 50 V).
      const rows = await reports.lastAttempts(query.machine_id, from, to);
      const data = rows.flatMap((row) => {
        const typed = parseKeyedMap<string>(row.values)[query.step];
        const value = typed === undefined ? undefined : numberOf(typed);
        if (value === undefined) return [];
        const tested = stepsOf(row).find((s) => s.key === query.step);
        return [
          {
            serial: row.serial,
            tested_at: row.tested_at,
            value,
            plan_version: row.plan_version,
            lower: tested?.lower ?? null,
            upper: tested?.upper ?? null,
          },
        ];
      });
      const limited = step?.kind === 'numeric' && (step.lower !== null || step.upper !== null);
      return {
        from,
        to,
        step,
        data: data.reverse(),
        capability: limited
          ? capabilityOf(
              data.map((point) => point.value),
              step,
            )
          : null,
      };
    },

    async failureReasons(query: FailureReasonsQuery): Promise<FailureReasonsReport> {
      const { from, to } = periodOf(query, clock());
      const tested = await reports.firstPassYield(from, to, query.machine_id);
      // A reason is a failed step and the finding of the retest that followed (none while it awaits one).
      const reasons = new Map<string, FailureReasonsReport['data'][number]>();
      for (const row of await reports.failedAttempts(query.machine_id, from, to)) {
        const steps = stepsOf(row);
        for (const [key, verdict] of Object.entries(parseKeyedMap<string>(row.verdicts))) {
          if (verdict !== 'fail') continue;
          const title = steps.find((s) => s.key === key)?.title ?? untitled(key);
          const id = `${key}\u0000${row.code ?? ''}`;
          const failures = (reasons.get(id)?.failures ?? 0) + 1;
          // Rows come oldest first: the newest plan's title wins.
          reasons.set(id, { step_key: key, code: row.code, reason: row.reason, title, failures });
        }
      }
      return {
        from,
        to,
        tested: tested.reduce((sum, row) => sum + Number(row.tested), 0),
        first_pass: tested.reduce((sum, row) => sum + Number(row.first_pass), 0),
        data: [...reasons.values()].sort(
          (a, b) =>
            b.failures - a.failures ||
            a.step_key.localeCompare(b.step_key) ||
            (a.code ?? '').localeCompare(b.code ?? ''),
        ),
      };
    },
  };
}

export type TestRecordReports = ReturnType<typeof testRecordReports>;
