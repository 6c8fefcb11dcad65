import type { Brand, BrandList } from 'contracts';
import { http } from 'shared-ui';

export async function getBrands(): Promise<Brand[]> {
  const { data } = await http.get<BrandList>('/brands');
  return data.data;
}
