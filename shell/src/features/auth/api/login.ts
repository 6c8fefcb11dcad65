import type { LoginBody, LoginResponse, SecondFactorBody, TokenResponse } from 'contracts';
import { http } from 'shared-ui';

export async function login(body: LoginBody): Promise<LoginResponse> {
  const { data } = await http.post<LoginResponse>('/login', body);
  return data;
}

/** The code from the authenticator app, or a recovery code, for the challenge of a right password. */
export async function secondFactor(body: SecondFactorBody): Promise<TokenResponse> {
  const { data } = await http.post<TokenResponse>('/login/second-factor', body);
  return data;
}
