import type { Account, AccountList } from 'contracts';
import { http } from 'shared-ui';

export const accountsQueryKey = ['accounts'] as const;

export async function getAccounts(): Promise<Account[]> {
  const { data } = await http.get<AccountList>('/accounts');
  return data.data;
}

export const accountsQuery = { queryKey: accountsQueryKey, queryFn: getAccounts };
