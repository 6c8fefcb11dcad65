import { apiPaths } from 'contracts';
import { http } from 'shared-ui';

/** Ends every session of the account, this one included (the sign-out dialog then forgets the token). */
export async function signOutEverywhere(): Promise<void> {
  await http.post(apiPaths.meSignOutEverywhere());
}
