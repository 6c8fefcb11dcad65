import type { PlanStep } from 'contracts';
import type { Db } from '../../db/database';

export interface StoredPlan {
  version: number;
  steps: PlanStep[];
  retest_all: boolean;
  created_at: string;
  created_by_name: string;
  reason: string | null;
}

/** The versions of machines' test plans: one row each, never changed once stored. */
export function testPlansRepository(db: Db) {
  const plans = () =>
    db
      .selectFrom('test_plans')
      .innerJoin('users', 'users.id', 'test_plans.created_by')
      .select([
        'test_plans.version',
        'test_plans.steps',
        'test_plans.retest_all',
        'test_plans.created_at',
        'test_plans.reason',
        // An account without a display name is named by its e-mail.
        (eb) =>
          eb.fn
            .coalesce(eb.fn<string | null>('nullif', ['users.name', eb.val('')]), 'users.email')
            .as('created_by_name'),
      ]);
  const parsed = (
    row:
      | {
          version: number;
          steps: string;
          retest_all: number;
          created_at: string;
          created_by_name: string;
          reason: string | null;
        }
      | undefined,
  ) => row && { ...row, steps: JSON.parse(row.steps) as PlanStep[], retest_all: row.retest_all === 1 };

  return {
    /** The newest version of a machine's plan, or undefined while it has the default plan. */
    async current(machineId: number): Promise<StoredPlan | undefined> {
      return parsed(
        await plans()
          .where('test_plans.machine_id', '=', machineId)
          .orderBy('test_plans.version', 'desc')
          .limit(1)
          .executeTakeFirst(),
      );
    },

    async version(machineId: number, version: number): Promise<StoredPlan | undefined> {
      return parsed(
        await plans()
          .where('test_plans.machine_id', '=', machineId)
          .where('test_plans.version', '=', version)
          .executeTakeFirst(),
      );
    },

    /** Whether a retest against this version repeats every step; the default plan (version 0) does not. */
    async retestAll(machineId: number, version: number): Promise<boolean> {
      const row = await db
        .selectFrom('test_plans')
        .select('retest_all')
        .where('machine_id', '=', machineId)
        .where('version', '=', version)
        .executeTakeFirst();
      return row?.retest_all === 1;
    },

    /** Every stored version of a machine's plan, newest first. */
    async versions(machineId: number): Promise<StoredPlan[]> {
      const rows = await plans()
        .where('test_plans.machine_id', '=', machineId)
        .orderBy('test_plans.version', 'desc')
        .execute();
      return rows.map((row) => parsed(row)!);
    },
    /** The steps of every stored version of a machine's plan, or of every machine's, oldest first. */
    async everySteps(machineId?: number): Promise<PlanStep[][]> {
      const rows = await db
        .selectFrom('test_plans')
        .select('steps')
        .$if(machineId !== undefined, (q) => q.where('machine_id', '=', machineId!))
        .orderBy('machine_id')
        .orderBy('version')
        .execute();
      return rows.map((row) => JSON.parse(row.steps) as PlanStep[]);
    },

    /** Stores a version; the primary key refuses a second writer of the same version. */
    async insert(plan: {
      machine_id: number;
      version: number;
      steps: PlanStep[];
      retest_all?: boolean;
      created_at: string;
      created_by: number;
      reason?: string | null;
    }) {
      await db
        .insertInto('test_plans')
        .values({ ...plan, steps: JSON.stringify(plan.steps), retest_all: plan.retest_all ? 1 : 0 })
        .execute();
    },
  };
}

export type TestPlansRepository = ReturnType<typeof testPlansRepository>;
