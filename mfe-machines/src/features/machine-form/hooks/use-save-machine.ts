import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { MachineBody } from 'contracts';
import { machineQueryKey, machinesByBrandQueryKey, machinesQueryKey } from 'shared-ui';
import { createMachine } from '../api/create-machine';
import { updateMachine } from '../api/update-machine';

/** Adds a machine (no id) or changes one; lists that show machines load again afterwards. */
export function useSaveMachine(id: number | null) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: MachineBody) => (id === null ? createMachine(body) : updateMachine(id, body)),
    onSuccess: (machine) => {
      queryClient.setQueryData(machineQueryKey(machine.id), machine);
      return Promise.all([
        queryClient.invalidateQueries({ queryKey: machinesQueryKey }),
        queryClient.invalidateQueries({ queryKey: machinesByBrandQueryKey }),
      ]);
    },
  });
}
