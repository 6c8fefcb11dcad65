import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiPaths, type ReportPeriodQuery, type UnitsByCheckerReport, queryKeys } from 'contracts';
import { http } from 'shared-ui';

export async function getUnitsByChecker(query: ReportPeriodQuery) {
  return (await http.get<UnitsByCheckerReport>(apiPaths.reportUnitsByChecker(), { params: query })).data;
}

export const unitsByCheckerQuery = (query: ReportPeriodQuery) =>
  queryOptions({
    queryKey: [...queryKeys.reports, 'units-by-checker', query],
    queryFn: () => getUnitsByChecker(query),
  });

export const useUnitsByChecker = (query: ReportPeriodQuery = {}) => useQuery(unitsByCheckerQuery(query));
