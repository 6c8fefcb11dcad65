import { DEFAULT_PLAN_STEPS, type PlanStep, type TestPlan, type TestPlanBody } from 'contracts';
import { unlessUnique } from '../../db/errors';
import { HttpError, badRequest, notFound } from '../../errors';
import { messages } from '../../messages';
import type { AuditRecorder } from '../audit/audit.service';
import type { MachinesRepository } from '../machines/machines.repository';
import { planErrors, tidyStep } from './plan-validation';
import type { TestPlansRepository } from './test-plans.repository';

const planChanged = () => new HttpError(409, 'PLAN_CHANGED', messages.planChanged);

/** A machine's test plans (docs/decisions/0010-test-record.md): version 0 is the default, never stored. */
export function testPlansService({
  plans,
  machines,
  audit,
}: {
  plans: TestPlansRepository;
  machines: Pick<MachinesRepository, 'get'>;
  audit: AuditRecorder;
}) {
  async function existing(machineId: number) {
    if (!(await machines.get(machineId))) throw notFound(messages.machineNotFound);
  }

  /** The plan a certificate of this machine is tested against now. */
  async function current(
    machineId: number,
  ): Promise<{ version: number; steps: PlanStep[]; retest_all: boolean }> {
    return (
      (await plans.current(machineId)) ?? { version: 0, steps: [...DEFAULT_PLAN_STEPS], retest_all: false }
    );
  }

  async function get(machineId: number, version?: number): Promise<TestPlan> {
    await existing(machineId);
    const stored =
      version === undefined ? await plans.current(machineId) : await plans.version(machineId, version);
    if (!stored && version !== undefined && version !== 0) throw notFound(messages.planVersionNotFound);
    return stored
      ? { machine_id: machineId, ...stored }
      : {
          machine_id: machineId,
          version: 0,
          steps: [...DEFAULT_PLAN_STEPS],
          retest_all: false,
          created_at: null,
          created_by_name: null,
        };
  }

  /** Stores `steps` as the next version, if the plan is still the version the editor started from. */
  async function save(
    machineId: number,
    { steps, based_on, retest_all = false }: TestPlanBody,
    accountId: number,
    { copied_from, now = new Date() }: { copied_from?: number; now?: Date } = {},
  ): Promise<TestPlan> {
    await existing(machineId);
    const tidy = steps.map(tidyStep);
    const errors = planErrors(tidy);
    if (Object.keys(errors).length) throw badRequest(messages.checkPlan, errors);
    const before = await current(machineId);
    if (based_on !== before.version) throw planChanged();
    const version = before.version + 1;
    await unlessUnique(
      plans.insert({
        machine_id: machineId,
        version,
        steps: tidy,
        retest_all,
        created_at: now.toISOString(),
        created_by: accountId,
      }),
      planChanged,
    );
    await audit.record(
      {
        accountId,
        action: 'test_plan.changed',
        subject: { type: 'machine', id: machineId },
        details: { version, steps: tidy.length, ...(copied_from ? { copied_from } : {}) },
      },
      now,
    );
    return get(machineId);
  }

  return {
    current,
    get,
    save,

    /** Makes another machine's current plan this machine's next version. */
    async copy(machineId: number, fromMachineId: number, accountId: number): Promise<TestPlan> {
      await existing(fromMachineId);
      const [from, here] = [await current(fromMachineId), await current(machineId)];
      return save(
        machineId,
        { steps: from.steps, based_on: here.version, retest_all: from.retest_all },
        accountId,
        {
          copied_from: fromMachineId,
        },
      );
    },
  };
}

export type TestPlansService = ReturnType<typeof testPlansService>;
