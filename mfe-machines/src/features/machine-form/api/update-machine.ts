import type { Machine, MachineBody } from 'contracts';
import { http } from 'shared-ui';

export async function updateMachine(id: number, body: MachineBody): Promise<Machine> {
  const { data } = await http.put<Machine>(`/machine/${id}`, body);
  return data;
}
