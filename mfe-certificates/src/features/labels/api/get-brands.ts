import type { BrandList } from 'contracts';
import { http } from 'shared-ui';

/** For the logo on product labels (a machine only knows its brand's id). */
export async function getBrands(): Promise<BrandList['data']> {
  const { data } = await http.get<BrandList>('/brands');
  return data.data;
}
