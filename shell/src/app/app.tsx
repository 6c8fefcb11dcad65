import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { Suspense, useState } from 'react';
import { createBrowserRouter, RouterProvider } from 'react-router-dom';
import { queryDefaults, sharedCatalogs, Spinner, ToastHost, useT } from 'shared-ui';
import { ErrorBoundary } from '../federation/error-boundary';
import { NavigationBridge } from './navigation-bridge';
import { AppRoutes } from './routes';
import './app.css';

const queryClient = new QueryClient({ defaultOptions: queryDefaults });

/**
 * The whole staff app: router, server state, every route. Loaded after sign-in, or at once with a token.
 * A data router, so a screen can hold the user back from leaving with unsaved changes (`useBlocker`).
 */
export function App() {
  // Created when the app starts, not when this module loads: sign-in rewrites the address just before.
  const [router] = useState(() =>
    createBrowserRouter([{ path: '*', element: <Root />, errorElement: <UnexpectedError /> }]),
  );
  return (
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
    </QueryClientProvider>
  );
}

function Root() {
  return (
    <>
      <NavigationBridge />
      {/* Last line of defence; each remote screen has its own boundary (docs/architecture.md#module-federation). */}
      <ErrorBoundary fallback={<UnexpectedError />}>
        {/* Signed in after choosing English or Polish on the login screen, the app's own texts arrive first. */}
        <Suspense fallback={<Spinner />}>
          <AppRoutes />
        </Suspense>
      </ErrorBoundary>
      <ToastHost />
    </>
  );
}

/**
 * From shared-ui's catalogs, which every language switch loads before it switches: the last fallback never waits
 * for a catalog, whose fetch may be what failed.
 */
function UnexpectedError() {
  const t = useT(sharedCatalogs);
  return (
    <main className="sh-config-error" role="alert">
      <p>{t('unexpectedError')}</p>
      <button type="button" className="sui-button" onClick={() => window.location.reload()}>
        {t('reload')}
      </button>
    </main>
  );
}
