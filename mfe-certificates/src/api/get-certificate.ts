import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiPaths, queryKeys, type Certificate, type PrintData } from 'contracts';
import { http } from 'shared-ui';
import { certificateFromWire } from './wire';

export const certificateQueryKey = queryKeys.certificate;

/**
 * The stored certificate: its serials, the snapshot of machine and brand it prints, and its current revision,
 * or revision `revision` as it printed (an earlier one is marked replaced).
 */
export async function getCertificate(id: number, revision?: number): Promise<Certificate> {
  const path = revision === undefined ? apiPaths.certificate(id) : apiPaths.certificateRevision(id, revision);
  const { data } = await http.get<PrintData>(path);
  return certificateFromWire(data);
}

/**
 * A certificate (of revision `revision` when given). Not kept forever: a revision or void, here or by a
 * colleague, changes it. Null fetches nothing.
 */
export const certificateQuery = (id: number | null, revision?: number) =>
  queryOptions({
    queryKey: [...certificateQueryKey(id ?? 0), ...(revision === undefined ? [] : ['revision', revision])],
    queryFn: () => getCertificate(id!, revision),
    enabled: id !== null,
  });

export const useCertificate = (id: number | null, revision?: number) =>
  useQuery(certificateQuery(id, revision));
