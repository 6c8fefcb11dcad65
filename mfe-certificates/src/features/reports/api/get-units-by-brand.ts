import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiPaths, type ReportPeriodQuery, type UnitsByBrandReport, queryKeys } from 'contracts';
import { http } from 'shared-ui';

export async function getUnitsByBrand(query: ReportPeriodQuery) {
  return (await http.get<UnitsByBrandReport>(apiPaths.reportUnitsByBrand(), { params: query })).data;
}

export const unitsByBrandQuery = (query: ReportPeriodQuery) =>
  queryOptions({
    queryKey: [...queryKeys.reports, 'units-by-brand', query],
    queryFn: () => getUnitsByBrand(query),
  });

export const useUnitsByBrand = (query: ReportPeriodQuery = {}) => useQuery(unitsByBrandQuery(query));
