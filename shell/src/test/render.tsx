import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, render } from '@testing-library/react';
import type { ReactNode } from 'react';
import { MemoryRouter, Routes, useLocation } from 'react-router-dom';
import { setConfig, ToastHost, type RuntimeConfig } from 'shared-ui';

export const testConfig: RuntimeConfig = {
  apiBase: '/api',
  webBase: 'http://localhost',
  remotes: { certificates: '/c.json', machines: '/m.json', landing: '/l.json' },
  labelPrintUrl: null,
  companyName: 'BDS Maschinen GmbH',
  companyAddress: 'Mönchengladbach',
};

/** Shows where the router is, so tests can assert navigation. */
function LocationProbe() {
  const location = useLocation();
  return <output data-testid="location">{location.pathname + location.search}</output>;
}

function tree(initial: string, routes: ReactNode, config: Partial<RuntimeConfig> = {}) {
  setConfig({ ...testConfig, ...config });
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return (
    <QueryClientProvider client={queryClient}>
      <MemoryRouter initialEntries={[initial]}>
        <Routes>{routes}</Routes>
        <LocationProbe />
        <ToastHost />
      </MemoryRouter>
    </QueryClientProvider>
  );
}

export function renderAt(initial: string, routes: ReactNode, config: Partial<RuntimeConfig> = {}) {
  return render(tree(initial, routes, config));
}

/** For screens that suspend: React 19 resumes `use()` only inside an awaited act scope. */
export async function renderAtAsync(initial: string, routes: ReactNode, config: Partial<RuntimeConfig> = {}) {
  await act(async () => {
    render(tree(initial, routes, config));
  });
}
