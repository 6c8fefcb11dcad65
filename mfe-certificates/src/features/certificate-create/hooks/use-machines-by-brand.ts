import { useQuery } from '@tanstack/react-query';
import { getMachinesByBrand } from '../api/get-machines-by-brand';

/** The machines of the chosen brand; nothing is fetched until a brand is chosen. */
export function useMachinesByBrand(brandId: number | null) {
  return useQuery({
    queryKey: ['machinesByBrand', brandId],
    queryFn: () => getMachinesByBrand(brandId!),
    enabled: brandId !== null,
  });
}
