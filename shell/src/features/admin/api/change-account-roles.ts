import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiPaths, type Account, type Role } from 'contracts';
import { http } from 'shared-ui';
import { refreshAccounts } from './get-accounts';

export async function changeAccountRoles(id: number, roles: Role[]): Promise<Account> {
  const { data } = await http.put<Account>(apiPaths.accountRoles(id), { roles });
  return data;
}

export function useChangeAccountRoles(id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (roles: Role[]) => changeAccountRoles(id, roles),
    onSuccess: () => refreshAccounts(queryClient),
  });
}
