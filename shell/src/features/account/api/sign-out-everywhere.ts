import { http } from 'shared-ui';

export async function signOutEverywhere(): Promise<void> {
  await http.post('/me/sign-out-everywhere');
}
