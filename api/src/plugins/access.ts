import { allows, type ApiErrorCode, type RoleNeed } from 'contracts';
import type { FastifyRequest, RouteOptions } from 'fastify';
import { HttpError } from '../errors';
import { messages } from '../messages';
import type { AuthService } from '../modules/auth/auth.service';
import type { SignedIn } from '../modules/auth/sessions';
import { tokenOf, unauthorized } from './authenticate';
import { answerIn } from './request-language';

/**
 * Who may call a route, declared in its `config.access` (docs/architecture.md#accounts-and-roles):
 * - `public`: anybody, no token;
 * - `session`: any signed-in account, even one that must first change its password or set up two-factor
 *   sign-in (sign-out, its own account);
 * - a need of contracts ROLE_NEEDS (`read`, `certify`, `revise`, `release`, `catalogue`, `administer`, `audit`):
 *   a signed-in account with nothing left to set up and a role that allows it.
 */
export type Access = 'public' | 'session' | RoleNeed;

declare module 'fastify' {
  interface FastifyContextConfig {
    access?: Access;
  }
  interface FastifyRequest {
    /** The signed-in account of a route that needs one. */
    account?: SignedIn;
    accountId?: number;
  }
}

/**
 * A route under /api without `config.access` stops the app at start, so every test fails until it says who
 * may call it. CORS preflights carry no credentials and are answered by @fastify/cors.
 */
export function assertRouteAccess(route: RouteOptions) {
  if (route.method === 'OPTIONS') return;
  if (!route.config?.access) throw new Error(`${String(route.method)} ${route.url} has no config.access`);
}

const forbidden = (code: ApiErrorCode, message: string) => new HttpError(403, code, message);

/** For a route whose body decides what it needs: the same 403 as a route's own access. */
export function assertAllowed(account: SignedIn, need: RoleNeed) {
  if (!allows(account.roles, need)) throw forbidden('FORBIDDEN', messages.forbidden(need));
}

/** Checks the caller against the route's access on every request: the roles are read with the session. */
export function checkAccess(auth: AuthService) {
  return async (request: FastifyRequest) => {
    const access = request.routeOptions.config.access;
    // No access: a preflight or an address without a route (answered 404).
    if (!access || access === 'public') return;
    const token = tokenOf(request);
    const account = token ? await auth.resolve(token) : undefined;
    if (!account) throw unauthorized();
    request.account = account;
    request.accountId = account.id;
    answerIn(request, account.language);
    if (access === 'session') return;
    if (account.mustChangePassword)
      throw forbidden('PASSWORD_CHANGE_REQUIRED', messages.passwordChangeRequired);
    if (account.twoFactorMissing) throw forbidden('TWO_FACTOR_REQUIRED', messages.twoFactorRequired);
    assertAllowed(account, access);
  };
}
