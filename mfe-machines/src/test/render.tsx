import { jest } from '@jest/globals';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import type { Brand, Machine, MachineList, MachineListQuery } from 'contracts';
import type { ReactElement } from 'react';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router-dom';
import { http, setConfig, ToastHost } from 'shared-ui';

setConfig({
  apiBase: '/api',
  webBase: 'http://localhost',
  remotes: { certificates: '', machines: '', landing: '' },
  labelPrintUrl: null,
  companyName: '',
  companyAddress: '',
});

/**
 * Stand-ins for shared-ui's fetchers: they call shared-ui's `http` directly, so its GET requests are answered
 * here from these mocks. A test sets what the server says and checks what was asked, as with this remote's
 * own fetchers.
 */
export const sharedFetchers = {
  getBrands: jest.fn<() => Promise<Brand[]>>(),
  getMachine: jest.fn<(id: number) => Promise<Machine>>(),
  getMachines: jest.fn<(query: MachineListQuery) => Promise<MachineList>>(),
};

jest.spyOn(http, 'get').mockImplementation(async (url: string, config?: { params?: unknown }) => {
  const machineId = /^\/machine\/(\d+)$/.exec(url)?.[1];
  const data =
    url === '/brands'
      ? { data: await sharedFetchers.getBrands() }
      : url === '/machines'
        ? await sharedFetchers.getMachines(config?.params as MachineListQuery)
        : machineId
          ? await sharedFetchers.getMachine(Number(machineId))
          : undefined;
  if (data === undefined) throw new Error(`unexpected GET ${url}`);
  return { data } as never;
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
