import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { CertificateListQuery } from 'contracts';
import { getCertificates } from '../api/get-certificates';

/** One page of the list; the previous page stays on screen while the next one loads. */
export function useCertificates(query: CertificateListQuery) {
  return useQuery({
    queryKey: ['certificates', query],
    queryFn: () => getCertificates(query),
    placeholderData: keepPreviousData,
  });
}
