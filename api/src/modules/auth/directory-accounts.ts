import { EMAIL_MAX, TEXT_MAX } from 'contracts';
import type { DirectoryConfig } from '../../directory-config';
import { HttpError } from '../../errors';
import { messages } from '../../messages';
import type { AuditRecorder } from '../audit/audit.service';
import { rolesOf } from '../users/roles';
import { normalizeEmail, type UserRow, type UsersRepository } from '../users/users.repository';
import type { DirectoryAccountsRepository } from './directory-accounts.repository';
import { groupsOf, rolesFor } from './directory-role-map';

const text = (value: unknown) => (typeof value === 'string' ? value.trim() : '');

/** The name from the claims: `name`, else given and family name; cut to what the admin area shows. */
const nameOf = (claims: Record<string, unknown>) =>
  (text(claims.name) || `${text(claims.given_name)} ${text(claims.family_name)}`.trim()).slice(0, TEXT_MAX);

const EMAIL = /^[^\s@]+@[^\s@]+$/;

/**
 * The account a company account signs in as (docs/decisions/0029-company-account-sign-in.md): found by the
 * directory's subject; at the first sign-in created, or linked to a local account of the same e-mail only when
 * the provider asserts `email_verified`. Its roles are the mapped groups' at every sign-in. A refusal throws
 * the German answer the user reads; everything is in the audit trail.
 */
export function directoryAccounts({
  accounts,
  users,
  audit,
  config,
}: {
  accounts: DirectoryAccountsRepository;
  users: Pick<UsersRepository, 'findByEmail'>;
  audit: AuditRecorder;
  config: Pick<DirectoryConfig, 'rolesClaim' | 'roleMap'>;
}) {
  const refuse = (
    status: number,
    code: 'NO_MAPPED_ROLE' | 'EMAIL_TAKEN' | 'ACCOUNT_DISABLED',
    message: string,
  ) => new HttpError(status, code, message);

  /** An account for a new subject: a local one linked, or a new one (only when a group gives a role). */
  async function firstSignIn(subject: string, claims: Record<string, unknown>, groups: string[], now: Date) {
    const email = normalizeEmail(text(claims.email));
    if (!EMAIL.test(email) || email.length > EMAIL_MAX)
      throw new HttpError(403, 'NO_MAPPED_ROLE', messages.companyAccountNoEmail);
    const local = await users.findByEmail(email);
    // The same person's first sign-in at the same moment made it already.
    if (local?.directory_subject === subject) return local;
    if (local) {
      if (claims.email_verified !== true || local.directory_subject !== null)
        throw refuse(409, 'EMAIL_TAKEN', messages.companyAccountEmailTaken);
      if (!(await accounts.link(local.id, subject)))
        throw refuse(409, 'EMAIL_TAKEN', messages.companyAccountEmailTaken);
      await audit.record({
        accountId: local.id,
        action: 'account.linked_to_directory',
        subject: { type: 'account', id: local.id },
        details: { email, by: 'directory', groups, email_verified: true },
      });
      return { ...local, directory_subject: subject };
    }
    const roles = rolesFor(groups, config.roleMap);
    if (!roles.length) throw refuse(403, 'NO_MAPPED_ROLE', messages.noMappedRole);
    const { account, created } = await accounts.create({ subject, email, name: nameOf(claims), roles, now });
    if (created)
      await audit.record({
        accountId: account.id,
        action: 'account.created',
        subject: { type: 'account', id: account.id },
        details: { email, roles, by: 'directory', groups },
      });
    return account;
  }

  return {
    async admit(claims: Record<string, unknown>, now = new Date()): Promise<UserRow> {
      const subject = `${text(claims.iss)} ${text(claims.sub)}`;
      const groups = groupsOf(claims, config.rolesClaim);
      const account =
        (await accounts.bySubject(subject)) ?? (await firstSignIn(subject, claims, groups, now));
      if (account.disabled) throw refuse(403, 'ACCOUNT_DISABLED', messages.companyAccountDisabled);
      const roles = rolesFor(groups, config.roleMap);
      if (await accounts.syncRoles(account.id, account.roles, roles, now))
        await audit.record({
          accountId: account.id,
          action: 'account.roles_changed',
          subject: { type: 'account', id: account.id },
          details: {
            email: account.email,
            before: rolesOf(account.roles),
            after: roles,
            by: 'directory',
            groups,
          },
        });
      if (!roles.length) throw refuse(403, 'NO_MAPPED_ROLE', messages.noMappedRole);
      return { ...account, roles: roles.join(',') };
    },
  };
}

export type DirectoryAccounts = ReturnType<typeof directoryAccounts>;
