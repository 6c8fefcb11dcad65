import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiPaths, type TestPlan } from 'contracts';
import { http } from 'shared-ui';
import { refreshPlanHistory } from './get-plan-versions';
import { testPlanQueryKey } from './get-test-plan';

/** Stores the current plan of machine `fromMachineId` as the next version of machine `machineId`'s plan. */
export async function copyTestPlan(machineId: number, fromMachineId: number): Promise<TestPlan> {
  const body = { from_machine_id: fromMachineId };
  return (await http.post<TestPlan>(apiPaths.machineTestPlanCopy(machineId), body)).data;
}

export function useCopyTestPlan(machineId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (fromMachineId: number) => copyTestPlan(machineId, fromMachineId),
    onSuccess: (plan) => {
      queryClient.setQueryData(testPlanQueryKey(machineId), plan);
      void refreshPlanHistory(queryClient, machineId);
    },
  });
}
