import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { staffRoutes } from 'contracts';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { BrowserRouter, Route, Routes } from 'react-router-dom';
import { loadConfig, ToastHost, queryDefaults } from 'shared-ui';
import MachineFormPage from './features/machine-form/components/machine-form-page';
import MachineListPage from './app/machine-list-page';
import './styles/remote.css';

/**
 * Dev page of this remote alone (`npm run dev -w mfe-machines`): the exposed screens at the shell's paths.
 * Sign in through the shell (or put a token into localStorage['token']) first.
 */
await loadConfig();
createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <QueryClientProvider client={new QueryClient({ defaultOptions: queryDefaults })}>
      <BrowserRouter>
        <main className="mach-dev-page">
          <Routes>
            <Route path="/" element={<MachineListPage />} />
            <Route path={staffRoutes.machineNew} element={<MachineFormPage />} />
            <Route path={staffRoutes.machineEdit} element={<MachineFormPage />} />
          </Routes>
        </main>
        <ToastHost />
      </BrowserRouter>
    </QueryClientProvider>
  </StrictMode>,
);
