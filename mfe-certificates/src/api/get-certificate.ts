import { useQuery } from '@tanstack/react-query';
import { fromWire, queryKeys, type Certificate, type PrintData } from 'contracts';
import { http } from 'shared-ui';

export const certificateQueryKey = queryKeys.certificate;

/** The stored certificate as issued: its serials and the snapshot of machine and brand it prints. */
export async function getCertificate(id: number): Promise<Certificate> {
  const { data } = await http.get<PrintData>(`/certificates/${id}`);
  return fromWire(data);
}

/** An issued certificate never changes, so once loaded it is never fetched again. Null fetches nothing. */
export function useCertificate(id: number | null) {
  return useQuery({
    queryKey: certificateQueryKey(id ?? 0),
    queryFn: () => getCertificate(id!),
    staleTime: Infinity,
    enabled: id !== null,
  });
}
