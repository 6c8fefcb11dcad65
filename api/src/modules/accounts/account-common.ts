import { staffLanguageOf, type Account, type AuditAction, type AuditDetails } from 'contracts';
import { badRequest, conflict, notFound } from '../../errors';
import { messages } from '../../messages';
import type { AuditEntry, AuditService } from '../audit/audit.service';
import { passwordProblem } from '../users/password-policy';
import { rolesOf } from '../users/roles';
import type { UserRow, UsersRepository } from '../users/users.repository';

// What the accounts' use cases share: administering (account-administration.ts), the own account
// (own-account.ts), two-factor enrolment (two-factor-enrolment.ts) and an administrator's two-factor and lock
// changes (account-security.ts).

export const toAccount = (
  row: UserRow & { last_sign_in_at?: string | null },
  lockedUntil?: Date,
): Account => ({
  id: row.id,
  email: row.email,
  name: row.name,
  roles: rolesOf(row.roles),
  disabled: row.disabled === 1,
  must_change_password: row.must_change_password === 1,
  two_factor: row.totp_secret !== null,
  two_factor_required: row.two_factor_required === 1,
  locked_until: lockedUntil?.toISOString() ?? null,
  last_sign_in_at: row.last_sign_in_at ?? null,
  created_at: row.created_at,
  directory: row.directory_subject !== null,
  roles_synced_at: row.roles_synced_at,
  language: staffLanguageOf(row.language),
});

/** An administrator acts on another account only: the own one is changed under „Mein Konto“. */
export function assertNotOwn(id: number, accountId: number, message: string) {
  if (id === accountId) throw conflict(message);
}

/** A 400 for a new password the rules refuse, on the form's field `field`. */
export function assertPassword(password: string, field: string) {
  const problem = passwordProblem(password);
  if (problem) throw badRequest(messages.checkFields, { [field]: problem });
}

/** The account's row, or a 404. */
export const existingAccount =
  (users: Pick<UsersRepository, 'findById'>) =>
  async (id: number): Promise<UserRow> => {
    const user = await users.findById(id);
    if (!user) throw notFound(messages.accountNotFound);
    return user;
  };

/** The actions about an account whose details name its e-mail. */
type AccountAction = {
  [A in AuditAction]: AuditDetails[A] extends { email: string } ? A : never;
}[AuditAction];

/**
 * An event about an account, by the signed-in account `accountId`: its details name the account's e-mail
 * beside what `details` adds.
 */
export const accountEvent =
  (audit: Pick<AuditService, 'record'>) =>
  <A extends AccountAction>(
    accountId: number,
    action: A,
    user: UserRow,
    details?: Omit<AuditDetails[A], 'email' | 'by'>,
  ) =>
    audit.record({
      accountId,
      action,
      subject: { type: 'account', id: user.id },
      details: { email: user.email, ...details },
    } as AuditEntry<AccountAction>);
