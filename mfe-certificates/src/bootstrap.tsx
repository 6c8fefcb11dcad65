import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { staffRoutes } from 'contracts';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { BrowserRouter, Route, Routes } from 'react-router-dom';
import { loadConfig, ToastHost, queryDefaults } from 'shared-ui';
import CertificateCreatePage from './features/certificate-create/components/certificate-create-page';
import CertificateListPage from './features/certificate-list/components/certificate-list-page';
import CertificatePrintPage from './features/certificate-print/components/certificate-print-page';
import LabelsPage from './features/labels/components/labels-page';
import './styles/remote.css';

/**
 * Dev page of this remote alone (`npm run dev -w mfe-certificates`): the exposed screens at the shell's paths.
 * Sign in through the shell (or put a token into localStorage['token']) first.
 */
await loadConfig();
createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <QueryClientProvider client={new QueryClient({ defaultOptions: queryDefaults })}>
      <BrowserRouter>
        <main className="cert-dev-page">
          <Routes>
            <Route path="/" element={<CertificateCreatePage />} />
            <Route path="/list" element={<CertificateListPage />} />
            <Route path={staffRoutes.certificatePrint} element={<CertificatePrintPage />} />
            <Route path={staffRoutes.labels} element={<LabelsPage />} />
          </Routes>
        </main>
        <ToastHost />
      </BrowserRouter>
    </QueryClientProvider>
  </StrictMode>,
);
