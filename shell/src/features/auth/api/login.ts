import { apiPaths, type LoginBody, type LoginResponse } from 'contracts';
import { http } from 'shared-ui';

/**
 * A plain fetcher without a TanStack Query hook: the sign-in form is the login screen, which loads without
 * TanStack Query (docs/architecture.md#budgets).
 */
export async function login(body: LoginBody): Promise<LoginResponse> {
  const { data } = await http.post<LoginResponse>(apiPaths.login(), body);
  return data;
}
