import { registerPlugins } from '@module-federation/enhanced/runtime';
import { COMPANY_SIGN_IN_RETURNED, pickStaffLanguage, RuntimeConfigError } from 'contracts';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import {
  enablePseudoLanguage,
  getToken,
  loadConfig,
  setLanguage,
  sharedCatalogs,
  ToastHost,
} from 'shared-ui';
import { LoginPage } from './features/auth/components/login-page';
import { RETURN_STATE_KEY, returnPath } from './features/auth/return-path';
import { registerRemotesFromConfig } from './federation/remotes';
import RemoteUnavailable from './federation/remote-unavailable';
import { fallbackPlugin, retryPlugin, sharedVersionPlugin } from './federation/runtime-plugins';

const root = createRoot(document.getElementById('root')!);

/** Pages anyone may open; everything else needs the token. */
const PUBLIC_PATHS = /^\/landing(\/|$)/;

/** The staff app with its router and server state, in its own chunk. */
async function startApp() {
  const { App } = await import('./app/app');
  root.render(
    <StrictMode>
      <App />
    </StrictMode>,
  );
}

/**
 * A signed-out user gets the sign-in form alone, so the login screen does not wait for react-router,
 * TanStack Query or any remote (docs/architecture.md#budgets: ≤ 150 KB). Any staff URL becomes `/login`, replacing the
 * history entry and keeping the URL in it; after signing in the app starts there (a deep link survives).
 */
async function showLogin() {
  // Before sign-in the browser's language decides; German stays when another catalog cannot be fetched.
  await setLanguage(pickStaffLanguage(navigator.languages)).catch(() => undefined);
  const { pathname, search, hash } = window.location;
  // Back from the company account's provider (docs/decisions/0029-company-account-sign-in.md).
  const companyReturned = pathname === '/login' && new URLSearchParams(search).has(COMPANY_SIGN_IN_RETURNED);
  const kept = (window.history.state as Record<string, unknown> | null)?.[RETURN_STATE_KEY];
  const wanted = pathname === '/login' ? (typeof kept === 'string' ? kept : null) : pathname + search + hash;
  window.history.replaceState({ [RETURN_STATE_KEY]: wanted }, '', '/login');
  const signedIn = (companyWanted?: string) => {
    window.history.replaceState(null, '', returnPath(companyWanted ?? wanted));
    void startApp();
  };
  root.render(
    <StrictMode>
      <LoginPage onSignedIn={signedIn} returnTo={returnPath(wanted)} companyReturned={companyReturned} />
      <ToastHost />
    </StrictMode>,
  );
}

/**
 * Set only by e2e/tests/pseudo-language.spec.ts, never by the app: German shown as long, accented pseudo text, to
 * find text a longer translation would clip (enablePseudoLanguage, shared-ui/src/i18n/i18n.ts).
 */
const PSEUDO_LANGUAGE_KEY = 'pruefbericht.pseudo';

async function start() {
  if (localStorage.getItem(PSEUDO_LANGUAGE_KEY) === '1') await enablePseudoLanguage();
  try {
    const config = await loadConfig();
    registerPlugins([retryPlugin(), sharedVersionPlugin(), fallbackPlugin(RemoteUnavailable)]);
    registerRemotesFromConfig(config);
  } catch (error) {
    console.error(error);
    root.render(
      <main className="sh-config-error" role="alert">
        <p>{sharedCatalogs.t('configFailed')}</p>
        {/* A wrong config names its fields, so whoever deployed it sees what to fix. */}
        {error instanceof RuntimeConfigError && <p className="sh-config-error__detail">{error.message}</p>}
        <button type="button" className="sui-button" onClick={() => window.location.reload()}>
          {sharedCatalogs.t('retry')}
        </button>
      </main>,
    );
    return;
  }
  if (getToken() || PUBLIC_PATHS.test(window.location.pathname)) await startApp();
  else await showLogin();
}

void start();
