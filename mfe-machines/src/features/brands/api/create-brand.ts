import type { Brand, BrandBody } from 'contracts';
import { http } from 'shared-ui';

export async function createBrand(body: BrandBody): Promise<Brand> {
  const { data } = await http.post<Brand>('/brand', body);
  return data;
}
