import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import type { ReactElement } from 'react';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router-dom';
import { setConfig, ToastHost } from 'shared-ui';

setConfig({
  apiBase: '/api',
  webBase: 'http://localhost',
  remotes: { certificates: '', machines: '', landing: '' },
  labelPrintUrl: null,
  companyName: '',
  companyAddress: '',
});

function Location() {
  const location = useLocation();
  return <output data-testid="location">{location.pathname + location.search}</output>;
}

/** A screen inside the providers the shell gives it: router (at `path`), fresh query cache, toasts. */
export function renderScreen(
  screen: ReactElement,
  { path = '/', route }: { path?: string; route?: string } = {},
) {
  const client = new QueryClient({
    defaultOptions: { queries: { retry: false }, mutations: { retry: false } },
  });
  return render(
    <QueryClientProvider client={client}>
      <MemoryRouter initialEntries={[path]}>
        <Routes>
          <Route path={route ?? path} element={screen} />
          <Route path="*" element={null} />
        </Routes>
        <Location />
        <ToastHost />
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

/** What axios rejects with when the API answers with an error envelope. */
export function apiError(status: number, message: string, fields?: Record<string, string>) {
  return Object.assign(new Error(message), {
    isAxiosError: true,
    response: { status, data: { error: { code: 'E', message, ...(fields && { fields }) } } },
  });
}
