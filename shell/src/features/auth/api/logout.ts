import { apiPaths } from 'contracts';
import { http } from 'shared-ui';

/** Revokes the session on the server; the caller forgets the token whatever the answer. */
export async function logout(): Promise<void> {
  await http.post(apiPaths.logout());
}
