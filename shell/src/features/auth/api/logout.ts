import { apiPaths } from 'contracts';
import { getConfig, http } from 'shared-ui';
import { companySignOut } from './company-sign-in';

/**
 * Revokes the session on the server; the caller forgets the token whatever the answer. With the company
 * account configured, a session that came from the provider ends there too (RP-initiated logout): the browser
 * goes to the provider's sign-out, which comes back to `/login`.
 */
export async function logout(): Promise<void> {
  if (!getConfig().companySignIn) {
    await http.post(apiPaths.logout());
    return;
  }
  const providerSignOut = await companySignOut();
  if (providerSignOut) window.location.assign(providerSignOut);
}
