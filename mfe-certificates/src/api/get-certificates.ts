import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiPaths, queryKeys, type CertificateList, type CertificateSummary } from 'contracts';
import { http } from 'shared-ui';
import { listParamsToWire, summaryFromWire, type CertificateQuery } from './wire';

/** Every page and search of the list; a new certificate invalidates them all. */
export const certificatesQueryKey = queryKeys.certificates;

export async function getCertificates(
  query: CertificateQuery,
): Promise<{ data: CertificateSummary[]; total: number }> {
  const { data } = await http.get<CertificateList>(apiPaths.certificates(), {
    params: listParamsToWire(query),
  });
  return { data: data.data.map(summaryFromWire), total: data.total };
}

/** The previous page (or search result) stays on screen while the next one loads. */
export const certificatesQuery = (query: CertificateQuery) =>
  queryOptions({
    queryKey: [...certificatesQueryKey, query],
    queryFn: () => getCertificates(query),
    placeholderData: keepPreviousData,
  });

export const useCertificates = (query: CertificateQuery) => useQuery(certificatesQuery(query));
