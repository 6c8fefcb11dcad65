import { useQuery, type QueryClient } from '@tanstack/react-query';
import { apiPaths, queryKeys, type Account, type AccountList } from 'contracts';
import { http, meQueryKey } from 'shared-ui';

export async function getAccounts(): Promise<Account[]> {
  const { data } = await http.get<AccountList>(apiPaths.accounts());
  return data.data;
}

export const accountsQuery = { queryKey: queryKeys.accounts, queryFn: getAccounts };

/** The accounts; `enabled: false` for a reader of the trail who may not list them (the API says 403). */
export const useAccounts = (enabled = true) => useQuery({ ...accountsQuery, enabled });

/** After a change to an account: the list loads again, and the signed-in one, whose roles may have changed. */
export async function refreshAccounts(queryClient: QueryClient): Promise<void> {
  await queryClient.invalidateQueries({ queryKey: queryKeys.accounts });
  await queryClient.invalidateQueries({ queryKey: meQueryKey });
}
