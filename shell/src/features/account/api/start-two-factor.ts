import { useMutation } from '@tanstack/react-query';
import { apiPaths, type TwoFactorSetup } from 'contracts';
import { http } from 'shared-ui';

/** A new secret for the QR code; two-factor sign-in is on only after the first code confirms it. */
export async function startTwoFactor(): Promise<TwoFactorSetup> {
  const { data } = await http.post<TwoFactorSetup>(apiPaths.meTwoFactorSetup());
  return data;
}

export const useStartTwoFactor = () => useMutation({ mutationFn: startTwoFactor });
