import { useQuery } from '@tanstack/react-query';
import { getBrands } from '../api/get-brands';

/** Brands change rarely; every screen that needs them shares this cache entry. */
export function useBrands() {
  return useQuery({ queryKey: ['brands'], queryFn: getBrands, staleTime: 5 * 60_000 });
}
