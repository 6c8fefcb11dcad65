import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiPaths, type TestPlan, type TestPlanBody } from 'contracts';
import { http } from 'shared-ui';
import { refreshPlanHistory } from './get-plan-versions';
import { testPlanQueryKey } from './get-test-plan';

/** Stores the steps as the plan's next version; refused (409) when `based_on` is no longer the current one. */
export async function saveTestPlan(machineId: number, body: TestPlanBody): Promise<TestPlan> {
  return (await http.put<TestPlan>(apiPaths.machineTestPlan(machineId), body)).data;
}

export function useSaveTestPlan(machineId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: TestPlanBody) => saveTestPlan(machineId, body),
    onSuccess: (plan) => {
      queryClient.setQueryData(testPlanQueryKey(machineId), plan);
      void refreshPlanHistory(queryClient, machineId);
    },
  });
}
