import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiPaths, queryKeys, type Account, type AccountCreateBody } from 'contracts';
import { http } from 'shared-ui';

export async function createAccount(body: AccountCreateBody): Promise<Account> {
  const { data } = await http.post<Account>(apiPaths.accounts(), body);
  return data;
}

export function useCreateAccount() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createAccount,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.accounts }),
  });
}
