import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiPaths, type PaperRequestList } from 'contracts';
import { http } from 'shared-ui';

export const paperRequestsQueryKey = ['paperRequests'] as const;

export async function getPaperRequests(): Promise<PaperRequestList> {
  return (await http.get<PaperRequestList>(apiPaths.paperRequests())).data;
}

export const usePaperRequests = () =>
  useQuery(queryOptions({ queryKey: paperRequestsQueryKey, queryFn: getPaperRequests }));
