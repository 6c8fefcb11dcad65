import { useMutation } from '@tanstack/react-query';
import { apiPaths, type TwoFactorSetup } from 'contracts';
import { http } from 'shared-ui';

/**
 * A new secret for the QR code, given the current password (a session token alone must not enrol another
 * authenticator); two-factor sign-in is on only after the first code confirms it.
 */
export async function startTwoFactor(currentPassword: string): Promise<TwoFactorSetup> {
  const { data } = await http.post<TwoFactorSetup>(apiPaths.meTwoFactorSetup(), {
    current_password: currentPassword,
  });
  return data;
}

export const useStartTwoFactor = () => useMutation({ mutationFn: startTwoFactor });
