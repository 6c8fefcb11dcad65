import { COMPANY_SIGN_IN_DEFAULT_LABEL } from 'contracts';
import { secretVariable } from './secret-variable';
import { parseRoleMap, type RoleMap } from './modules/auth/directory-role-map';

/** Sign-in with the company account (docs/decisions/0029-company-account-sign-in.md); null without OIDC_ISSUER. */
export interface DirectoryConfig {
  /** The issuer as the provider names itself; discovery reads `<issuer>/.well-known/openid-configuration`. */
  issuer: URL;
  clientId: string;
  clientSecret: string;
  scopes: string;
  rolesClaim: string;
  roleMap: RoleMap;
  buttonLabel: string;
}

const LOOPBACK = new Set(['localhost', '127.0.0.1', '[::1]']);

class DirectoryConfigError extends Error {}

/** Plain http only to a provider on this machine (a test or a local Keycloak); anywhere else https. */
function issuer(raw: string): URL {
  const url = URL.canParse(raw) ? new URL(raw) : null;
  const secure = url?.protocol === 'https:' || (url?.protocol === 'http:' && LOOPBACK.has(url.hostname));
  if (!url || !secure || url.search || url.hash || url.username)
    throw new DirectoryConfigError(
      `OIDC_ISSUER muss eine https-Adresse ohne Abfrage sein (http nur für localhost), ist aber „${raw}“`,
    );
  return url;
}

/** OIDC_CLIENT_SECRET, or OIDC_CLIENT_SECRET_FILE like every secret (secret-variable.ts). */
function clientSecret(env: NodeJS.ProcessEnv): string {
  const inline = secretVariable(env, 'OIDC_CLIENT_SECRET')?.trim();
  if (!inline)
    throw new DirectoryConfigError(
      'Mit OIDC_ISSUER braucht es OIDC_CLIENT_SECRET oder OIDC_CLIENT_SECRET_FILE (die App meldet sich als vertraulicher Client an)',
    );
  return inline;
}

/**
 * The OIDC_* variables, checked at start-up; `fail` turns a German sentence into the start-up error of
 * config.ts. Without OIDC_ISSUER every other OIDC_* variable is ignored and nothing changes.
 */
export function directoryConfig(
  env: NodeJS.ProcessEnv,
  fail: (message: string) => Error,
): DirectoryConfig | null {
  const rawIssuer = env.OIDC_ISSUER?.trim();
  if (!rawIssuer) return null;
  try {
    const clientId = env.OIDC_CLIENT_ID?.trim();
    if (!clientId) throw new DirectoryConfigError('Mit OIDC_ISSUER braucht es OIDC_CLIENT_ID');
    const scopes = env.OIDC_SCOPES?.trim() || 'openid email profile';
    if (!scopes.split(/\s+/).includes('openid'))
      throw new DirectoryConfigError(`OIDC_SCOPES muss „openid“ enthalten, ist aber „${scopes}“`);
    const rawMap = env.OIDC_ROLE_MAP?.trim();
    if (!rawMap)
      throw new DirectoryConfigError(
        'Mit OIDC_ISSUER braucht es OIDC_ROLE_MAP, z. B. QS-Freigabe=freigabe,Pruefer=pruefer,IT-Admins=admin',
      );
    let roleMap: RoleMap;
    try {
      roleMap = parseRoleMap(rawMap);
    } catch (error) {
      throw new DirectoryConfigError(`OIDC_ROLE_MAP ${(error as Error).message}`);
    }
    const buttonLabel = env.OIDC_BUTTON_LABEL?.trim() || COMPANY_SIGN_IN_DEFAULT_LABEL;
    if (buttonLabel.length > 60)
      throw new DirectoryConfigError('OIDC_BUTTON_LABEL darf höchstens 60 Zeichen lang sein');
    return {
      issuer: issuer(rawIssuer),
      clientId,
      clientSecret: clientSecret(env),
      scopes,
      rolesClaim: env.OIDC_ROLES_CLAIM?.trim() || 'groups',
      roleMap,
      buttonLabel,
    };
  } catch (error) {
    if (error instanceof DirectoryConfigError) throw fail(error.message);
    throw error;
  }
}
