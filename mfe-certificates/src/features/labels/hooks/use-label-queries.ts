import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { getBrands } from '../api/get-brands';
import { getCertificate } from '../api/get-certificate';
import { getMachine } from '../api/get-machine';
import { searchCertificates } from '../api/search-certificates';
import { searchMachines } from '../api/search-machines';

/** The previous results stay while a new search loads, so the list does not jump. */
export function useCertificateSearch(search: string) {
  return useQuery({
    queryKey: ['labels', 'certificates', search],
    queryFn: () => searchCertificates(search),
    placeholderData: keepPreviousData,
  });
}

export function useMachineSearch(search: string) {
  return useQuery({
    queryKey: ['labels', 'machines', search],
    queryFn: () => searchMachines(search),
    placeholderData: keepPreviousData,
  });
}

/** An issued certificate never changes, so it is fetched once per visit. */
export function useCertificate(id: number | null) {
  return useQuery({
    queryKey: ['labels', 'certificate', id],
    queryFn: () => getCertificate(id!),
    enabled: id !== null,
    staleTime: Infinity,
  });
}

export function useMachine(id: number | null) {
  return useQuery({
    queryKey: ['labels', 'machine', id],
    queryFn: () => getMachine(id!),
    enabled: id !== null,
  });
}

/** Same cache entry as the certificate form's brands. */
export function useBrands(enabled: boolean) {
  return useQuery({ queryKey: ['brands'], queryFn: getBrands, staleTime: 5 * 60_000, enabled });
}
