import { keepPreviousData, useQuery } from '@tanstack/react-query';
import {
  queryKeys,
  fromWire,
  wireName,
  type CertificateList,
  type CertificateListQuery,
  type CertificateSort,
  type CertificateSummary,
} from 'contracts';
import { http } from 'shared-ui';

/** A page of certificates, sorted by a domain field name. */
export type CertificateQuery = Omit<CertificateListQuery, 'sort'> & { sort?: CertificateSort };

/** Every page and search of the list; a new certificate invalidates them all. */
export const certificatesQueryKey = queryKeys.certificates;

export async function getCertificates({
  sort,
  ...query
}: CertificateQuery): Promise<{ data: CertificateSummary[]; total: number }> {
  const params = { ...query, ...(sort && { sort: wireName(sort) }) };
  const { data } = await http.get<CertificateList>('/certificates', { params });
  return { data: data.data.map((item) => fromWire(item)), total: data.total };
}

/** The previous page (or search result) stays on screen while the next one loads. */
export function useCertificates(query: CertificateQuery) {
  return useQuery({
    queryKey: [...certificatesQueryKey, query],
    queryFn: () => getCertificates(query),
    placeholderData: keepPreviousData,
  });
}
