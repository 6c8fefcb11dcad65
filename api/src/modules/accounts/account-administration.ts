import { EMAIL_PATTERN, type Account, type AccountCreateBody, type Role } from 'contracts';
import { isUniqueViolation } from '../../db/errors';
import { badRequest, conflict } from '../../errors';
import { messages } from '../../messages';
import type { AuditService } from '../audit/audit.service';
import type { ScryptCost } from '../users/password';
import { passwordProblem } from '../users/password-policy';
import { rolesOf } from '../users/roles';
import { normalizeEmail, type UserRow, type UsersRepository } from '../users/users.repository';
import { attemptKeys } from '../auth/sign-in-throttle';
import type { LoginThrottleRepository } from '../auth/login-throttle.repository';
import { accountEvent, assertNotOwn, assertPassword, existingAccount, toAccount } from './account-common';

/**
 * What an administrator does to other accounts (docs/architecture.md#accounts-and-roles); `accountId` is the
 * signed-in administrator. Every change is recorded in the audit trail.
 */
export function accountAdministration({
  users,
  throttle,
  audit,
  cost,
}: {
  users: Pick<
    UsersRepository,
    'findById' | 'findByEmail' | 'list' | 'add' | 'setRoles' | 'disable' | 'enable' | 'setPassword'
  >;
  throttle: Pick<LoginThrottleRepository, 'lockedUntil'>;
  audit: Pick<AuditService, 'record'>;
  /** scrypt cost of new passwords; tests lower it (api/src/test/harness.ts). */
  cost?: ScryptCost;
}) {
  const existing = existingAccount(users);
  const record = accountEvent(audit);
  const lockOf = (row: UserRow) => throttle.lockedUntil(attemptKeys('', row.email).account);
  const withLock = async (row: UserRow) => toAccount(row, await lockOf(row));

  return {
    /** Every account, with the lock its failed sign-ins put on it (staff are few: one look-up each). */
    async list(): Promise<Account[]> {
      const rows = await users.list();
      const locks = await Promise.all(rows.map(lockOf));
      return rows.map((row, index) => toAccount(row, locks[index]));
    },

    async create(body: AccountCreateBody, accountId: number): Promise<Account> {
      const email = normalizeEmail(body.email);
      const fields: Record<string, string> = {};
      if (!EMAIL_PATTERN.test(email)) fields.email = messages.fields.email;
      const problem = passwordProblem(body.password);
      if (problem) fields.password = problem;
      if (Object.keys(fields).length) throw badRequest(messages.checkFields, fields);
      const taken = () => conflict(messages.emailTaken, { email: messages.emailTaken });
      if (await users.findByEmail(email)) throw taken();
      let id: number;
      try {
        id = await users.add({ ...body, email, mustChangePassword: true }, cost);
      } catch (error) {
        throw isUniqueViolation(error) ? taken() : error;
      }
      const user = await existing(id);
      await record(accountId, 'account.created', user, { roles: body.roles });
      return withLock(user);
    },

    async setRoles(id: number, roles: Role[], accountId: number): Promise<Account> {
      const before = await existing(id);
      assertNotOwn(id, accountId, messages.ownAccountRoles);
      if (!(await users.setRoles(id, roles))) throw conflict(messages.lastAdministrator);
      const after = await existing(id);
      if (before.roles !== after.roles)
        await record(accountId, 'account.roles_changed', after, {
          before: rolesOf(before.roles),
          after: rolesOf(after.roles),
        });
      return withLock(after);
    },

    async disable(id: number, accountId: number): Promise<Account> {
      const user = await existing(id);
      assertNotOwn(id, accountId, messages.ownAccountDisable);
      if (!(await users.disable(id))) throw conflict(messages.lastAdministrator);
      if (!user.disabled) await record(accountId, 'account.disabled', user);
      return withLock(await existing(id));
    },

    async enable(id: number, accountId: number): Promise<Account> {
      const user = await existing(id);
      await users.enable(id);
      if (user.disabled) await record(accountId, 'account.enabled', user);
      return withLock(await existing(id));
    },

    /** A first password again: the account must change it at its next sign-in; its sessions end. */
    async resetPassword(id: number, password: string, accountId: number): Promise<Account> {
      const user = await existing(id);
      assertNotOwn(id, accountId, messages.ownAccountPassword);
      assertPassword(password, 'password');
      await users.setPassword(id, password, { mustChange: true, cost });
      await record(accountId, 'account.password_reset', user);
      return withLock(await existing(id));
    },
  };
}
