import { afterEach, beforeEach, describe, expect, it, jest } from '@jest/globals';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, render, screen } from '@testing-library/react';
import type { StaffLanguage, TypedAuditEvent, TypedAuditPage } from 'contracts';
import { AxiosError } from 'axios';
import { toast } from 'react-toastify';
import { setToken } from './auth';
import { setConfig } from './config';
import DataTable from './data-table-impl';
import EventList from './event-list-impl';
import { http } from './http';
import { setLanguage } from './i18n/i18n';
import { LoadError } from './load-error';
import { setNavigator } from './navigation';
import { Spinner } from './spinner';
import { ToastHost } from './toasts';

// shared-ui's own texts follow the staff language; German stays the spec's (e2e asserts it), see the other tests.

afterEach(async () => {
  await act(() => setLanguage('de'));
  jest.restoreAllMocks();
});

const switchTo = (language: StaffLanguage) => act(() => setLanguage(language));

describe('the table', () => {
  const table = (total: number) =>
    render(
      <DataTable<{ id: number }>
        columns={[{ id: 'id', header: 'ID', accessorKey: 'id' }]}
        data={total ? [{ id: 1 }] : []}
        total={total}
        page={2}
        pageSize={10}
        onPageChange={() => undefined}
        onPageSizeChange={() => undefined}
      />,
    );

  it('pages in English', async () => {
    await switchTo('en');
    table(57);
    expect(screen.getByLabelText('ROWS PER PAGE:')).toHaveValue('10');
    expect(screen.getByText('11-20 OF 57')).toBeInTheDocument();
    expect(
      ['First page', 'Previous page', 'Next page', 'Last page'].map((name) => screen.getByTitle(name)),
    ).toHaveLength(4);
  });

  it('pages in Polish, and says when there is nothing', async () => {
    await switchTo('pl');
    table(0);
    expect(screen.getByLabelText('WIERSZY NA STRONĘ:')).toBeInTheDocument();
    expect(screen.getByText('0-0 Z 0')).toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent('Brak rekordów do wyświetlenia');
    expect(screen.getByRole('button', { name: 'Następna strona' })).toBeDisabled();
  });

  it('switches with the language while it is shown', async () => {
    table(57);
    expect(screen.getByText('11-20 VON 57')).toBeInTheDocument();
    await switchTo('pl');
    expect(screen.getByText('11-20 Z 57')).toBeInTheDocument();
  });
});

describe('the spinner, a load error and the toasts', () => {
  it('speak English', async () => {
    await switchTo('en');
    render(
      <>
        <Spinner />
        <LoadError message="The certificates could not be loaded." onRetry={() => undefined} />
        <ToastHost />
      </>,
    );
    expect(screen.getByRole('status')).toHaveTextContent('Loading …');
    expect(screen.getByRole('button', { name: 'Try again' })).toBeInTheDocument();
    expect(screen.getByLabelText('Notifications')).toBeInTheDocument();
  });

  it('speak Polish', async () => {
    await switchTo('pl');
    render(
      <>
        <Spinner />
        <LoadError message="Nie udało się wczytać protokołów badań." onRetry={() => undefined} />
      </>,
    );
    expect(screen.getByRole('status')).toHaveTextContent('Wczytywanie…');
    expect(screen.getByRole('button', { name: 'Spróbuj ponownie' })).toBeInTheDocument();
  });
});

describe('an expired session', () => {
  beforeEach(() => {
    setConfig({
      apiBase: '/api',
      webBase: '',
      remotes: { certificates: '', machines: '', landing: '' },
      labelPrintUrl: null,
      companyName: '',
      companyAddress: '',
    });
    setNavigator(() => undefined);
  });

  it('is told in the active language', async () => {
    const shown = jest.spyOn(toast, 'error');
    await switchTo('pl');
    setToken('old');
    const expired = http.get('/brands', {
      adapter: async (config) => {
        throw new AxiosError('expired', 'ERR_BAD_RESPONSE', config, null, {
          status: 401,
          statusText: '',
          headers: {},
          config,
          data: {},
        });
      },
    });
    await expect(expired).rejects.toThrow('expired');
    expect(shown).toHaveBeenCalledWith('Sesja wygasła, zaloguj się ponownie', expect.anything());
  });
});

describe('a history', () => {
  const at = '2026-11-28T08:15:00.000Z';
  const events: TypedAuditEvent[] = [
    {
      id: 2,
      at,
      account_id: 1,
      account_email: null,
      action: 'certificate.revised',
      subject_type: 'certificate',
      subject_id: '7',
      details: { revision: 2, reason: 'Tippfehler', before: { quantity: 1 }, after: { quantity: 2 } },
    } as TypedAuditEvent,
    {
      id: 1,
      at,
      account_id: 1,
      account_email: 'a@b.de',
      action: 'certificate.issued',
      subject_type: 'certificate',
      subject_id: '7',
      details: {},
    } as TypedAuditEvent,
  ];

  function history(page: Partial<TypedAuditPage>) {
    jest.spyOn(http, 'get').mockResolvedValue({ data: { data: [], next: null, ...page } });
    const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    render(
      <QueryClientProvider client={client}>
        <EventList path="/certificates/7/events" />
      </QueryClientProvider>,
    );
  }

  it('names the actions and its own words in English, with the English day', async () => {
    await switchTo('en');
    history({ data: events, next: 1 });
    expect(await screen.findByText('Revised')).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'History' })).toBeInTheDocument();
    expect(screen.getByText('Issued')).toBeInTheDocument();
    expect(screen.getByText('Revision 2')).toBeInTheDocument();
    expect(screen.getByText('Reason: Tippfehler')).toBeInTheDocument();
    expect(screen.getByText('not signed in')).toBeInTheDocument();
    expect(screen.getAllByText('28/11/2026 09:15')).toHaveLength(2);
    expect(screen.getByRole('button', { name: 'LOAD OLDER' })).toBeInTheDocument();
  });

  it('says in Polish that there is nothing yet', async () => {
    await switchTo('pl');
    history({});
    expect(await screen.findByText('Brak wpisów.')).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Historia' })).toBeInTheDocument();
  });

  it('stays German by default, as the screens always said it', async () => {
    history({ data: events });
    expect(await screen.findByText('Korrigiert')).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Verlauf' })).toBeInTheDocument();
    expect(screen.getByText('Grund: Tippfehler')).toBeInTheDocument();
    expect(screen.getByText('ohne Anmeldung')).toBeInTheDocument();
    expect(screen.getAllByText('28.11.2026 09:15')).toHaveLength(2);
  });
});
