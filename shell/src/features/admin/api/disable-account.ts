import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiPaths, type Account } from 'contracts';
import { http } from 'shared-ui';
import { refreshAccounts } from './get-accounts';

export async function disableAccount(id: number): Promise<Account> {
  const { data } = await http.post<Account>(apiPaths.accountDisable(id));
  return data;
}

export function useDisableAccount(id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => disableAccount(id),
    onSuccess: () => refreshAccounts(queryClient),
  });
}
