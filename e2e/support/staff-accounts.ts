import { apiPaths } from 'contracts';
import { apiUrl } from './fixtures';

/** An API call as the holder of `token` (none for sign-in); a refusal throws with the API's answer. */
export async function apiCall<T>(
  baseURL: string,
  token: string,
  method: string,
  path: string,
  body?: unknown,
): Promise<T> {
  const response = await fetch(`${baseURL}${apiUrl(path)}`, {
    method,
    headers: { Authorization: token, 'Content-Type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const answer = (await response.json().catch(() => ({}))) as T;
  if (!response.ok) throw new Error(`${method} ${path}: HTTP ${response.status} ${JSON.stringify(answer)}`);
  return answer;
}

/**
 * A staff account with `roles`, made by the administrator of `admin`, its first password changed as the app
 * demands; answers its session token.
 */
export async function staffAccount(
  baseURL: string,
  admin: string,
  roles: string[],
  name: string,
  email: string,
) {
  const first = 'erstes-Passwort-42';
  const own = 'eigenes-Passwort-43';
  await apiCall(baseURL, admin, 'POST', apiPaths.accounts(), { email, name, password: first, roles });
  const login = async (password: string) =>
    (await apiCall<{ token: string }>(baseURL, '', 'POST', apiPaths.login(), { username: email, password }))
      .token;
  await apiCall(baseURL, await login(first), 'POST', apiPaths.mePassword(), {
    current_password: first,
    new_password: own,
  });
  return login(own);
}
