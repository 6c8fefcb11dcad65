import { useQuery } from '@tanstack/react-query';
import { getMachine } from '../api/get-machine';

/** The machine to edit, fetched once the brands are there (spec §4: brands first, then the machine). */
export function useMachine(id: number | null, brandsLoaded: boolean) {
  return useQuery({
    queryKey: ['machine', id],
    queryFn: () => getMachine(id!),
    enabled: id !== null && brandsLoaded,
  });
}
