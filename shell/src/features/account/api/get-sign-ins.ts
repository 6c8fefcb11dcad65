import type { SignInList } from 'contracts';
import { http } from 'shared-ui';

export const signInsQueryKey = ['me', 'sign-ins'] as const;

export async function getSignIns(): Promise<SignInList['data']> {
  const { data } = await http.get<SignInList>('/me/sign-ins');
  return data.data;
}

export const signInsQuery = { queryKey: signInsQueryKey, queryFn: getSignIns };
