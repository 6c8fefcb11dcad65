import { apiPaths, queryKeys, type MachineByBrand, type MachineByBrandList } from 'contracts';
import { http } from '../http';

/** The certificate form's article numbers per brand; the catalogue invalidates it when a machine changes. */
export const machinesByBrandQueryKey = queryKeys.machinesByBrand;

export async function getMachinesByBrand(brandId: number): Promise<MachineByBrand[]> {
  const { data } = await http.get<MachineByBrandList>(apiPaths.machinesByBrand(brandId));
  return data.data;
}

/** `useQuery(machinesByBrandQuery(id))`; options, not a hook, for the reason given at `brandsQuery`. */
export const machinesByBrandQuery = (brandId: number) => ({
  queryKey: [...machinesByBrandQueryKey, brandId] as const,
  queryFn: () => getMachinesByBrand(brandId),
});
