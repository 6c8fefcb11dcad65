import type { App } from '../app';
import { loadConfig } from '../config';
import { createTestApp, type Kind } from './harness';
import { CLIENT, type OpenIdProvider } from './openid-provider';

/** What the app's redirect URI is when a test calls it through `app.inject` (its default host). */
export const INJECT_ORIGIN = 'http://localhost:80';

/**
 * One browser of the API tests: its cookies at the provider (a jar), and the app's sign-in cookie. It goes
 * through the provider's own login and consent pages as a person would, and through the app by `inject`.
 */
export function directoryBrowser(app: App) {
  const jar = new Map<string, string>();
  let appCookie = '';

  async function visit(url: string, init: RequestInit = {}) {
    const response = await fetch(url, {
      ...init,
      redirect: 'manual',
      headers: {
        ...(init.headers as Record<string, string>),
        cookie: [...jar].map(([k, v]) => `${k}=${v}`).join('; '),
      },
    });
    for (const line of response.headers.getSetCookie()) {
      const [pair] = line.split(';');
      const cut = pair.indexOf('=');
      const value = pair.slice(cut + 1);
      if (!value || /max-age=0|expires=thu, 01 jan 1970/i.test(line)) jar.delete(pair.slice(0, cut));
      else jar.set(pair.slice(0, cut), value);
    }
    return response;
  }

  /** Follows the provider until it sends the browser back to the app; that address is returned. */
  async function atProvider(authorizationUrl: string, login: string, options: { abort?: boolean } = {}) {
    let response = await visit(authorizationUrl);
    let current = authorizationUrl;
    for (let step = 0; step < 20; step++) {
      const location = response.headers.get('location');
      if (location) {
        const next = new URL(location, current).href;
        if (next.startsWith(INJECT_ORIGIN) || next.startsWith('http://localhost/')) return next;
        current = next;
        response = await visit(next);
        continue;
      }
      const page = await response.text();
      const action = new URL(/action="([^"]+)"/.exec(page)?.[1] ?? '', current).href;
      const prompt = /name="prompt" value="(\w+)"/.exec(page)?.[1];
      if (options.abort) {
        current = `${action}/abort`;
        response = await visit(current);
        continue;
      }
      const form: Record<string, string> =
        prompt === 'login' ? { prompt, login, password: 'beliebig' } : { prompt: prompt ?? '' };
      response = await visit(action, {
        method: 'POST',
        body: new URLSearchParams(form).toString(),
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
      });
    }
    throw new Error('the provider never sent the browser back');
  }

  return {
    jar,
    get appCookie() {
      return appCookie;
    },
    set appCookie(value: string) {
      appCookie = value;
    },

    async start(returnTo?: string) {
      const response = await app.inject({
        method: 'POST',
        url: '/api/oidc/start',
        payload: returnTo === undefined ? {} : { return_to: returnTo },
      });
      const cookie = response.headers['set-cookie'];
      if (typeof cookie === 'string') appCookie = cookie.split(';')[0];
      return response;
    },

    atProvider,

    /** The provider's redirect back, as the browser follows it (with its cookie). */
    callback(callbackUrl: string, cookie = appCookie) {
      const url = new URL(callbackUrl);
      return app.inject({ method: 'GET', url: url.pathname + url.search, headers: { cookie } });
    },

    take(cookie = appCookie) {
      return app.inject({ method: 'POST', url: '/api/oidc/session', headers: { cookie } });
    },

    /** The whole sign-in of `login`: start, the provider's pages, back, and taking the session. */
    async signIn(login: string, returnTo?: string) {
      const started = await this.start(returnTo);
      const back = await atProvider(started.json().url, login);
      await this.callback(back);
      return this.take();
    },
  };
}

/**
 * A test app whose company account is the loopback provider `op`, with the role map of the README's example
 * and two odd group names.
 */
export async function createDirectoryTestApp(kind: Kind, op: OpenIdProvider, roleMap = DEFAULT_ROLE_MAP) {
  const directory = loadConfig({
    OIDC_ISSUER: op.issuer,
    OIDC_CLIENT_ID: CLIENT.id,
    OIDC_CLIENT_SECRET: CLIENT.secret,
    OIDC_ROLE_MAP: roleMap,
  }).directory;
  return createTestApp(kind, { directory });
}

export const DEFAULT_ROLE_MAP = 'QS-Freigabe=freigabe,Pruefer=pruefer,IT-Admins=admin';
