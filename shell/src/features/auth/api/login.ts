import type { LoginBody, LoginResponse } from 'contracts';
import { http } from 'shared-ui';

export async function login(body: LoginBody): Promise<LoginResponse> {
  const { data } = await http.post<LoginResponse>('/login', body);
  return data;
}
