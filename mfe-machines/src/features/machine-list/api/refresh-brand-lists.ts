import type { QueryClient } from '@tanstack/react-query';
import { brandsQueryKey, machinesQueryKey } from 'shared-ui';

/**
 * After a brand is saved the brand lists of every screen load again; the mutation waits for them, so the
 * brand's page can be shown. A renamed brand also changes the MARKE column of the machine list.
 */
export async function refreshBrandLists(queryClient: QueryClient): Promise<void> {
  await Promise.all([
    queryClient.invalidateQueries({ queryKey: brandsQueryKey }),
    queryClient.invalidateQueries({ queryKey: machinesQueryKey }),
  ]);
}
