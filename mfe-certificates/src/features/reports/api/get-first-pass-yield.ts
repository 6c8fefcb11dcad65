import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiPaths, queryKeys, type FirstPassYieldQuery, type FirstPassYieldReport } from 'contracts';
import { http } from 'shared-ui';

export async function getFirstPassYield(query: FirstPassYieldQuery) {
  return (await http.get<FirstPassYieldReport>(apiPaths.reportFirstPassYield(), { params: query })).data;
}

export const firstPassYieldQuery = (query: FirstPassYieldQuery) =>
  queryOptions({
    queryKey: [...queryKeys.reports, 'first-pass-yield', query],
    queryFn: () => getFirstPassYield(query),
    // The chart of the previous period stays while the next loads.
    placeholderData: keepPreviousData,
  });

export const useFirstPassYield = (query: FirstPassYieldQuery) => useQuery(firstPassYieldQuery(query));
