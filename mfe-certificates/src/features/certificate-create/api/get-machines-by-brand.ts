import type { MachineByBrandList } from 'contracts';
import { http } from 'shared-ui';

export async function getMachinesByBrand(brandId: number): Promise<MachineByBrandList['data']> {
  const { data } = await http.get<MachineByBrandList>(`/machinesByBrand/${brandId}`);
  return data.data;
}
