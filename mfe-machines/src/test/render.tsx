import { jest } from '@jest/globals';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import {
  queryKeys,
  type Brand,
  type BrandBody,
  type Machine,
  type MachineBody,
  type MachineList,
  type MachineListQuery,
  type Me,
  type Role,
} from 'contracts';
import type { ReactElement } from 'react';
import { createMemoryRouter, RouterProvider, useLocation } from 'react-router-dom';
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

/**
 * Stand-ins for this remote's own writes. Their fetchers share a file with their mutation hooks, so the
 * requests are answered at shared-ui's `http`, as the reads above: a test sets what the server says and checks
 * what was sent.
 */
export const writeFetchers = {
  createBrand: jest.fn<(body: BrandBody) => Promise<Brand>>(),
  updateBrand: jest.fn<(id: number, body: BrandBody) => Promise<Brand>>(),
  createMachine: jest.fn<(body: MachineBody) => Promise<Machine>>(),
  updateMachine: jest.fn<(id: number, body: MachineBody) => Promise<Machine>>(),
};

jest.spyOn(http, 'post').mockImplementation(async (url: string, body?: unknown) => {
  const data =
    url === '/brand'
      ? await writeFetchers.createBrand(body as BrandBody)
      : url === '/machine'
        ? await writeFetchers.createMachine(body as MachineBody)
        : undefined;
  if (data === undefined) throw new Error(`unexpected POST ${url}`);
  return { data } as never;
});

jest.spyOn(http, 'put').mockImplementation(async (url: string, body?: unknown) => {
  const [, kind, id] = /^\/(brand|machine)\/(\d+)$/.exec(url) ?? [];
  const data =
    kind === 'brand'
      ? await writeFetchers.updateBrand(Number(id), body as BrandBody)
      : kind === 'machine'
        ? await writeFetchers.updateMachine(Number(id), body as MachineBody)
        : undefined;
  if (data === undefined) throw new Error(`unexpected PUT ${url}`);
  return { data } as never;
});

function Location() {
  const location = useLocation();
  return <output data-testid="location">{location.pathname + location.search}</output>;
}

/**
 * A screen inside the providers the shell gives it: a data router (at `path`; any other path renders nothing),
 * fresh query cache with the signed-in account (an administrator unless `roles` says otherwise, as the shell
 * has loaded it), toasts. `router` is returned so a test can navigate as the shell's header or Back would.
 */
export function renderScreen(
  screen: ReactElement,
  { path = '/', route, roles = ['admin'] }: { path?: string; route?: string; roles?: Role[] } = {},
) {
  const client = new QueryClient({
    defaultOptions: { queries: { retry: false }, mutations: { retry: false } },
  });
  const me: Me = {
    id: 1,
    email: 'a@example.com',
    name: '',
    roles,
    must_change_password: false,
    two_factor: false,
    two_factor_required: false,
    language: 'de',
  };
  client.setQueryData(queryKeys.me, me);
  const shell = (element: ReactElement | null) => (
    <>
      {element}
      <Location />
      <ToastHost />
    </>
  );
  const router = createMemoryRouter(
    [
      { path: route ?? path, element: shell(screen) },
      { path: '*', element: shell(null) },
    ],
    { initialEntries: [path] },
  );
  return {
    router,
    ...render(
      <QueryClientProvider client={client}>
        <RouterProvider router={router} />
      </QueryClientProvider>,
    ),
  };
}

/** What axios rejects with when the API answers with an error envelope. */
export function apiError(status: number, message: string, fields?: Record<string, string>) {
  return Object.assign(new Error(message), {
    isAxiosError: true,
    response: { status, data: { error: { code: 'E', message, ...(fields && { fields }) } } },
  });
}
