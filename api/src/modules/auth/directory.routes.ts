import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import {
  ApiError,
  COMPANY_SIGN_IN_CALLBACK,
  COMPANY_SIGN_IN_RETURNED,
  CompanySignInSession,
  CompanySignInStart,
  CompanySignInStartBody,
  CompanySignOut,
} from 'contracts';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Services } from '../../dependencies';
import { notFound } from '../../errors';
import { messages } from '../../messages';
import { tokenOf, unauthorized } from '../../plugins/authenticate';
import { SIGN_IN_MINUTES, newBrowserSecret } from './directory-sign-in';

/** The cookie that ties a sign-in to the browser that started it; sent only to these routes. */
const COOKIE = 'pb_oidc';
const COOKIE_PATH = '/api/oidc';
const COOKIE_VALUE = /(?:^|;\s*)pb_oidc=([A-Za-z0-9_-]{43})(?:;|$)/;

const browserOf = (request: FastifyRequest) => COOKIE_VALUE.exec(request.headers.cookie ?? '')?.[1];

/**
 * Lax: the browser sends it on the provider's redirect back (a top-level GET from another site) and on the
 * login page's own call, never on another site's POST.
 */
function setCookie(reply: FastifyReply, request: FastifyRequest, value: string, seconds: number) {
  const secure = request.protocol === 'https' ? '; Secure' : '';
  reply.header(
    'Set-Cookie',
    `${COOKIE}=${value}; Path=${COOKIE_PATH}; Max-Age=${seconds}; HttpOnly; SameSite=Lax${secure}`,
  );
}

/** This instance as the browser reached it (X-Forwarded-* only from proxies named in TRUST_PROXY). */
const originOf = (request: FastifyRequest) => `${request.protocol}://${request.host}`;

/** Any answer of the provider: its parameters are read and checked by openid-client, not by a schema. */
const CallbackQuery = Type.Object(
  {
    state: Type.Optional(Type.String({ maxLength: 2000 })),
    code: Type.Optional(Type.String({ maxLength: 4000 })),
    error: Type.Optional(Type.String({ maxLength: 2000 })),
  },
  { additionalProperties: Type.String({ maxLength: 4000 }) },
);

const errors = { 400: ApiError, 401: ApiError, 403: ApiError, 404: ApiError, 409: ApiError, 503: ApiError };

/** Sign-in with the company account (docs/decisions/0029-company-account-sign-in.md); 404 when not configured. */
const directoryRoutes: FastifyPluginAsyncTypebox<{ services: Services }> = async (app, { services }) => {
  const configured = () => {
    if (!services.auth.directory) throw notFound(messages.companySignInOff);
    return services.auth.directory;
  };
  const publicAccess = { access: 'public' } as const;

  app.post(
    '/oidc/start',
    {
      config: publicAccess,
      schema: { body: CompanySignInStartBody, response: { 200: CompanySignInStart, ...errors } },
    },
    async (request, reply) => {
      const directory = configured();
      const browser = newBrowserSecret();
      const url = await directory.start({
        browser,
        // In URL's spelling (no default port), the one the provider and openid-client compare.
        redirectUri: new URL(`/api${COMPANY_SIGN_IN_CALLBACK}`, originOf(request)).href,
        returnTo: request.body?.return_to ?? '/',
      });
      setCookie(reply, request, browser, SIGN_IN_MINUTES * 60);
      return { url };
    },
  );

  // The browser comes back from the provider: whatever the answer, it goes on to the login page, which takes
  // the outcome with its cookie. Nothing about the outcome goes into the address.
  app.get(
    COMPANY_SIGN_IN_CALLBACK,
    {
      config: publicAccess,
      schema: { querystring: CallbackQuery, response: { 303: Type.Null(), ...errors } },
    },
    async (request, reply) => {
      const directory = configured();
      const query = new URL(request.url, 'http://callback').searchParams;
      const refused = await directory.returned(query, browserOf(request), request.ip);
      if (refused) request.log.warn({ reason: (refused as Error).message }, 'company sign-in refused');
      return reply.redirect(`/login?${COMPANY_SIGN_IN_RETURNED}=1`, 303);
    },
  );

  app.post(
    '/oidc/session',
    { config: publicAccess, schema: { response: { 200: CompanySignInSession, ...errors } } },
    async (request, reply) => {
      const directory = configured();
      setCookie(reply, request, '', 0);
      return directory.take(browserOf(request), request.ip);
    },
  );

  app.post(
    '/oidc/logout',
    { config: { access: 'session' }, schema: { response: { 200: CompanySignOut, ...errors } } },
    async (request) => {
      const directory = configured();
      const token = tokenOf(request);
      if (!token) throw unauthorized();
      const afterSignOut = new URL('/login', originOf(request)).href;
      return { url: await directory.signOut(token, request.account!.sessionId, afterSignOut) };
    },
  );
};

export default directoryRoutes;
