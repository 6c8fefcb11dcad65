import { useQuery } from '@tanstack/react-query';
import { fromWire, queryKeys, type Certificate, type PrintData } from 'contracts';
import { http } from 'shared-ui';

export const certificateQueryKey = queryKeys.certificate;

/**
 * The stored certificate: its serials, the snapshot of machine and brand it prints, and its current revision,
 * or revision `revision` as it printed (an earlier one is marked replaced).
 */
export async function getCertificate(id: number, revision?: number): Promise<Certificate> {
  const path = revision === undefined ? `/certificates/${id}` : `/certificates/${id}/revisions/${revision}`;
  const { data } = await http.get<PrintData>(path);
  return fromWire(data);
}

/**
 * A certificate (of revision `revision` when given). Not kept forever: a revision or void, here or by a
 * colleague, changes it. Null fetches nothing.
 */
export function useCertificate(id: number | null, revision?: number) {
  return useQuery({
    queryKey: [...certificateQueryKey(id ?? 0), ...(revision === undefined ? [] : ['revision', revision])],
    queryFn: () => getCertificate(id!, revision),
    enabled: id !== null,
  });
}
