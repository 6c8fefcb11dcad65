import type { BrandList } from 'contracts';
import { http } from 'shared-ui';

export async function getBrands(): Promise<BrandList['data']> {
  const { data } = await http.get<BrandList>('/brands');
  return data.data;
}
