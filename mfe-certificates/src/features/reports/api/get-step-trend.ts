import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiPaths, queryKeys, type StepTrendQuery, type StepTrendReport } from 'contracts';
import { http } from 'shared-ui';

export async function getStepTrend(query: StepTrendQuery) {
  return (await http.get<StepTrendReport>(apiPaths.reportStepTrend(), { params: query })).data;
}

export const stepTrendQuery = (query: StepTrendQuery) =>
  queryOptions({
    queryKey: [...queryKeys.reports, 'step-trend', query],
    queryFn: () => getStepTrend(query),
    placeholderData: keepPreviousData,
  });

/** Nothing is asked until a machine and one of its numeric steps are chosen. */
export const useStepTrend = (query: StepTrendQuery | null) =>
  useQuery({ ...stepTrendQuery(query ?? { machine_id: 1, step: 'none' }), enabled: query !== null });
