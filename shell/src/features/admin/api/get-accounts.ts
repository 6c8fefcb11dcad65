import { useQuery, type QueryClient } from '@tanstack/react-query';
import { apiPaths, queryKeys, type Account, type AccountList } from 'contracts';
import { http, meQueryKey } from 'shared-ui';

export async function getAccounts(): Promise<Account[]> {
  const { data } = await http.get<AccountList>(apiPaths.accounts());
  return data.data;
}

export const accountsQuery = { queryKey: queryKeys.accounts, queryFn: getAccounts };

export const useAccounts = () => useQuery(accountsQuery);

/** After a change to an account: the list loads again, and the signed-in one, whose roles may have changed. */
export async function refreshAccounts(queryClient: QueryClient): Promise<void> {
  await queryClient.invalidateQueries({ queryKey: queryKeys.accounts });
  await queryClient.invalidateQueries({ queryKey: meQueryKey });
}
