import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type {
  ReportPeriodQuery,
  TopMachinesQuery,
  TopMachinesReport,
  UnitsByBrandReport,
  UnitsByCheckerReport,
} from 'contracts';
import { http } from 'shared-ui';

/** The reports' numbers change with every certificate issued or voided; a new certificate invalidates them. */
export const reportsQueryKey = ['reports'] as const;

export async function getUnitsByBrand(query: ReportPeriodQuery) {
  return (await http.get<UnitsByBrandReport>('/reports/units-by-brand', { params: query })).data;
}
export async function getTopMachines(query: TopMachinesQuery) {
  return (await http.get<TopMachinesReport>('/reports/top-machines', { params: query })).data;
}
export async function getUnitsByChecker(query: ReportPeriodQuery) {
  return (await http.get<UnitsByCheckerReport>('/reports/units-by-checker', { params: query })).data;
}

export const useUnitsByBrand = (query: ReportPeriodQuery = {}) =>
  useQuery({
    queryKey: [...reportsQueryKey, 'units-by-brand', query],
    queryFn: () => getUnitsByBrand(query),
  });
export const useTopMachines = (query: TopMachinesQuery) =>
  useQuery({
    queryKey: [...reportsQueryKey, 'top-machines', query],
    queryFn: () => getTopMachines(query),
    // The chart of the previous period stays while the next loads, and the period's field keeps its focus.
    placeholderData: keepPreviousData,
  });
export const useUnitsByChecker = (query: ReportPeriodQuery = {}) =>
  useQuery({
    queryKey: [...reportsQueryKey, 'units-by-checker', query],
    queryFn: () => getUnitsByChecker(query),
  });
