import type { UsersRepository } from '../users/users.repository';

/** The name a test or release is signed with: the account's display name, or its e-mail when it has none. */
export function testers(users: Pick<UsersRepository, 'findById'>) {
  return {
    async nameOf(accountId: number): Promise<string> {
      const user = await users.findById(accountId);
      return user?.name.trim() || user?.email || '';
    },
  };
}

export type Testers = ReturnType<typeof testers>;
