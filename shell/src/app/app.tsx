import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { BrowserRouter } from 'react-router-dom';
import { messages, queryDefaults, ToastHost } from 'shared-ui';
import { ErrorBoundary } from '../federation/error-boundary';
import { NavigationBridge } from './navigation-bridge';
import { AppRoutes } from './routes';
import './app.css';

const queryClient = new QueryClient({ defaultOptions: queryDefaults });

/** The whole staff app: router, server state, every route. Loaded after sign-in, or at once with a token. */
export function App() {
  return (
    <QueryClientProvider client={queryClient}>
      <BrowserRouter>
        <NavigationBridge />
        {/* Last line of defence; each remote screen has its own boundary (docs/architecture.md#module-federation). */}
        <ErrorBoundary fallback={<UnexpectedError />}>
          <AppRoutes />
        </ErrorBoundary>
        <ToastHost />
      </BrowserRouter>
    </QueryClientProvider>
  );
}

function UnexpectedError() {
  return (
    <main className="sh-config-error" role="alert">
      <p>{messages.unexpectedError}</p>
      <button type="button" className="sui-button" onClick={() => window.location.reload()}>
        {messages.reload}
      </button>
    </main>
  );
}
