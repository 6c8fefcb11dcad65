import http from 'node:http';
import type { AddressInfo } from 'node:net';
import * as jose from 'jose';
import Provider from 'oidc-provider';

/** A person of the test directory: the claims its ID tokens carry besides `sub`. */
export type DirectoryPerson = Record<string, unknown>;

export const CLIENT = { id: 'pruefbericht', secret: 'geheimnis-des-clients-0123456789' };

/**
 * A real OpenID provider (oidc-provider, OpenID certified) on loopback, with its own login and consent pages
 * (devInteractions: any password signs in the login name as typed). `people` is the directory: change a
 * person's groups and the next sign-in sees them. `tamper`, when set, rewrites the ID token on its way from
 * the token endpoint, as an attacker between provider and app would.
 */
export async function startOpenIdProvider(redirectOrigins: string[] = []) {
  const people = new Map<string, DirectoryPerson>();
  const { privateKey } = await jose.generateKeyPair('RS256', { extractable: true });
  const signingJwk = {
    ...(await jose.exportJWK(privateKey)),
    kid: 'directory-key',
    alg: 'RS256',
    use: 'sig',
  };
  let tamper: ((idToken: string) => Promise<string>) | undefined;
  let handler: http.RequestListener = (_request, response) => response.end();
  const server = http.createServer((request, response) => {
    if (tamper && request.url?.startsWith('/token')) rewriteIdToken(response, tamper);
    handler(request, response);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const issuer = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const serve = (origins: string[]) => {
    const provider = new Provider(issuer, {
      clients: [
        {
          client_id: CLIENT.id,
          client_secret: CLIENT.secret,
          token_endpoint_auth_method: 'client_secret_post',
          redirect_uris: origins.map((origin) => `${origin}/api/oidc/callback`),
          post_logout_redirect_uris: origins.map((origin) => `${origin}/login`),
        },
      ],
      jwks: { keys: [signingJwk] },
      cookies: { keys: ['cookie-key-of-the-test-provider'] },
      claims: {
        openid: ['sub', 'groups'],
        email: ['email', 'email_verified'],
        profile: ['name', 'given_name', 'family_name'],
      },
      // Entra ID and Keycloak put the requested claims into the ID token, which is what the app reads.
      conformIdTokenClaims: false,
      pkce: { required: () => true },
      // Long enough for a test that collects 100 codes before it delivers them.
      ttl: {
        AuthorizationCode: 600,
        Interaction: 3600,
        Session: 86400,
        Grant: 86400,
        IdToken: 3600,
        AccessToken: 3600,
      },
      async findAccount(_ctx, id) {
        const person = people.get(id);
        if (!person) return undefined;
        return { accountId: id, claims: async () => ({ sub: id, ...person }) };
      },
    });
    handler = provider.callback();
    return provider;
  };
  serve(redirectOrigins);

  /** An ID token signed as the provider signs (or with `key`), with the claims of `token` changed. */
  async function resign(token: string, change: Record<string, unknown>, key = privateKey) {
    const claims = { ...jose.decodeJwt(token), ...change };
    return new jose.SignJWT(claims).setProtectedHeader({ alg: 'RS256', kid: 'directory-key' }).sign(key);
  }

  return {
    issuer,
    people,
    resign,
    /** Registers the app at these origins anew (an e2e server learns its port after the provider's). */
    allowOrigins: (origins: string[]) => void serve(origins),
    setTamper(rewrite: typeof tamper) {
      tamper = rewrite;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

export type OpenIdProvider = Awaited<ReturnType<typeof startOpenIdProvider>>;

/** Replaces the `id_token` of the token endpoint's JSON answer before it leaves the provider. */
function rewriteIdToken(response: http.ServerResponse, rewrite: (idToken: string) => Promise<string>) {
  const end = response.end.bind(response) as (chunk?: unknown) => http.ServerResponse;
  response.end = ((chunk?: unknown) => {
    const text = chunk ? chunk.toString() : '';
    let body: { id_token?: string };
    try {
      body = JSON.parse(text);
    } catch {
      return end(chunk);
    }
    if (!body.id_token) return end(chunk);
    void rewrite(body.id_token).then((idToken) => {
      const out = JSON.stringify({ ...body, id_token: idToken });
      response.setHeader('content-length', Buffer.byteLength(out));
      end(out);
    });
    return response;
  }) as typeof response.end;
}
