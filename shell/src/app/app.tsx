import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { BrowserRouter } from 'react-router-dom';
import { queryDefaults, ToastHost } from 'shared-ui';
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
        <AppRoutes />
        <ToastHost />
      </BrowserRouter>
    </QueryClientProvider>
  );
}
