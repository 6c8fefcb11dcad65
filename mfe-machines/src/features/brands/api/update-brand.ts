import type { Brand, BrandBody } from 'contracts';
import { http } from 'shared-ui';

export async function updateBrand(id: number, body: BrandBody): Promise<Brand> {
  const { data } = await http.put<Brand>(`/brand/${id}`, body);
  return data;
}
