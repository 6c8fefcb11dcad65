import { afterEach, beforeEach, describe, expect, it, jest } from '@jest/globals';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { CertificateListItem } from 'contracts';
import { MemoryRouter, useLocation } from 'react-router-dom';
import { http, setLanguage } from 'shared-ui';
import CertificateListPage from './certificate-list-page';
import { ISSUED } from '../../../test-support/standing';

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
  ...ISSUED,
});

let list = answer([row(1), row(2)], 42);
let failList = false;
beforeEach(() => {
  list = answer([row(1), row(2)], 42);
  failList = false;
  getMock.mockImplementation(async (url: string) => {
    if (url === '/certificates') {
      if (failList) {
        failList = false;
        throw new Error('Network Error');
      }
      return list;
    }
    if (url === '/brands') return { data: { data: [{ id: 1, name: 'Ölmühle' }] } } as never;
    if (url === '/machinesByBrand/1') return { data: { data: [{ id: 7, name: 'MAB 825' }] } } as never;
    if (url === '/reports/checkers') return { data: { data: ['Erika'] } } as never;
    throw new Error(`unexpected ${url}`);
  });
});

/** Shows the URL's query, so a test can see what the list put there. */
function Location() {
  return <output data-testid="location">{useLocation().search}</output>;
}

afterEach(() => {
  getMock.mockReset();
});

async function renderList(url = '/') {
  const user = userEvent.setup();
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <MemoryRouter initialEntries={[url]}>
        <CertificateListPage />
        <Location />
      </MemoryRouter>
    </QueryClientProvider>,
  );
  await screen.findByRole('table');
  return user;
}

const lastQuery = () => {
  const [, options] = getMock.mock.calls.filter(([url]) => url === '/certificates').at(-1)!;
  return (options as { params: unknown }).params;
};

describe('CertificateListPage', () => {
  it('shows the columns, Berlin dates, the status and a details and print link per row', async () => {
    await renderList();
    expect(lastQuery()).toEqual({ page: 1, per_page: 10 });
    expect(screen.getAllByRole('columnheader').map((th) => th.textContent?.replace(/[▲▼↕]/g, ''))).toEqual([
      'POS.',
      'NR.',
      'ARTIKELNUMMER',
      'START SERIENNUMMER',
      'END SERIENNUMMER',
      'GEPRÜFT VON',
      'MENGE',
      'DATUM',
      'STATUS',
      'PRÜFERGEBNIS',
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
    expect(within(first).getByRole('link', { name: 'Details: 4852611001' })).toHaveAttribute(
      'href',
      '/certificates/1',
    );
    expect(within(first).getByText('Ausgestellt')).toHaveClass('cert-status--issued');
  });

  it('says where each certificate stands: revised, partly voided, voided', async () => {
    list = answer(
      [
        { ...row(1), status: 'revised', revision: 2 },
        { ...row(2), status: 'partly_voided', voided_units: 1 },
        { ...row(3), status: 'voided', voided_units: 3 },
      ],
      3,
    );
    await renderList();
    const statuses = screen
      .getAllByRole('row')
      .slice(1)
      .map((tr) => within(tr).getAllByRole('cell')[8].textContent);
    expect(statuses).toEqual(['Korrigiert', '◐ Teilweise storniert (1 von 3)', '✕ Storniert']);
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

  it('leads from a search by a whole unit serial to that unit, and from no other search', async () => {
    // The server names the unit a search by its whole serial found; any other search names none.
    const serve = getMock.getMockImplementation()!;
    getMock.mockImplementation(async (url, options) =>
      url === '/certificates' && (options as { params: { search?: string } }).params.search === '4852611002'
        ? answer([{ ...row(1), unit_serial: '4852611002' }], 1)
        : serve(url, options),
    );
    list = answer([row(1)], 1);
    const user = await renderList('/?search=4852611002');
    expect(await screen.findByRole('link', { name: 'Einheit 4852611002 öffnen' })).toHaveAttribute(
      'href',
      '/units/4852611002',
    );

    await user.clear(screen.getByPlaceholderText('SUCHEN...'));
    await user.type(screen.getByPlaceholderText('SUCHEN...'), '4852611{Enter}');
    await waitFor(() => expect(lastQuery()).toEqual({ page: 1, per_page: 10, search: '4852611' }));
    await waitFor(() => expect(screen.queryByRole('link', { name: /^Einheit/ })).not.toBeInTheDocument());
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

  it('reads its filter from the URL, sends it, and fills the fields', async () => {
    await renderList(
      '/?tab=certificate_list&from=2026-01-01&to=2026-01-31&brand_id=1&machine_id=7&checked_by=Erika&status=voided&page=2&sort=crowd&order=desc',
    );
    expect(lastQuery()).toEqual({
      from: '2026-01-01',
      to: '2026-01-31',
      brand_id: 1,
      machine_id: 7,
      checked_by: 'Erika',
      status: 'voided',
      page: 2,
      per_page: 10,
      sort: 'crowd',
      order: 'desc',
    });
    expect(screen.getByLabelText('VON')).toHaveValue('2026-01-01');
    expect(await screen.findByRole('option', { name: 'Ölmühle' })).toBeInTheDocument();
    expect(screen.getByLabelText('MARKE')).toHaveValue('1');
    expect(await screen.findByRole('option', { name: 'MAB 825' })).toBeInTheDocument();
    expect(screen.getByLabelText('ARTIKELNUMMER')).toHaveValue('7');
    expect(screen.getByLabelText('STATUS')).toHaveValue('voided');
  });

  it('puts a chosen filter into the URL and asks from page 1; a bad range is named and not sent', async () => {
    const user = await renderList('/?tab=certificate_list&page=3');
    await user.selectOptions(
      screen.getByLabelText('MARKE'),
      await screen.findByRole('option', { name: 'Ölmühle' }),
    );
    await waitFor(() => expect(lastQuery()).toEqual({ brand_id: 1, page: 1, per_page: 10 }));
    expect(screen.getByTestId('location')).toHaveTextContent('?tab=certificate_list&brand_id=1');

    const sent = getMock.mock.calls.length;
    await user.type(screen.getByLabelText('VON'), '2026-03-01');
    await user.type(screen.getByLabelText('BIS'), '2026-02-01');
    expect(await screen.findByText('Das Bis-Datum liegt vor dem Von-Datum.')).toBeInTheDocument();
    expect(screen.getByLabelText('BIS')).toHaveAttribute('aria-invalid', 'true');
    await waitFor(() =>
      expect(lastQuery()).toEqual({ brand_id: 1, from: '2026-03-01', page: 1, per_page: 10 }),
    );
    expect(getMock.mock.calls.length).toBeGreaterThan(sent);

    await user.type(screen.getByLabelText('GEPRÜFT VON'), '  Erika {Enter}');
    await waitFor(() => expect(lastQuery()).toMatchObject({ checked_by: 'Erika' }));
    await user.click(screen.getByRole('button', { name: 'FILTER ZURÜCKSETZEN' }));
    await waitFor(() => expect(lastQuery()).toEqual({ page: 1, per_page: 10 }));
    expect(screen.getByTestId('location')).toHaveTextContent(/^\?tab=certificate_list$/);
    expect(screen.getByLabelText('VON')).toHaveValue('');
  });

  it('keeps every filter of changes made faster than the list renders', async () => {
    await renderList('/?tab=certificate_list');
    const status = screen.getByLabelText('STATUS');
    // One act: React renders once after all three, as when a busy page lags behind quick input.
    act(() => {
      fireEvent.change(screen.getByLabelText('VON'), { target: { value: '2026-03-01' } });
      fireEvent.change(screen.getByLabelText('BIS'), { target: { value: '2026-03-31' } });
      fireEvent.change(status, { target: { value: (status as HTMLSelectElement).options[1].value } });
    });
    await waitFor(() =>
      expect(lastQuery()).toMatchObject({ from: '2026-03-01', to: '2026-03-31', status: expect.any(String) }),
    );
    expect(screen.getByTestId('location')).toHaveTextContent('from=2026-03-01&to=2026-03-31&status=');
  });

  it('says when a filter matches nothing and offers no export then', async () => {
    list = answer([], 0);
    await renderList('/?brand_id=1');
    expect(await screen.findByText('Kein Prüfbericht passt zu diesem Filter.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'EXPORTIEREN' })).toBeDisabled();
    expect(
      screen.getByText('Kein Prüfbericht passt zu diesem Filter: es gibt nichts zu exportieren.'),
    ).toBeInTheDocument();
  });

  it('shows the empty state', async () => {
    list = answer([], 0);
    await renderList();
    expect(await screen.findByText('There are no records to display')).toBeInTheDocument();
  });

  it('says in German when loading failed and loads again on retry', async () => {
    failList = true;
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

describe('CertificateListPage: the test verdict', () => {
  it('shows each certificate’s verdict in words, a failure with how many of its units failed', async () => {
    list = answer(
      [row(1), { ...row(2), verdict: 'failed', failed_units: 1 }, { ...row(3), verdict: 'awaiting_release' }],
      3,
    );
    await renderList();
    expect(screen.getByRole('columnheader', { name: 'PRÜFERGEBNIS' })).toBeInTheDocument();
    const verdicts = screen
      .getAllByRole('row')
      .slice(1)
      .map((tr) => within(tr).getAllByRole('cell')[9]);
    expect(verdicts.map((cell) => cell.textContent)).toEqual([
      'Freigegeben',
      'Nicht bestanden (1 von 3)',
      'Zur Freigabe',
    ]);
    expect(within(verdicts[1]).getByText('Nicht bestanden (1 von 3)')).toHaveClass('cert-verdict--failed');
  });

  it('filters by verdict on the server, from the URL and from its field', async () => {
    const user = await renderList('/?tab=certificate_list&verdict=failed&page=2');
    expect(lastQuery()).toEqual({ verdict: 'failed', page: 2, per_page: 10 });
    expect(screen.getByLabelText('PRÜFERGEBNIS')).toHaveValue('failed');
    await user.selectOptions(screen.getByLabelText('PRÜFERGEBNIS'), 'Zur Freigabe');
    await waitFor(() => expect(lastQuery()).toEqual({ verdict: 'awaiting_release', page: 1, per_page: 10 }));
    expect(screen.getByTestId('location')).toHaveTextContent(
      '?tab=certificate_list&verdict=awaiting_release',
    );
    await user.selectOptions(screen.getByLabelText('PRÜFERGEBNIS'), 'alle');
    await waitFor(() => expect(lastQuery()).toEqual({ page: 1, per_page: 10 }));
  });

  it('ignores a verdict in the URL that is none', async () => {
    await renderList('/?tab=certificate_list&verdict=passed%3Cscript%3E');
    expect(lastQuery()).toEqual({ page: 1, per_page: 10 });
    expect(screen.getByLabelText('PRÜFERGEBNIS')).toHaveValue('');
  });
});

describe('CertificateListPage in each staff language', () => {
  afterEach(() => act(() => setLanguage('de')));

  it.each([
    {
      language: 'de' as const,
      headers: ['POS.', 'NR.', 'ARTIKELNUMMER', 'START SERIENNUMMER', 'END SERIENNUMMER', 'GEPRÜFT VON'],
      day: '21.11.2026',
      status: '◐ Teilweise storniert (1 von 3)',
      details: 'Details: 4852611001',
      count: '42 Prüfberichte im Filter',
      filter: 'Diese Woche',
    },
    {
      language: 'en' as const,
      headers: ['POS.', 'NO.', 'ARTICLE NUMBER', 'FIRST SERIAL NUMBER', 'LAST SERIAL NUMBER', 'CHECKED BY'],
      day: '21/11/2026',
      status: '◐ Partly voided (1 of 3)',
      details: 'Details: 4852611001',
      count: '42 certificates in the filter',
      filter: 'This week',
    },
    {
      language: 'pl' as const,
      headers: ['POZ.', 'NR', 'NUMER KATALOGOWY', 'NUMER SERYJNY OD', 'NUMER SERYJNY DO', 'SPRAWDZIŁ'],
      day: '21.11.2026',
      status: '◐ Częściowo unieważniony (1 z 3)',
      details: 'Szczegóły: 4852611001',
      // 42 takes the plural form "few" in Polish.
      count: '42 protokoły badań w filtrze',
      filter: 'Bieżący tydzień',
    },
  ])('shows the list in $language', async ({ language, headers, day, status, details, count, filter }) => {
    await act(() => setLanguage(language));
    list = answer([{ ...row(1), status: 'partly_voided', voided_units: 1 }], 42);
    await renderList();
    const shown = screen.getAllByRole('columnheader').map((th) => th.textContent?.replace(/[▲▼↕]/g, ''));
    expect(shown.slice(0, headers.length)).toEqual(headers);
    const first = screen.getAllByRole('row')[1];
    expect(within(first).getByText(day)).toBeInTheDocument();
    expect(within(first).getAllByRole('cell')[8]).toHaveTextContent(status);
    expect(within(first).getByRole('link', { name: details })).toHaveAttribute('href', '/certificates/1');
    expect(await screen.findByText(count)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: filter })).toBeInTheDocument();
  });
});
