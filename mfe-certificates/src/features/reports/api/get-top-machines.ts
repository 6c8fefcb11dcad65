import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiPaths, type TopMachinesQuery, type TopMachinesReport, queryKeys } from 'contracts';
import { http } from 'shared-ui';

export async function getTopMachines(query: TopMachinesQuery) {
  return (await http.get<TopMachinesReport>(apiPaths.reportTopMachines(), { params: query })).data;
}

export const topMachinesQuery = (query: TopMachinesQuery) =>
  queryOptions({
    queryKey: [...queryKeys.reports, 'top-machines', query],
    queryFn: () => getTopMachines(query),
    // The chart of the previous period stays while the next loads, and the period's field keeps its focus.
    placeholderData: keepPreviousData,
  });

export const useTopMachines = (query: TopMachinesQuery) => useQuery(topMachinesQuery(query));
