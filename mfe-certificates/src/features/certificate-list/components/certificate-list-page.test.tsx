import { afterEach, beforeEach, describe, expect, it, jest } from '@jest/globals';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { CertificateListItem } from 'contracts';
import { MemoryRouter } from 'react-router-dom';
import { http } from 'shared-ui';
import CertificateListPage from './certificate-list-page';

// The HTTP answers and the query parameters are the API's wire names.
const getMock = jest.spyOn(http, 'get');
const answer = (data: CertificateListItem[], total: number) => ({ data: { data, total } }) as never;

const row = (id: number): CertificateListItem => ({
  id,
  pos: id,
  machine_id: 3,
  machine_type: 'MAB 825',
  serial_no: `4852611${String(id * 3 - 2).padStart(3, '0')}`,
  endSerialNo: `4852611${String(id * 3).padStart(3, '0')}`,
  checked_by: 'Erika',
  crowd: 3,
  created_at: '2026-11-20T23:30:00.000Z',
});

beforeEach(() => {
  getMock.mockResolvedValue(answer([row(1), row(2)], 42));
});

afterEach(() => {
  getMock.mockReset();
});

async function renderList() {
  const user = userEvent.setup();
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <MemoryRouter>
        <CertificateListPage />
      </MemoryRouter>
    </QueryClientProvider>,
  );
  await screen.findByRole('table');
  return user;
}

const lastQuery = () => {
  const [url, options] = getMock.mock.calls.at(-1)!;
  expect(url).toBe('/certificates');
  return (options as { params: unknown }).params;
};

describe('CertificateListPage', () => {
  it('shows the columns, Berlin dates and a print link per row', async () => {
    await renderList();
    expect(getMock).toHaveBeenCalledWith('/certificates', { params: { page: 1, per_page: 10 } });
    expect(screen.getAllByRole('columnheader').map((th) => th.textContent?.replace(/[▲▼↕]/g, ''))).toEqual([
      'POS.',
      'ARTIKELNUMMER',
      'START SERIENNUMMER',
      'END SERIENNUMMER',
      'GEPRÜFT VON',
      'MENGE',
      'DATUM',
      'AKTION',
    ]);
    const first = screen.getAllByRole('row')[1];
    expect(within(first).getByText('4852611001')).toBeInTheDocument();
    expect(within(first).getByText('4852611003')).toBeInTheDocument();
    // 23:30 UTC on 20 November is already the 21st in Berlin.
    expect(within(first).getByText('21.11.2026')).toBeInTheDocument();
    expect(within(first).getByRole('link', { name: 'Drucken: 4852611001' })).toHaveAttribute(
      'href',
      '/pdf/1',
    );
  });

  it('searches on the server with the trimmed text, on Enter and on the button, from page 1', async () => {
    const user = await renderList();
    await user.click(screen.getByRole('button', { name: 'Nächste Seite' }));
    await waitFor(() => expect(lastQuery()).toEqual({ page: 2, per_page: 10 }));

    await user.type(screen.getByPlaceholderText('SUCHEN...'), '  4852611002 {Enter}');
    await waitFor(() => expect(lastQuery()).toEqual({ page: 1, per_page: 10, search: '4852611002' }));
    expect(screen.getByPlaceholderText('SUCHEN...')).toHaveValue('4852611002');

    await user.clear(screen.getByPlaceholderText('SUCHEN...'));
    await user.type(screen.getByPlaceholderText('SUCHEN...'), 'MAB');
    await user.click(screen.getByRole('button', { name: 'Suchen' }));
    await waitFor(() => expect(lastQuery()).toEqual({ page: 1, per_page: 10, search: 'MAB' }));

    await user.clear(screen.getByPlaceholderText('SUCHEN...'));
    await user.keyboard('{Enter}');
    await waitFor(() => expect(lastQuery()).toEqual({ page: 1, per_page: 10 }));
  });

  it('sorts every column on the server and pages through the whole set', async () => {
    const user = await renderList();
    await user.click(screen.getByRole('button', { name: /END SERIENNUMMER/ }));
    await waitFor(() =>
      expect(lastQuery()).toEqual({ page: 1, per_page: 10, sort: 'endSerialNo', order: 'asc' }),
    );
    await user.click(screen.getByRole('button', { name: /END SERIENNUMMER/ }));
    await waitFor(() =>
      expect(lastQuery()).toEqual({ page: 1, per_page: 10, sort: 'endSerialNo', order: 'desc' }),
    );
    for (const [header, sort] of [
      ['POS.', 'pos'],
      ['ARTIKELNUMMER', 'machine_type'],
      ['START SERIENNUMMER', 'serial_no'],
      ['GEPRÜFT VON', 'checked_by'],
      ['MENGE', 'crowd'],
      ['DATUM', 'created_at'],
    ]) {
      await user.click(screen.getByRole('button', { name: new RegExp(`^${header}`) }));
      await waitFor(() => expect(lastQuery()).toMatchObject({ sort, page: 1 }));
    }

    await user.click(screen.getByRole('button', { name: 'Letzte Seite' }));
    await waitFor(() => expect(lastQuery()).toMatchObject({ page: 5, per_page: 10 }));
    await user.selectOptions(screen.getByLabelText('ZEILEN PRO SEITE:'), '25');
    await waitFor(() => expect(lastQuery()).toMatchObject({ page: 1, per_page: 25 }));
    expect(screen.getByRole('option', { name: '30' })).toBeInTheDocument();
  });

  it('shows the empty state', async () => {
    getMock.mockResolvedValue(answer([], 0));
    await renderList();
    expect(await screen.findByText('There are no records to display')).toBeInTheDocument();
  });

  it('says in German when loading failed and loads again on retry', async () => {
    getMock.mockRejectedValueOnce(new Error('Network Error'));
    const user = userEvent.setup();
    render(
      <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
        <MemoryRouter>
          <CertificateListPage />
        </MemoryRouter>
      </QueryClientProvider>,
    );
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Die Prüfberichte konnten nicht geladen werden.',
    );
    await user.click(screen.getByRole('button', { name: 'Erneut versuchen' }));
    expect(await screen.findByRole('table')).toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });
});
