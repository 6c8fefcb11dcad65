import type { Machine, MachineBody } from 'contracts';
import { http } from 'shared-ui';

export async function createMachine(body: MachineBody): Promise<Machine> {
  const { data } = await http.post<Machine>('/machine', body);
  return data;
}
