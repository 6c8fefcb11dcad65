import { afterEach, beforeEach, describe, expect, it, jest } from '@jest/globals';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, render, screen, within } from '@testing-library/react';
import { queryKeys, type CertificateHistory, type Me, type PrintData, type Role } from 'contracts';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { http, setConfig, setLanguage } from 'shared-ui';
import { ISSUED_PRINT } from '../../../test-support/standing';
import { attempt, DEFAULT_PASSING_VALUES, defaultRecord, unitOf } from '../../../test-support/test-record';
import CertificateDetailPage from './certificate-detail-page';

setConfig({
  apiBase: '/api',
  webBase: 'http://localhost',
  remotes: { certificates: '', machines: '', landing: '' },
  labelPrintUrl: null,
  companyName: '',
  companyAddress: '',
});

const serials = ['4852406001', '4852406002', '4852406003'];
const record = defaultRecord(serials);
record.verdict = 'failed';
record.units = [
  unitOf(serials[0], 'awaiting_release', [attempt(DEFAULT_PASSING_VALUES)]),
  unitOf(serials[1], 'failed', [attempt(DEFAULT_PASSING_VALUES, ['isolation'])]),
  unitOf(serials[2], 'deviation', [attempt(DEFAULT_PASSING_VALUES, ['isolation'])], {
    by: 'Frieda Freigabe',
    at: '2026-11-21T10:00:00.000Z',
    reason: 'Kunde akzeptiert',
  }),
];
const certificate = {
  id: 7,
  machine_id: 12,
  machine_type: 'MAB 825',
  brand_name: 'BDS Maschinen',
  serialNoPart1: '4852406',
  recordsCount: 1,
  crowd: 3,
  serial_no: serials[0],
  endSerialNo: serials[2],
  checked_by: 'Paul Prüfer',
  created_at: '2026-11-21T08:00:00.000Z',
  ...ISSUED_PRINT,
  verdict: 'failed',
  failed_units: 1,
  test_record: record,
} as unknown as PrintData;
const history: CertificateHistory = {
  revisions: [
    {
      revision: 1,
      issued_at: '2026-11-21T08:00:00.000Z',
      issued_by_email: 'p@example.com',
      issued_by_name: 'Paula Prüferin',
      reason: null,
      replaced_at: null,
    },
  ],
  units: record.units.map((unit, index) => ({
    serial: unit.serial,
    unit_index: index,
    voided_at: null,
    void_reason: null,
    release: unit.release,
  })),
};

beforeEach(() => {
  jest.spyOn(http, 'get').mockImplementation(async (url: string) => {
    if (url === '/certificates/7') return { data: certificate } as never;
    if (url === '/certificates/7/history') return { data: history } as never;
    if (url === '/certificates/7/events') return { data: { data: [], total: 0 } } as never;
    throw new Error(`unexpected GET ${url}`);
  });
});

function renderPage(roles: Role[]) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  client.setQueryData(queryKeys.me, { id: 1, email: 'a@example.com', name: '', roles } as unknown as Me);
  const router = createMemoryRouter([{ path: '/certificates/:id', element: <CertificateDetailPage /> }], {
    initialEntries: ['/certificates/7'],
  });
  return render(
    <QueryClientProvider client={client}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
}

describe('CertificateDetailPage: the test record', () => {
  it("shows the certificate's verdict and each unit's release in words, with who released by deviation and why", async () => {
    renderPage(['lesen']);
    expect(await screen.findByTestId('certificate-verdict')).toHaveTextContent('Nicht bestanden');
    expect(screen.getByText('Nicht bestanden: 1 von 3 Einheiten')).toBeInTheDocument();
    const row = (serial: string) => screen.getByRole('row', { name: new RegExp(serial) });
    expect(await within(await screen.findByRole('table')).findByText('Zur Freigabe')).toBeInTheDocument();
    expect(row(serials[0])).toHaveTextContent('Zur Freigabe');
    expect(row(serials[1])).toHaveTextContent('Nicht bestanden');
    expect(row(serials[2])).toHaveTextContent('Sonderfreigabe');
    expect(row(serials[2])).toHaveTextContent('von Frieda Freigabe, 21.11.2026 11:00');
    expect(row(serials[2])).toHaveTextContent('Begründung: Kunde akzeptiert');
    // People by name, never by e-mail (the API sends both).
    expect(screen.getAllByText('Paula Prüferin').length).toBeGreaterThan(0);
    expect(screen.getByText('von Paula Prüferin')).toBeInTheDocument();
    expect(screen.queryByText(/p@example\.com/)).toBeNull();
    // Without the release right there is nothing to release with.
    expect(screen.queryByRole('button', { name: 'FREIGEBEN' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'SONDERFREIGABE' })).toBeNull();
  });

  it('offers Freigeben and Sonderfreigabe to an account with the release right', async () => {
    renderPage(['freigabe']);
    expect(await screen.findByRole('button', { name: 'FREIGEBEN' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'SONDERFREIGABE' })).toBeInTheDocument();
    expect(screen.getByText(`Zur Freigabe: ${serials[0]}`)).toBeInTheDocument();
    expect(screen.getByRole('checkbox', { name: serials[1] })).not.toBeChecked();
    // A unit already released by deviation is not offered again.
    expect(screen.queryByRole('checkbox', { name: serials[2] })).toBeNull();
  });

  it('offers KORRIGIEREN, not STORNIEREN, to the quality department; neither to a reader', async () => {
    const { unmount } = renderPage(['freigabe']);
    expect(await screen.findByRole('button', { name: 'KORRIGIEREN' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'STORNIEREN' })).toBeNull();
    unmount();
    renderPage(['lesen']);
    expect(await screen.findByTestId('certificate-verdict')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'KORRIGIEREN' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'STORNIEREN' })).toBeNull();
  });
});

describe('CertificateDetailPage in each staff language', () => {
  afterEach(() => act(() => setLanguage('de')));

  it.each([
    {
      language: 'de' as const,
      title: 'Prüfbericht Nr. 7 · MAB 825',
      facts: ['Nicht bestanden: 1 von 3 Einheiten', '21.11.2026 09:00'],
      deviation: ['Sonderfreigabe', 'von Frieda Freigabe, 21.11.2026 11:00', 'Begründung: Kunde akzeptiert'],
      buttons: ['KORRIGIEREN', 'STORNIEREN', 'FREIGEBEN', 'SONDERFREIGABE'],
      panel: 'Zur Freigabe: 4852406001',
    },
    {
      language: 'en' as const,
      title: 'Certificate No. 7 · MAB 825',
      facts: ['Failed: 1 of 3 units', '21/11/2026 09:00'],
      deviation: ['Concession', 'by Frieda Freigabe, 21/11/2026 11:00', 'Justification: Kunde akzeptiert'],
      buttons: ['REVISE', 'VOID', 'RELEASE', 'CONCESSION'],
      panel: 'Awaiting release: 4852406001',
    },
    {
      language: 'pl' as const,
      title: 'Protokół badania nr 7 · MAB 825',
      facts: ['Negatywny: 1 z 3 egzemplarzy', '21.11.2026 09:00'],
      deviation: [
        'Zwolnienie warunkowe',
        'zwolnił: Frieda Freigabe, 21.11.2026 11:00',
        'Uzasadnienie: Kunde akzeptiert',
      ],
      buttons: ['KORYGUJ', 'UNIEWAŻNIJ', 'ZWOLNIJ', 'ZWOLNIENIE WARUNKOWE'],
      panel: 'Do zwolnienia: 4852406001',
    },
  ])('shows the certificate and its release in $language', async ({ language, title, ...texts }) => {
    await act(() => setLanguage(language));
    renderPage(['pruefer', 'freigabe']);
    expect(await screen.findByRole('heading', { level: 1 })).toHaveTextContent(title);
    for (const fact of texts.facts) expect(screen.getAllByText(fact)[0]).toBeInTheDocument();
    const deviation = await screen.findByRole('row', { name: new RegExp(serials[2]) });
    for (const text of texts.deviation) expect(deviation).toHaveTextContent(text);
    for (const name of texts.buttons) expect(await screen.findByRole('button', { name })).toBeInTheDocument();
    expect(screen.getByText(texts.panel)).toBeInTheDocument();
  });
});
