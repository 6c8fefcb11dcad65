import { useQuery } from '@tanstack/react-query';
import type { CheckerList } from 'contracts';
import { http } from 'shared-ui';

export const checkersQueryKey = ['checkers'] as const;

export async function getCheckers(): Promise<string[]> {
  const { data } = await http.get<CheckerList>('/reports/checkers');
  return data.data;
}

/** Every checker name certificates were issued with, offered as the filter's suggestions. */
export function useCheckers() {
  return useQuery({ queryKey: checkersQueryKey, queryFn: getCheckers, staleTime: 60_000 });
}
