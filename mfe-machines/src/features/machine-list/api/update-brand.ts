import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiPaths, type Brand, type BrandBody } from 'contracts';
import { http } from 'shared-ui';
import { refreshBrandLists } from './refresh-brand-lists';

export async function updateBrand(id: number, body: BrandBody): Promise<Brand> {
  const { data } = await http.put<Brand>(apiPaths.brand(id), body);
  return data;
}

export function useUpdateBrand(id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: BrandBody) => updateBrand(id, body),
    onSuccess: () => refreshBrandLists(queryClient),
  });
}
