import type { Account, Role } from 'contracts';
import { http } from 'shared-ui';

/** An administrator's changes to one account; each answers with the account as it is now. */
export const changeAccount = {
  roles: async (id: number, roles: Role[]) =>
    (await http.put<Account>(`/accounts/${id}/roles`, { roles })).data,
  disable: async (id: number) => (await http.post<Account>(`/accounts/${id}/disable`)).data,
  enable: async (id: number) => (await http.post<Account>(`/accounts/${id}/enable`)).data,
  resetPassword: async (id: number, password: string) =>
    (await http.post<Account>(`/accounts/${id}/password`, { password })).data,
};
