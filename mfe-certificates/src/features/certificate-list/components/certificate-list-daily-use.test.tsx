import { afterEach, beforeEach, describe, expect, it, jest } from '@jest/globals';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { CertificateListItem } from 'contracts';
import { MemoryRouter } from 'react-router-dom';
import { http, meQueryKey } from 'shared-ui';
import CertificateListPage from './certificate-list-page';
import { ISSUED } from '../../../test-support/standing';
import { presetRange } from '../list-query';

// Issue 31, the quality manager's list: the certificate number, period presets, the units in a filter, a
// filter that applies as it changes, voided rows, and an export whose outcome never hides the toolbar.
const getMock = jest.spyOn(http, 'get');
const postMock = jest.spyOn(http, 'post');

const row = (id: number, fields: Partial<CertificateListItem> = {}): CertificateListItem => ({
  id,
  pos: id,
  machine_id: 3,
  machine_type: 'MAB 825',
  serial_no: `4852611${String(id * 3 - 2).padStart(3, '0')}`,
  endSerialNo: `4852611${String(id * 3).padStart(3, '0')}`,
  checked_by: 'Erika',
  crowd: 3,
  created_at: '2026-11-20T10:00:00.000Z',
  ...ISSUED,
  ...fields,
});

let rows: CertificateListItem[] = [];
beforeEach(() => {
  rows = [row(17), row(18, { status: 'voided', voided_units: 3 })];
  getMock.mockImplementation(async (url: string) => {
    if (url === '/certificates') return { data: { data: rows, total: rows.length } } as never;
    if (url === '/certificates/totals') return { data: { certificates: 2, units: 6 } } as never;
    if (url === '/brands') return { data: { data: [] } } as never;
    if (url === '/reports/checkers') return { data: { data: ['Erika', 'Jürgen'] } } as never;
    throw new Error(`unexpected ${url}`);
  });
});
afterEach(() => {
  getMock.mockReset();
  postMock.mockReset();
});

async function renderList(url = '/') {
  const user = userEvent.setup();
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  client.setQueryData(meQueryKey, { id: 1, email: 'p@b.de', name: '', roles: ['pruefer'] });
  render(
    <QueryClientProvider client={client}>
      <MemoryRouter initialEntries={[url]}>
        <CertificateListPage />
      </MemoryRouter>
    </QueryClientProvider>,
  );
  await screen.findByRole('table');
  return user;
}

const queries = (path: string) =>
  getMock.mock.calls
    .filter(([url]) => url === path)
    .map(([, options]) => (options as { params: object }).params);

describe('the certificate list for daily use', () => {
  it('shows each certificate’s number in a column of its own', async () => {
    await renderList();
    const [first] = screen.getAllByRole('row').slice(1);
    const number = screen.getAllByRole('columnheader').findIndex((th) => th.textContent === 'NR.');
    expect(number).toBeGreaterThan(-1);
    expect(within(first).getAllByRole('cell')[number]).toHaveTextContent('17');
  });

  it('dims a wholly voided certificate and offers no printing or labels for it; the badges differ in words and mark', async () => {
    await renderList();
    const [issued, voided] = screen.getAllByRole('row').slice(1);
    expect(voided).toHaveClass('cert-row--voided');
    expect(issued).not.toHaveClass('cert-row--voided');
    expect(within(voided).queryByRole('link', { name: /^Drucken/ })).toBeNull();
    expect(within(voided).queryByRole('link', { name: /^Etiketten/ })).toBeNull();
    expect(within(voided).getByRole('link', { name: /^Details/ })).toBeInTheDocument();
    expect(within(issued).getByRole('link', { name: /^Drucken/ })).toBeInTheDocument();
    expect(within(issued).getByRole('link', { name: /^Etiketten/ })).toBeInTheDocument();
    expect(within(voided).getByText('Storniert')).toHaveClass('cert-status--voided');
  });

  it('fills VON and BIS with a preset, marks it, and asks at once; the filter has no ANWENDEN', async () => {
    const user = await renderList();
    expect(screen.queryByRole('button', { name: 'ANWENDEN' })).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Letzter Monat' }));
    const range = presetRange('lastMonth');
    await waitFor(() => expect(queries('/certificates').at(-1)).toMatchObject(range));
    expect(screen.getByLabelText('VON')).toHaveValue(range.from);
    expect(screen.getByLabelText('BIS')).toHaveValue(range.to);
    expect(screen.getByRole('button', { name: 'Letzter Monat' })).toHaveAttribute('aria-pressed', 'true');
    expect(screen.getByRole('button', { name: 'Heute' })).toHaveAttribute('aria-pressed', 'false');
  });

  it('says how many units the filtered set holds, and asks for it only when something narrows the list', async () => {
    await renderList();
    expect(queries('/certificates/totals')).toEqual([]);
    expect(screen.queryByText(/Einheiten im Filter/)).toBeNull();
    getMock.mockClear();
    await renderList('/?status=voided&search=17');
    expect(await screen.findByText('2 Prüfberichte mit 6 Einheiten im Filter')).toBeInTheDocument();
    expect(queries('/certificates/totals').at(-1)).toEqual({ status: 'voided', search: '17' });
  });

  it('applies a checker chosen from the known names at once, a typed one on Enter', async () => {
    const user = await renderList();
    await user.type(screen.getByLabelText('GEPRÜFT VON'), 'Jürgen');
    await waitFor(() => expect(queries('/certificates').at(-1)).toMatchObject({ checked_by: 'Jürgen' }));
    await user.clear(screen.getByLabelText('GEPRÜFT VON'));
    await user.type(screen.getByLabelText('GEPRÜFT VON'), 'Anna{Enter}');
    await waitFor(() => expect(queries('/certificates').at(-1)).toMatchObject({ checked_by: 'Anna' }));
  });

  it('says how an export ended beside its button, not in a toast; the button stays where it was', async () => {
    const user = await renderList();
    const button = screen.getByRole('button', { name: 'EXPORTIEREN' });
    postMock.mockRejectedValueOnce(new Error('Network Error'));
    await user.click(button);
    const status = await screen.findByText('Der Export ist fehlgeschlagen. Bitte versuchen Sie es erneut.');
    expect(status).toHaveAttribute('role', 'status');
    expect(screen.queryByRole('alert')).toBeNull();
    expect(screen.getByRole('button', { name: 'EXPORTIEREN' })).toBeEnabled();
  });
});
