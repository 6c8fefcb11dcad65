import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, render } from '@testing-library/react';
import type { ReactNode } from 'react';
import { MemoryRouter, Routes, useLocation } from 'react-router-dom';
import { queryKeys, type Me } from 'contracts';
import { setConfig, ToastHost, type RuntimeConfig } from 'shared-ui';

export const testConfig: RuntimeConfig = {
  apiBase: '/api',
  webBase: 'http://localhost',
  remotes: { certificates: '/c.json', machines: '/m.json', landing: '/l.json' },
  labelPrintUrl: null,
  companyName: 'BDS Maschinen GmbH',
  companyAddress: 'Mönchengladbach',
};

/** The signed-in account of a test: an administrator, who sees everything, unless a test says otherwise. */
export const testMe: Me = {
  id: 1,
  email: 'chef@example.com',
  name: 'Chef',
  roles: ['admin'],
  must_change_password: false,
  two_factor: false,
  two_factor_required: false,
  language: 'de',
};

/** Shows where the router is, so tests can assert navigation. */
function LocationProbe() {
  const location = useLocation();
  return <output data-testid="location">{location.pathname + location.search}</output>;
}

function tree(initial: string, routes: ReactNode, config: Partial<RuntimeConfig> = {}, me: Me = testMe) {
  setConfig({ ...testConfig, ...config });
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  queryClient.setQueryData(queryKeys.me, me);
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

export function renderAt(initial: string, routes: ReactNode, config: Partial<RuntimeConfig> = {}, me?: Me) {
  return render(tree(initial, routes, config, me));
}

/** For screens that suspend: React 19 resumes `use()` only inside an awaited act scope. */
export async function renderAtAsync(
  initial: string,
  routes: ReactNode,
  config: Partial<RuntimeConfig> = {},
  me?: Me,
) {
  await act(async () => {
    render(tree(initial, routes, config, me));
  });
}
