import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiPaths, type Account } from 'contracts';
import { http } from 'shared-ui';
import { refreshAccounts } from './get-accounts';

// An administrator's changes to a colleague's sign-in: each call returns the account, and the list follows.

export async function resetTwoFactor(id: number, reason: string): Promise<Account> {
  const { data } = await http.post<Account>(apiPaths.accountTwoFactorReset(id), { reason });
  return data;
}

export async function requireTwoFactor(id: number, required: boolean): Promise<Account> {
  const { data } = await http.put<Account>(apiPaths.accountTwoFactorRequired(id), { required });
  return data;
}

export async function unlockAccount(id: number): Promise<Account> {
  const { data } = await http.post<Account>(apiPaths.accountUnlock(id));
  return data;
}

export function useResetTwoFactor(id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (reason: string) => resetTwoFactor(id, reason),
    onSuccess: () => refreshAccounts(queryClient),
  });
}

export function useRequireTwoFactor(id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (required: boolean) => requireTwoFactor(id, required),
    onSuccess: () => refreshAccounts(queryClient),
  });
}

export function useUnlockAccount(id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => unlockAccount(id),
    onSuccess: () => refreshAccounts(queryClient),
  });
}
