import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiPaths, type Machine, type MachineBody } from 'contracts';
import { http } from 'shared-ui';
import { refreshMachineLists } from './refresh-machine-lists';

/** PUT replaces the whole machine. */
export async function updateMachine(id: number, body: MachineBody): Promise<Machine> {
  const { data } = await http.put<Machine>(apiPaths.machine(id), body);
  return data;
}

export function useUpdateMachine(id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: MachineBody) => updateMachine(id, body),
    onSuccess: (machine) => refreshMachineLists(queryClient, machine),
  });
}
