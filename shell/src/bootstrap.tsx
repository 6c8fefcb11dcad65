import { registerPlugins } from '@module-federation/enhanced/runtime';
import { RuntimeConfigError } from 'contracts';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { getToken, loadConfig, messages, ToastHost } from 'shared-ui';
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
function showLogin() {
  const { pathname, search, hash } = window.location;
  const kept = (window.history.state as Record<string, unknown> | null)?.[RETURN_STATE_KEY];
  const wanted = pathname === '/login' ? (typeof kept === 'string' ? kept : null) : pathname + search + hash;
  window.history.replaceState({ [RETURN_STATE_KEY]: wanted }, '', '/login');
  const signedIn = () => {
    window.history.replaceState(null, '', returnPath(wanted));
    void startApp();
  };
  root.render(
    <StrictMode>
      <LoginPage onSignedIn={signedIn} />
      <ToastHost />
    </StrictMode>,
  );
}

async function start() {
  try {
    const config = await loadConfig();
    registerPlugins([retryPlugin(), sharedVersionPlugin(), fallbackPlugin(RemoteUnavailable)]);
    registerRemotesFromConfig(config);
  } catch (error) {
    console.error(error);
    root.render(
      <main className="sh-config-error" role="alert">
        <p>{messages.configFailed}</p>
        {/* A wrong config names its fields, so whoever deployed it sees what to fix. */}
        {error instanceof RuntimeConfigError && <p className="sh-config-error__detail">{error.message}</p>}
        <button type="button" className="sui-button" onClick={() => window.location.reload()}>
          {messages.retry}
        </button>
      </main>,
    );
    return;
  }
  if (getToken() || PUBLIC_PATHS.test(window.location.pathname)) await startApp();
  else showLogin();
}

void start();
