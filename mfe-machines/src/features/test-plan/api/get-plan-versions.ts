import { useQuery, type QueryClient } from '@tanstack/react-query';
import { apiPaths, type TestPlanVersions } from 'contracts';
import { http } from 'shared-ui';
import { planHistoryKey } from './get-test-plan';

export async function getPlanVersions(machineId: number): Promise<TestPlanVersions> {
  return (await http.get<TestPlanVersions>(apiPaths.machineTestPlanVersions(machineId))).data;
}

/** Every stored version of the plan, newest first, with who saved it, when and why. */
export const usePlanVersions = (machineId: number) =>
  useQuery({ queryKey: [...planHistoryKey(machineId), 'list'], queryFn: () => getPlanVersions(machineId) });

/** After a new version: the list has one more. */
export const refreshPlanHistory = (queryClient: QueryClient, machineId: number) =>
  queryClient.invalidateQueries({ queryKey: planHistoryKey(machineId) });
