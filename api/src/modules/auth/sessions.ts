import crypto from 'node:crypto';
import { staffLanguageOf, type AuditDetails, type Role, type StaffLanguage } from 'contracts';
import type { AuditRecorder } from '../audit/audit.service';
import { rolesOf } from '../users/roles';
import type { UserRow } from '../users/users.repository';
import type { SessionsRepository } from './sessions.repository';

/**
 * last_seen_at is written at most once a minute, so reads do not turn into writes on every request, and at
 * least every tenth of the idle limit: a session in use then never ends early by more than that tenth, even
 * with the shortest limit of one minute.
 */
const touchIntervalMs = (idleMinutes: number) => Math.min(60_000, (idleMinutes * 60_000) / 10);

/** 256 random bits: docs/architecture.md#security. */
export const newToken = () => crypto.randomBytes(32).toString('base64url');

/** The signed-in account of a request, read with its session on every request. */
export interface SignedIn {
  id: number;
  sessionId: number;
  roles: Role[];
  /** An administrator set its password: it must choose its own before anything else. */
  mustChangePassword: boolean;
  twoFactor: boolean;
  /** Two-factor sign-in is required for all and this account has not set it up yet. */
  twoFactorMissing: boolean;
  /** The language the API answers this account in (api/src/language.ts). */
  language: StaffLanguage;
}

/** A session from its start at a sign-in, through every request it authenticates, to its sign-out. */
export function sessionKeeping({
  sessions,
  audit,
  limits,
}: {
  sessions: SessionsRepository;
  audit: AuditRecorder;
  limits: { idleMinutes: number; maxHours: number };
}) {
  /** The account of a live session, or undefined when the token is unknown, revoked, idle or expired. */
  async function resolve(token: string, now = new Date()): Promise<SignedIn | undefined> {
    const session = await sessions.find(token);
    const idleSince = new Date(now.getTime() - limits.idleMinutes * 60_000).toISOString();
    const live =
      session &&
      session.revoked_at === null &&
      !session.disabled &&
      session.expires_at > now.toISOString() &&
      session.last_seen_at > idleSince;
    if (!live) return undefined;
    if (now.getTime() - Date.parse(session.last_seen_at) > touchIntervalMs(limits.idleMinutes))
      await sessions.touch(session.id, now);
    const twoFactorOn = Number(session.two_factor) === 1;
    return {
      id: session.user_id,
      sessionId: session.id,
      roles: rolesOf(session.roles),
      mustChangePassword: session.must_change_password === 1,
      twoFactor: twoFactorOn,
      twoFactorMissing: session.require_two_factor === 'true' && !twoFactorOn,
      language: staffLanguageOf(session.language),
    };
  }

  return {
    /** A new session for a completed sign-in, recorded with how it was completed (`details`). */
    async start(
      user: UserRow,
      clientAddress: string,
      details: Omit<AuditDetails['auth.signed_in'], 'address'> = {},
      /** The provider's ID token of a sign-in with the company account, for the provider's sign-out. */
      idToken: string | null = null,
    ) {
      const token = newToken();
      const now = new Date();
      await sessions.insert({
        token,
        accountId: user.id,
        now,
        expiresAt: new Date(now.getTime() + limits.maxHours * 3600_000),
        idToken,
      });
      await audit.record(
        {
          accountId: user.id,
          subject: { type: 'account', id: user.email },
          action: 'auth.signed_in',
          details: { address: clientAddress, ...details },
        },
        now,
      );
      return token;
    },

    resolve,

    /** Ends a live session; false when the token is not one. */
    async logout(token: string, now = new Date()): Promise<boolean> {
      const account = await resolve(token, now);
      if (!account) return false;
      await sessions.revoke(token, now);
      await audit.record(
        { accountId: account.id, action: 'auth.signed_out', subject: { type: 'account', id: account.id } },
        now,
      );
      return true;
    },
  };
}

export type SessionKeeping = ReturnType<typeof sessionKeeping>;
