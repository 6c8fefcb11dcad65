import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiPaths, queryKeys, type CertificateHistory } from 'contracts';
import { http } from 'shared-ui';

/** Under the certificate's key, so a change of the certificate reloads its history too. */
export const certificateHistoryQueryKey = (id: number) => [...queryKeys.certificate(id), 'history'] as const;

export async function getCertificateHistory(id: number): Promise<CertificateHistory> {
  return (await http.get<CertificateHistory>(apiPaths.certificateHistory(id))).data;
}

/** A certificate's revisions (newest first) and units with their status. Null fetches nothing. */
export const certificateHistoryQuery = (id: number | null) =>
  queryOptions({
    queryKey: certificateHistoryQueryKey(id ?? 0),
    queryFn: () => getCertificateHistory(id!),
    enabled: id !== null,
  });

export const useCertificateHistory = (id: number | null) => useQuery(certificateHistoryQuery(id));
