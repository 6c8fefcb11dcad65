import type { DirectoryConfig } from '../../directory-config';
import type { AuditRecorder } from '../audit/audit.service';
import type { UsersRepository } from '../users/users.repository';
import { directoryAccounts } from './directory-accounts';
import type { DirectoryAccountsRepository } from './directory-accounts.repository';
import { directoryClient } from './directory-client';
import { directorySignIn, providerUnavailable } from './directory-sign-in';
import type { DirectorySignInsRepository } from './directory-sign-ins.repository';
import type { SessionKeeping } from './sessions';
import type { SessionsRepository } from './sessions.repository';

/**
 * Sign-in with the company account (docs/decisions/0029-company-account-sign-in.md), or null when OIDC_ISSUER
 * is unset: then its routes answer 404 and nothing else changes.
 */
export function directoryService(
  config: DirectoryConfig | null,
  repositories: {
    signIns: DirectorySignInsRepository;
    accounts: DirectoryAccountsRepository;
    users: Pick<UsersRepository, 'findByEmail' | 'findById'>;
    sessions: Pick<SessionsRepository, 'idTokenOf'>;
  },
  session: Pick<SessionKeeping, 'start' | 'logout'>,
  audit: AuditRecorder,
) {
  if (!config) return null;
  const client = directoryClient(config);
  const { signIns, users, sessions } = repositories;
  const accounts = directoryAccounts({ accounts: repositories.accounts, users, audit, config });
  return {
    ...directorySignIn({ client, signIns, accounts, users, session, audit }),

    /**
     * Ends our session, then names the provider's sign-out when the session came from it (RP-initiated
     * logout). Our session ends even when the provider cannot be reached.
     */
    async signOut(token: string, sessionId: number, afterSignOut: string): Promise<string | null> {
      const idToken = await sessions.idTokenOf(sessionId);
      await session.logout(token);
      if (!idToken) return null;
      try {
        return await client.signOutUrl(idToken, afterSignOut);
      } catch {
        throw providerUnavailable();
      }
    },
  };
}

export type DirectoryService = NonNullable<ReturnType<typeof directoryService>>;
