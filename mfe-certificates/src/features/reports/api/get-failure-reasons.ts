import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiPaths, queryKeys, type FailureReasonsQuery, type FailureReasonsReport } from 'contracts';
import { http } from 'shared-ui';

export async function getFailureReasons(query: FailureReasonsQuery) {
  return (await http.get<FailureReasonsReport>(apiPaths.reportFailureReasons(), { params: query })).data;
}

export const failureReasonsQuery = (query: FailureReasonsQuery) =>
  queryOptions({
    queryKey: [...queryKeys.reports, 'failure-reasons', query],
    queryFn: () => getFailureReasons(query),
    placeholderData: keepPreviousData,
  });

/** Nothing is asked until a machine is there to choose. */
export const useFailureReasons = (query: FailureReasonsQuery | null) =>
  useQuery({ ...failureReasonsQuery(query ?? { machine_id: 1 }), enabled: query !== null });
