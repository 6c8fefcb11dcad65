import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { BrowserRouter } from 'react-router-dom';
import { ToastHost } from 'shared-ui';
import { NavigationBridge } from './navigation-bridge';
import { AppRoutes } from './routes';
import './app.css';

export function App({ queryClient }: { queryClient: QueryClient }) {
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
