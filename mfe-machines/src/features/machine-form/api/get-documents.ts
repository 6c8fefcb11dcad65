import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiPaths, queryKeys, type DocumentVersionList } from 'contracts';
import { http } from 'shared-ui';

/** Under the machine's key: whatever refreshes the machine refreshes its documents too. */
export const documentsQueryKey = (machineId: number) =>
  [...queryKeys.machine(machineId), 'documents'] as const;

export async function getDocuments(machineId: number): Promise<DocumentVersionList> {
  return (await http.get<DocumentVersionList>(apiPaths.machineDocuments(machineId))).data;
}

export const useDocuments = (machineId: number) =>
  useQuery(queryOptions({ queryKey: documentsQueryKey(machineId), queryFn: () => getDocuments(machineId) }));
