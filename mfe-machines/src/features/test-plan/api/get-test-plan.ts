import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiPaths, queryKeys, type TestPlan } from 'contracts';
import { http } from 'shared-ui';

/** Under the machine's key: whatever refreshes the machine refreshes its plan too. */
export const testPlanQueryKey = (machineId: number) =>
  [...queryKeys.machine(machineId), 'test-plan'] as const;

export async function getTestPlan(machineId: number): Promise<TestPlan> {
  return (await http.get<TestPlan>(apiPaths.machineTestPlan(machineId))).data;
}

/** The machine's current plan; version 0 is the built-in default (docs/decisions/0010-test-record.md). */
export const testPlanQuery = (machineId: number) =>
  queryOptions({ queryKey: testPlanQueryKey(machineId), queryFn: () => getTestPlan(machineId) });

export const useTestPlan = (machineId: number) => useQuery(testPlanQuery(machineId));

/** Under the plan's key: refreshing the plan refreshes its history too. */
export const planHistoryKey = (machineId: number) => [...testPlanQueryKey(machineId), 'history'] as const;

export async function getTestPlanVersion(machineId: number, version: number): Promise<TestPlan> {
  return (await http.get<TestPlan>(apiPaths.machineTestPlan(machineId), { params: { version } })).data;
}

/** An earlier version, as stored: it never changes, so it is read once. */
export const useTestPlanVersion = (machineId: number, version: number | undefined) =>
  useQuery({
    queryKey: [...planHistoryKey(machineId), 'version', version],
    queryFn: () => getTestPlanVersion(machineId, version!),
    enabled: version !== undefined,
    staleTime: Infinity,
  });
