import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiPaths, type Account } from 'contracts';
import { http } from 'shared-ui';
import { refreshAccounts } from './get-accounts';

/** A first password the account must change at its next sign-in. */
export async function resetAccountPassword(id: number, password: string): Promise<Account> {
  const { data } = await http.post<Account>(apiPaths.accountPassword(id), { password });
  return data;
}

export function useResetAccountPassword(id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (password: string) => resetAccountPassword(id, password),
    onSuccess: () => refreshAccounts(queryClient),
  });
}
