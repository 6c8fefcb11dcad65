import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { staffRoutes } from 'contracts';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { createBrowserRouter, Outlet, RouterProvider } from 'react-router-dom';
import { loadConfig, ToastHost, queryDefaults } from 'shared-ui';
import MachineFormPage from './features/machine-form/components/machine-form-page';
import MachineListPage from './features/machine-list/components/machine-list-page';
import './styles/remote.css';

/**
 * Dev page of this remote alone (`npm run dev -w mfe-machines`): the exposed screens at the shell's paths.
 * Sign in through the shell (or put a token into localStorage['token']) first.
 */
await loadConfig();
// A data router, as in the shell: the machine form holds the user back from leaving with unsaved changes.
const router = createBrowserRouter([
  {
    element: (
      <>
        <main className="mach-dev-page">
          <Outlet />
        </main>
        <ToastHost />
      </>
    ),
    children: [
      { path: '/', element: <MachineListPage /> },
      { path: staffRoutes.machineNew, element: <MachineFormPage /> },
      { path: staffRoutes.machineEdit, element: <MachineFormPage /> },
    ],
  },
]);
createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <QueryClientProvider client={new QueryClient({ defaultOptions: queryDefaults })}>
      <RouterProvider router={router} />
    </QueryClientProvider>
  </StrictMode>,
);
