import { useQuery } from '@tanstack/react-query';
import { apiPaths, type PlanDiff } from 'contracts';
import { http } from 'shared-ui';
import { planHistoryKey } from './get-test-plan';

export async function getPlanDiff(machineId: number, from: number, to: number): Promise<PlanDiff> {
  return (await http.get<PlanDiff>(apiPaths.machineTestPlanDiff(machineId, from, to))).data;
}

/** What changed between two versions; stored versions never change, so it is read once. */
export const usePlanDiff = (machineId: number, pair: readonly [from: number, to: number] | undefined) =>
  useQuery({
    queryKey: [...planHistoryKey(machineId), 'diff', pair],
    queryFn: () => getPlanDiff(machineId, pair![0], pair![1]),
    enabled: pair !== undefined,
    staleTime: Infinity,
  });
