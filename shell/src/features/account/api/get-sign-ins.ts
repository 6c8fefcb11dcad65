import { useQuery } from '@tanstack/react-query';
import { apiPaths, queryKeys, type SignInList } from 'contracts';
import { http } from 'shared-ui';

export async function getSignIns(): Promise<SignInList['data']> {
  const { data } = await http.get<SignInList>(apiPaths.meSignIns());
  return data.data;
}

/** The sign-ins of the account `accountId`: another account signed in on this browser never sees them. */
export const signInsQuery = (accountId: number) => ({
  queryKey: queryKeys.signIns(accountId),
  queryFn: getSignIns,
});

export const useSignIns = (accountId: number) => useQuery(signInsQuery(accountId));
