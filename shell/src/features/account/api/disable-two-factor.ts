import { http } from 'shared-ui';

export async function disableTwoFactor(password: string): Promise<void> {
  await http.post('/me/two-factor/disable', { password });
}
