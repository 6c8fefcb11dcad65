import type { MachineList } from 'contracts';
import { http } from 'shared-ui';
import { SEARCH_RESULTS } from './search-certificates';

export async function searchMachines(search: string): Promise<MachineList> {
  const { data } = await http.get<MachineList>('/machines', {
    params: { search: search || undefined, per_page: SEARCH_RESULTS },
  });
  return data;
}
