import { apiPaths, type SecondFactorBody, type TokenResponse } from 'contracts';
import { http } from 'shared-ui';

/**
 * The code from the authenticator app, or a recovery code, for the challenge of a right password. A plain
 * fetcher, as `login` is: the login screen loads without TanStack Query.
 */
export async function secondFactor(body: SecondFactorBody): Promise<TokenResponse> {
  const { data } = await http.post<TokenResponse>(apiPaths.secondFactor(), body);
  return data;
}
