import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { BrandBody } from 'contracts';
import { brandsQueryKey, machinesQueryKey } from 'shared-ui';
import { createBrand } from '../api/create-brand';
import { updateBrand } from '../api/update-brand';

/** Adds a brand (no id) or changes one; the brand lists of every screen load again afterwards. */
export function useSaveBrand(id: number | null) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: BrandBody) => (id === null ? createBrand(body) : updateBrand(id, body)),
    // A renamed brand also changes the MARKE column of the machine list.
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: brandsQueryKey }),
        queryClient.invalidateQueries({ queryKey: machinesQueryKey }),
      ]),
  });
}
