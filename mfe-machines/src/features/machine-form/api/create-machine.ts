import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiPaths, type Machine, type MachineBody } from 'contracts';
import { http } from 'shared-ui';
import { refreshMachineLists } from './refresh-machine-lists';

export async function createMachine(body: MachineBody): Promise<Machine> {
  const { data } = await http.post<Machine>(apiPaths.machineCreate(), body);
  return data;
}

export function useCreateMachine() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createMachine,
    onSuccess: (machine) => refreshMachineLists(queryClient, machine),
  });
}
