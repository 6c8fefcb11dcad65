import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiPaths, queryKeys, type CheckerList } from 'contracts';
import { http } from 'shared-ui';

export const checkersQueryKey = queryKeys.checkers;

export async function getCheckers(): Promise<string[]> {
  const { data } = await http.get<CheckerList>(apiPaths.reportCheckers());
  return data.data;
}

/** Every checker name certificates were issued with, offered as the filter's suggestions. */
export const checkersQuery = queryOptions({
  queryKey: checkersQueryKey,
  queryFn: getCheckers,
  staleTime: 60_000,
});

export const useCheckers = () => useQuery(checkersQuery);
