import type { Machine } from 'contracts';
import { http } from 'shared-ui';

export async function getMachine(id: number): Promise<Machine> {
  const { data } = await http.get<Machine>(`/machine/${id}`);
  return data;
}
