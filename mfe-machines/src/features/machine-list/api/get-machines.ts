import type { MachineList, MachineListQuery } from 'contracts';
import { http } from 'shared-ui';

export async function getMachines(query: MachineListQuery): Promise<MachineList> {
  const { data } = await http.get<MachineList>('/machines', { params: query });
  return data;
}
