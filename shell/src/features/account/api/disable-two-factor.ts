import { useMutation } from '@tanstack/react-query';
import { apiPaths } from 'contracts';
import { http } from 'shared-ui';

export async function disableTwoFactor(password: string): Promise<void> {
  await http.post(apiPaths.meTwoFactorDisable(), { password });
}

export const useDisableTwoFactor = () => useMutation({ mutationFn: disableTwoFactor });
