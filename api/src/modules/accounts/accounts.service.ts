import {
  EMAIL_PATTERN,
  fieldMessages,
  type Account,
  type AccountCreateBody,
  type Me,
  type Role,
  type Settings,
  type SignInList,
} from 'contracts';
import { isUniqueViolation } from '../../db/errors';
import { badRequest, conflict, notFound } from '../../errors';
import { messages } from '../../messages';
import type { AuditAction, AuditDetails } from 'contracts';
import type { AuditEntry, AuditService } from '../audit/audit.service';
import type { SignedIn } from '../auth/auth.service';
import { newRecoveryCodes, newTotpSecret, totpStep, totpUri } from '../auth/two-factor';
import type { TwoFactorRepository } from '../auth/two-factor.repository';
import { verifyPassword, type ScryptCost } from '../users/password';
import { passwordProblem } from '../users/password-policy';
import { normalizeEmail, rolesOf, type UserRow, type usersRepository } from '../users/users.repository';
import type { settingsRepository } from './settings.repository';

const toAccount = (row: UserRow & { last_sign_in_at?: string | null }): Account => ({
  id: row.id,
  email: row.email,
  name: row.name,
  roles: rolesOf(row.roles),
  disabled: row.disabled === 1,
  must_change_password: row.must_change_password === 1,
  two_factor: row.totp_secret !== null,
  last_sign_in_at: row.last_sign_in_at ?? null,
  created_at: row.created_at,
});

/** The actions about an account whose details name its e-mail. */
type AccountAction = {
  [A in AuditAction]: AuditDetails[A] extends { email: string } ? A : never;
}[AuditAction];

/** A 400 for a new password the rules refuse, on the form's field `field`. */
function assertPassword(password: string, field: string) {
  const problem = passwordProblem(password);
  if (problem) throw badRequest(messages.checkFields, { [field]: problem });
}

/**
 * Staff accounts: what an administrator does to others (docs/architecture.md#accounts-and-roles) and what
 * every account does to itself. Every change is recorded in the audit trail.
 */
export function accountsService(
  repositories: {
    users: ReturnType<typeof usersRepository>;
    twoFactor: TwoFactorRepository;
    settings: ReturnType<typeof settingsRepository>;
  },
  audit: Pick<AuditService, 'record' | 'signIns'>,
  /** scrypt cost of new passwords; tests lower it (api/src/test/harness.ts). */
  cost?: ScryptCost,
) {
  const { users, twoFactor, settings } = repositories;

  async function existing(id: number) {
    const user = await users.findById(id);
    if (!user) throw notFound(messages.accountNotFound);
    return user;
  }

  /** An event about an account: its details name the account's e-mail beside what `details` adds. */
  const record = <A extends AccountAction>(
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

  return {
    async list(): Promise<Account[]> {
      return (await users.list()).map(toAccount);
    },

    async create(body: AccountCreateBody, adminId: number): Promise<Account> {
      const email = normalizeEmail(body.email);
      const fields: Record<string, string> = {};
      if (!EMAIL_PATTERN.test(email)) fields.email = fieldMessages.email;
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
      await record(adminId, 'account.created', user, { roles: body.roles });
      return toAccount(user);
    },

    async setRoles(id: number, roles: Role[], adminId: number): Promise<Account> {
      const before = await existing(id);
      if (!(await users.setRoles(id, roles))) throw conflict(messages.lastAdministrator);
      const after = await existing(id);
      if (before.roles !== after.roles)
        await record(adminId, 'account.roles_changed', after, {
          before: rolesOf(before.roles),
          after: rolesOf(after.roles),
        });
      return toAccount(after);
    },

    async disable(id: number, adminId: number): Promise<Account> {
      const user = await existing(id);
      if (id === adminId) throw conflict(messages.ownAccountDisable);
      if (!(await users.disable(id))) throw conflict(messages.lastAdministrator);
      if (!user.disabled) await record(adminId, 'account.disabled', user);
      return toAccount(await existing(id));
    },

    async enable(id: number, adminId: number): Promise<Account> {
      const user = await existing(id);
      await users.enable(id);
      if (user.disabled) await record(adminId, 'account.enabled', user);
      return toAccount(await existing(id));
    },

    /** A first password again: the account must change it at its next sign-in; its sessions end. */
    async resetPassword(id: number, password: string, adminId: number): Promise<Account> {
      const user = await existing(id);
      assertPassword(password, 'password');
      await users.setPassword(id, password, { mustChange: true, cost });
      await record(adminId, 'account.password_reset', user);
      return toAccount(await existing(id));
    },

    getSettings: () => settings.get(),

    async setSettings(next: Settings, adminId: number): Promise<Settings> {
      const before = await settings.get();
      await settings.set(next);
      if (before.require_two_factor !== next.require_two_factor)
        await audit.record({
          accountId: adminId,
          action: 'settings.changed',
          subject: { type: 'settings', id: 'require_two_factor' },
          details: { before, after: next },
        });
      return next;
    },

    async me(account: SignedIn): Promise<Me> {
      const user = await existing(account.id);
      return {
        id: user.id,
        email: user.email,
        name: user.name,
        roles: account.roles,
        must_change_password: account.mustChangePassword,
        two_factor: account.twoFactor,
        two_factor_required: (await settings.get()).require_two_factor,
      };
    },

    /** With the current password; ends every other session of the account, keeps this one. */
    async changeOwnPassword(account: SignedIn, current: string, next: string) {
      const user = await existing(account.id);
      if (!(await verifyPassword(current, user.password_hash)))
        throw badRequest(messages.checkFields, { current_password: messages.passwordWrong });
      if (current === next) throw badRequest(messages.checkFields, { new_password: messages.passwordSame });
      assertPassword(next, 'new_password');
      await users.setPassword(account.id, next, { mustChange: false, keepSession: account.sessionId, cost });
      await record(account.id, 'account.password_changed', user);
    },

    async signOutEverywhere(account: SignedIn) {
      const user = await existing(account.id);
      await users.revokeSessions(account.id);
      await record(account.id, 'auth.signed_out_everywhere', user);
    },

    /** The account's last 20 sign-ins, failed ones too, newest first. */
    async signIns(account: SignedIn): Promise<SignInList> {
      const rows = await audit.signIns(account.id, 20);
      return {
        data: rows.map((row) => ({
          at: row.at,
          ok: row.action === 'auth.signed_in',
          address: String(JSON.parse(row.details).address ?? ''),
        })),
      };
    },

    /** A new secret waiting for its first code; the QR code carries `uri`. */
    async startTwoFactor(account: SignedIn) {
      const user = await existing(account.id);
      if (user.totp_secret) throw conflict(messages.twoFactorAlreadyOn);
      const secret = newTotpSecret();
      await twoFactor.setPendingSecret(account.id, secret);
      return { secret, uri: totpUri(secret, user.email) };
    },

    /** The first right code turns two-factor sign-in on; the ten recovery codes are shown this once. */
    async confirmTwoFactor(account: SignedIn, code: string) {
      const user = await existing(account.id);
      if (user.totp_secret) throw conflict(messages.twoFactorAlreadyOn);
      if (!user.totp_pending_secret) throw conflict(messages.twoFactorNotStarted);
      const step = totpStep(user.totp_pending_secret, code.trim());
      if (step === undefined) throw badRequest(messages.checkFields, { code: messages.secondFactorFailed });
      const codes = newRecoveryCodes();
      await twoFactor.enable(account.id, user.totp_pending_secret, step, codes);
      await record(account.id, 'account.two_factor_enabled', user);
      return { recovery_codes: codes };
    },

    async disableTwoFactor(account: SignedIn, password: string) {
      const user = await existing(account.id);
      if (!user.totp_secret) throw conflict(messages.twoFactorOff);
      if ((await settings.get()).require_two_factor) throw conflict(messages.twoFactorStillRequired);
      if (!(await verifyPassword(password, user.password_hash)))
        throw badRequest(messages.checkFields, { password: messages.passwordWrong });
      await twoFactor.disable(account.id);
      await record(account.id, 'account.two_factor_disabled', user);
    },
  };
}

export type AccountsService = ReturnType<typeof accountsService>;
