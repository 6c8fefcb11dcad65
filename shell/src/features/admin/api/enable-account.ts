import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiPaths, type Account } from 'contracts';
import { http } from 'shared-ui';
import { refreshAccounts } from './get-accounts';

export async function enableAccount(id: number): Promise<Account> {
  const { data } = await http.post<Account>(apiPaths.accountEnable(id));
  return data;
}

export function useEnableAccount(id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => enableAccount(id),
    onSuccess: () => refreshAccounts(queryClient),
  });
}
