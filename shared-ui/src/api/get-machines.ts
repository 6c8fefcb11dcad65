import { apiPaths, queryKeys, type MachineList, type MachineListQuery } from 'contracts';
import { http } from '../http';

/** Every page and search of the catalogue; invalidating it refreshes them all. */
export const machinesQueryKey = queryKeys.machines;

export async function getMachines(query: MachineListQuery): Promise<MachineList> {
  const { data } = await http.get<MachineList>(apiPaths.machines(), { params: query });
  return data;
}

/** `useQuery(machinesQuery(query))`; options, not a hook, for the reason given at `brandsQuery`. */
export const machinesQuery = (query: MachineListQuery) => ({
  queryKey: [...machinesQueryKey, query] as const,
  queryFn: () => getMachines(query),
});
