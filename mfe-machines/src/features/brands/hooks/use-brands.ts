import { useQuery } from '@tanstack/react-query';
import { getBrands } from '../api/get-brands';

/**
 * The same cache entry as the certificate form's brand list (one QueryClient in the shell), so a brand
 * added here shows up there at once.
 */
export function useBrands() {
  return useQuery({ queryKey: ['brands'], queryFn: getBrands, staleTime: 5 * 60_000 });
}
