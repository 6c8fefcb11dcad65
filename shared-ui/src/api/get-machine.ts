import { apiPaths, queryKeys, type Machine } from 'contracts';
import { http } from '../http';

export const machineQueryKey = queryKeys.machine;

export async function getMachine(id: number): Promise<Machine> {
  const { data } = await http.get<Machine>(apiPaths.machine(id));
  return data;
}

/** `useQuery(machineQuery(id))`; options, not a hook, for the reason given at `brandsQuery`. */
export const machineQuery = (id: number) => ({
  queryKey: machineQueryKey(id),
  queryFn: () => getMachine(id),
});
