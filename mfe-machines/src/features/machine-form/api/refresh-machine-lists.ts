import type { QueryClient } from '@tanstack/react-query';
import type { Machine } from 'contracts';
import { machineQueryKey, machinesByBrandQueryKey, machinesQueryKey } from 'shared-ui';

/** After a machine is saved: the machine itself as answered, and every list that shows machines loads again. */
export async function refreshMachineLists(queryClient: QueryClient, machine: Machine): Promise<void> {
  queryClient.setQueryData(machineQueryKey(machine.id), machine);
  await Promise.all([
    queryClient.invalidateQueries({ queryKey: machinesQueryKey }),
    queryClient.invalidateQueries({ queryKey: machinesByBrandQueryKey }),
  ]);
}
