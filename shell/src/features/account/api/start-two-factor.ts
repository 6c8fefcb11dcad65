import type { TwoFactorSetup } from 'contracts';
import { http } from 'shared-ui';

/** A new secret for the QR code; two-factor sign-in is on only after the first code confirms it. */
export async function startTwoFactor(): Promise<TwoFactorSetup> {
  const { data } = await http.post<TwoFactorSetup>('/me/two-factor/setup');
  return data;
}
