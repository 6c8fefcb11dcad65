import * as oidc from 'openid-client';
import type { DirectoryConfig } from '../../directory-config';
import { messages } from '../../messages';
import { BusyError, workQueue } from '../../plugins/busy';

/** Seconds any call to the provider may take; a provider that hangs must not hold a sign-in for long. */
const PROVIDER_TIMEOUT_SECONDS = 8;

/**
 * Exchanges with the provider at once from this instance; the rest wait their turn. 100 callbacks at once each
 * fetching the provider's description, keys and tokens made the provider answer some after the timeout, so
 * those sign-ins failed (api/src/modules/auth/directory-attacks.test.ts). The wait stays under the 10 s after
 * which a silent connection is closed (app.ts).
 */
const exchanges = workQueue({
  running: 8,
  waiting: 500,
  maxWaitMs: 9000,
  busy: () => new BusyError(messages.signInBusy, 5),
});

/** A failure to reach the provider, rather than an answer of it that the checks refused. */
const unreachable = (error: unknown) =>
  error instanceof Error &&
  (error.name === 'TimeoutError' ||
    error.name === 'AbortError' ||
    (error instanceof TypeError && 'cause' in error));

/** The provider could not be reached or did not describe itself (discovery failed). */
export class ProviderUnavailable extends Error {}

/**
 * The OpenID Connect client (openid-client, OpenID certified; docs/decisions/0029-company-account-sign-in.md).
 * The provider's description is read at each step rather than kept: sign-ins are rare, and a provider that
 * rotates its keys or endpoints is then followed without a restart.
 */
export function directoryClient(config: DirectoryConfig) {
  async function discover() {
    const execute = [oidc.enableNonRepudiationChecks];
    // directory-config.ts allows http only for a provider on this machine.
    if (config.issuer.protocol === 'http:') execute.push(oidc.allowInsecureRequests);
    try {
      return await oidc.discovery(config.issuer, config.clientId, config.clientSecret, undefined, {
        execute,
        timeout: PROVIDER_TIMEOUT_SECONDS,
      });
    } catch (error) {
      throw new ProviderUnavailable('discovery failed', { cause: error });
    }
  }

  return {
    /** The provider's address to send the browser to, bound to `state`, `nonce` and the PKCE verifier. */
    authorizationUrl: (input: { redirectUri: string; state: string; nonce: string; codeVerifier: string }) =>
      exchanges.run(async () => {
        const provider = await discover();
        return oidc.buildAuthorizationUrl(provider, {
          redirect_uri: input.redirectUri,
          scope: config.scopes,
          state: input.state,
          nonce: input.nonce,
          code_challenge: await oidc.calculatePKCECodeChallenge(input.codeVerifier),
          code_challenge_method: 'S256',
        }).href;
      }),

    /**
     * Trades the code of the provider's answer (`callbackUrl`) for tokens and checks the ID token: signature by
     * the provider's published keys, issuer, audience, expiry, nonce; the library refuses `alg: none`.
     */
    signedInClaims: (
      callbackUrl: URL,
      checks: { state: string; nonce: string; codeVerifier: string },
    ): Promise<{ claims: Record<string, unknown>; idToken: string }> =>
      exchanges.run(async () => {
        const provider = await discover();
        try {
          const tokens = await oidc.authorizationCodeGrant(provider, callbackUrl, {
            expectedState: checks.state,
            expectedNonce: checks.nonce,
            pkceCodeVerifier: checks.codeVerifier,
            idTokenExpected: true,
          });
          return { claims: { ...tokens.claims()! }, idToken: tokens.id_token! };
        } catch (error) {
          if (unreachable(error)) throw new ProviderUnavailable('token exchange failed', { cause: error });
          throw error;
        }
      }),

    /** The provider's sign-out address, or null when it offers none (RP-initiated logout). */
    async signOutUrl(idToken: string, afterSignOut: string): Promise<string | null> {
      const provider = await discover();
      if (!provider.serverMetadata().end_session_endpoint) return null;
      return oidc.buildEndSessionUrl(provider, {
        id_token_hint: idToken,
        post_logout_redirect_uri: afterSignOut,
      }).href;
    },
  };
}

export type DirectoryClient = ReturnType<typeof directoryClient>;
export { AuthorizationResponseError } from 'openid-client';
