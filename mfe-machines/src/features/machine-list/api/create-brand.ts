import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiPaths, type Brand, type BrandBody } from 'contracts';
import { http } from 'shared-ui';
import { refreshBrandLists } from './refresh-brand-lists';

export async function createBrand(body: BrandBody): Promise<Brand> {
  const { data } = await http.post<Brand>(apiPaths.brandCreate(), body);
  return data;
}

export function useCreateBrand() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: createBrand, onSuccess: () => refreshBrandLists(queryClient) });
}
