import { useMutation } from '@tanstack/react-query';
import { apiPaths, type RecoveryCodes } from 'contracts';
import { http } from 'shared-ui';

/** The first code turns two-factor sign-in on; the answer has the recovery codes, shown this once. */
export async function confirmTwoFactor(code: string): Promise<string[]> {
  const { data } = await http.post<RecoveryCodes>(apiPaths.meTwoFactorConfirm(), { code });
  return data.recovery_codes;
}

export const useConfirmTwoFactor = () => useMutation({ mutationFn: confirmTwoFactor });
