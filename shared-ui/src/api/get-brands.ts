import { apiPaths, queryKeys, type Brand, type BrandList } from 'contracts';
import { http } from '../http';

/**
 * One cache entry for the brand list of every remote (the shell has one QueryClient): a brand added in the
 * catalogue shows up in the certificate form at once. Invalidate it after any change to a brand.
 */
export const brandsQueryKey = queryKeys.brands;

export async function getBrands(): Promise<Brand[]> {
  const { data } = await http.get<BrandList>(apiPaths.brands());
  return data.data;
}

/**
 * `useQuery(brandsQuery)`. Options rather than a hook: shared-ui never imports TanStack Query itself, so the
 * login screen, which loads shared-ui, does not load TanStack Query either (docs/architecture.md#budgets).
 * Brands change rarely.
 */
export const brandsQuery = { queryKey: brandsQueryKey, queryFn: getBrands, staleTime: 5 * 60_000 };
