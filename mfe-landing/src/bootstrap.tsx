import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { BrowserRouter, Route, Routes } from 'react-router-dom';
import { loadConfig, queryDefaults } from 'shared-ui';
import Landing from './features/landing/components/landing-page';

/** Dev page of this remote alone (`npm run dev -w mfe-landing`): the exposed screen without the shell. */
await loadConfig();
createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <QueryClientProvider client={new QueryClient({ defaultOptions: queryDefaults })}>
      <BrowserRouter>
        <Routes>
          <Route path="/landing/:id/:serial?" element={<Landing />} />
          <Route path="*" element={<Landing />} />
        </Routes>
      </BrowserRouter>
    </QueryClientProvider>
  </StrictMode>,
);
