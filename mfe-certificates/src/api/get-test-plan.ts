import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiPaths, queryKeys, type TestPlan } from 'contracts';
import { http } from 'shared-ui';

/** A machine's current test plan (version 0 is the built-in default, docs/decisions/0010-test-record.md). */
export async function getTestPlan(machineId: number): Promise<TestPlan> {
  const { data } = await http.get<TestPlan>(apiPaths.machineTestPlan(machineId));
  return data;
}

export const testPlanQuery = (machineId: number) =>
  queryOptions({ queryKey: queryKeys.testPlan(machineId), queryFn: () => getTestPlan(machineId) });

/** The chosen machine's plan; nothing is fetched until a machine is chosen (id 0). */
export const useTestPlan = (machineId: number) =>
  useQuery({ ...testPlanQuery(machineId), enabled: machineId > 0 });
