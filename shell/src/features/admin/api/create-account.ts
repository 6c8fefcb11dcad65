import type { Account, AccountCreateBody } from 'contracts';
import { http } from 'shared-ui';

export async function createAccount(body: AccountCreateBody): Promise<Account> {
  const { data } = await http.post<Account>('/accounts', body);
  return data;
}
