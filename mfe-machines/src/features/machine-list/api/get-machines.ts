import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { MachineListQuery } from 'contracts';
import { machinesQuery, type TableSort } from 'shared-ui';

export interface MachineSearch {
  /** Already trimmed; '' lists everything. */
  search: string;
  page: number;
  pageSize: number;
  sort: TableSort | null;
}

/**
 * One page of the catalogue, searched and sorted by the server; the previous page stays while the next loads.
 * The fetcher and its query options are shared-ui's (`getMachines`, `machinesQuery`): the certificate remote
 * lists machines too, under the same key.
 */
export function useMachines({ search, page, pageSize, sort }: MachineSearch) {
  const query: MachineListQuery = {
    page,
    per_page: pageSize,
    ...(search && { search }),
    ...(sort && { sort: sort.id as MachineListQuery['sort'], order: sort.desc ? 'desc' : 'asc' }),
  };
  return useQuery({ ...machinesQuery(query), placeholderData: keepPreviousData });
}
