import type { ApiErrorCode, CompanySignInSession } from 'contracts';
import * as oidc from 'openid-client';
import { HttpError } from '../../errors';
import { messages } from '../../messages';
import type { AuditRecorder } from '../audit/audit.service';
import type { UsersRepository } from '../users/users.repository';
import type { DirectoryAccounts } from './directory-accounts';
import { AuthorizationResponseError, ProviderUnavailable, type DirectoryClient } from './directory-client';
import type { DirectorySignInsRepository } from './directory-sign-ins.repository';
import { newToken, type SessionKeeping } from './sessions';

/** Time for signing in at the provider and coming back: a sign-in left longer starts anew. */
export const SIGN_IN_MINUTES = 10;

export const providerUnavailable = () =>
  new HttpError(503, 'PROVIDER_UNAVAILABLE', messages.providerUnavailable);
const failed = () => new HttpError(401, 'COMPANY_SIGN_IN_FAILED', messages.companySignInFailed);

/**
 * The company account's code flow with PKCE (docs/decisions/0029-company-account-sign-in.md): `start` keeps
 * state, nonce and verifier in the database and ties them to the browser by a cookie; `returned` checks the
 * provider's answer on whichever instance receives it; `take` gives that browser its session once.
 */
export function directorySignIn({
  client,
  signIns,
  accounts,
  users,
  session,
  audit,
}: {
  client: DirectoryClient;
  signIns: DirectorySignInsRepository;
  accounts: DirectoryAccounts;
  users: Pick<UsersRepository, 'findById'>;
  session: Pick<SessionKeeping, 'start'>;
  audit: AuditRecorder;
}) {
  /** Why the answer was refused, as the user reads it: the checks of the library are not told apart. */
  function refusal(error: unknown): HttpError {
    // Busy (429) is an HttpError too: that sign-in may simply be tried again.
    if (error instanceof HttpError) return error;
    if (error instanceof ProviderUnavailable) return providerUnavailable();
    if (error instanceof AuthorizationResponseError)
      return new HttpError(401, 'COMPANY_SIGN_IN_FAILED', messages.companySignInDenied);
    return failed();
  }

  return {
    /** The provider's address for a new sign-in by `browser` (the cookie's secret). */
    async start(input: { browser: string; redirectUri: string; returnTo: string }): Promise<string> {
      const now = new Date();
      const pending = {
        state: oidc.randomState(),
        nonce: oidc.randomNonce(),
        codeVerifier: oidc.randomPKCECodeVerifier(),
      };
      let url: string;
      try {
        url = await client.authorizationUrl({ redirectUri: input.redirectUri, ...pending });
      } catch (error) {
        throw refusal(error);
      }
      await signIns.add({
        ...pending,
        browser: input.browser,
        redirectUri: input.redirectUri,
        returnTo: input.returnTo,
        now,
        expiresAt: new Date(now.getTime() + SIGN_IN_MINUTES * 60_000),
      });
      return url;
    },

    /**
     * The provider's answer (the callback's query) from the browser `browser`: checked, and its outcome kept
     * for that browser to take. An answer without a state of this browser changes nothing. Returns the error
     * for the log, never for the browser.
     */
    async returned(query: URLSearchParams, browser: string | undefined, address: string): Promise<unknown> {
      const state = query.get('state');
      const pending = state && browser ? await signIns.claim(state, browser, new Date()) : undefined;
      if (!state || !pending) {
        await audit.record({
          accountId: null,
          action: 'auth.sign_in_failed',
          subject: { type: 'account', id: '' },
          details: { address, step: 'directory', reason: messages.companySignInFailed },
        });
        return new Error('no sign-in of this browser has this state');
      }
      try {
        const callback = new URL(pending.redirect_uri);
        callback.search = query.toString();
        const { claims, idToken } = await client.signedInClaims(callback, {
          state,
          nonce: pending.nonce,
          codeVerifier: pending.code_verifier,
        });
        const account = await accounts.admit(claims);
        await signIns.finish(state, { accountId: account.id, idToken });
        return undefined;
      } catch (error) {
        const answer = refusal(error);
        await signIns.finish(state, {
          error: JSON.stringify({ status: answer.statusCode, code: answer.code, message: answer.message }),
        });
        await audit.record({
          accountId: null,
          action: 'auth.sign_in_failed',
          subject: { type: 'account', id: '' },
          details: { address, step: 'directory', reason: answer.message },
        });
        return error;
      }
    },

    /** The browser's session from its finished sign-in, once; or the refusal it ended with. */
    async take(browser: string | undefined, address: string): Promise<CompanySignInSession> {
      const finished = browser ? await signIns.take(browser, new Date()) : undefined;
      if (!finished) throw failed();
      if (finished.stage === 'failed' || finished.account_id === null) throw refusalOf(finished.error);
      const account = await users.findById(finished.account_id);
      if (!account || account.disabled)
        throw new HttpError(403, 'ACCOUNT_DISABLED', messages.companyAccountDisabled);
      const token = await session.start(account, address, { by: 'directory' }, finished.id_token);
      return { token, return_to: finished.return_to };
    },
  };
}

/** The refusal kept by `returned`, answered again to the browser that takes it. */
function refusalOf(stored: string | null): HttpError {
  const { status, code, message } = JSON.parse(stored ?? '{}') as Partial<{
    status: number;
    code: ApiErrorCode;
    message: string;
  }>;
  return status && code && message ? new HttpError(status, code, message) : failed();
}

/** A fresh secret for the browser cookie that ties a sign-in to the browser that started it. */
export const newBrowserSecret = newToken;
