import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { MachineBody } from 'contracts';
import { createMachine } from '../api/create-machine';
import { updateMachine } from '../api/update-machine';

/** Adds a machine (no id) or changes one; lists that show machines load again afterwards. */
export function useSaveMachine(id: number | null) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: MachineBody) => (id === null ? createMachine(body) : updateMachine(id, body)),
    onSuccess: (machine) => {
      queryClient.setQueryData(['machine', machine.id], machine);
      return Promise.all([
        queryClient.invalidateQueries({ queryKey: ['machines'] }),
        // The certificate form's article numbers per brand.
        queryClient.invalidateQueries({ queryKey: ['machinesByBrand'] }),
      ]);
    },
  });
}
