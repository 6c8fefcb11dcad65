import { afterEach, beforeAll, beforeEach, describe, expect, it, jest } from '@jest/globals';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { CertificateList, Machine, PrintData } from 'contracts';
import { MemoryRouter } from 'react-router-dom';
import { http, setConfig, setLanguage } from 'shared-ui';
import { PRESET_STORAGE_KEY } from '../hooks/use-label-preset';
import LabelsPage from './labels-page';
import { fixtureSerials } from '../../../test-support/serials';
import { ISSUED, ISSUED_PRINT } from '../../../test-support/standing';
import { attempt, DEFAULT_PASSING_VALUES, defaultRecord, unitOf } from '../../../test-support/test-record';

const getMock = jest.spyOn(http, 'get');
const postMock = jest.spyOn(http, 'post');
/** The API's answers by path, in its wire names; an Error fails the request. */
let answers: Record<string, unknown>;
/** Paths whose next request fails. */
const failNext = new Set<string>();
const callsTo = (url: string) => getMock.mock.calls.filter(([called]) => called === url);
const lastParams = (url: string) => (callsTo(url).at(-1)![1] as { params: unknown }).params;

const certificate = {
  id: 7,
  machine_id: 12,
  machine_type: 'MAB 825',
  brand_image: 'uploads/logo.png',
  ean_number: '4006381333931',
  serialNoPart1: '4852406',
  recordsCount: 1,
  crowd: 3,
  serial_no: '4852406001',
  endSerialNo: '4852406003',
  serials: ['4852406001', '4852406002', '4852406003'],
  created_at: '2026-11-21T08:00:00.000Z',
  ...ISSUED_PRINT,
  test_record: defaultRecord(['4852406001', '4852406002', '4852406003']),
} as PrintData;

const list: CertificateList = {
  data: [
    {
      id: 7,
      pos: 1,
      machine_id: 12,
      machine_type: 'MAB 825',
      serial_no: '4852406001',
      endSerialNo: '4852406003',
      checked_by: 'Anna',
      crowd: 3,
      created_at: '2026-11-21T08:00:00.000Z',
      ...ISSUED,
    },
  ],
  total: 1,
};

beforeAll(() => {
  // jsdom has no canvas; JsBarcode measures the digits with one.
  HTMLCanvasElement.prototype.getContext = (() => ({
    measureText: () => ({ width: 0 }),
  })) as unknown as typeof HTMLCanvasElement.prototype.getContext;
  setConfig({
    apiBase: '/api',
    webBase: 'https://pb.example',
    remotes: { certificates: '', machines: '', landing: '' },
    labelPrintUrl: null,
    companyName: '',
    companyAddress: '',
  });
});

beforeEach(() => {
  window.localStorage.clear();
  answers = { '/certificates': list, '/certificates/7': certificate };
  getMock.mockImplementation(async (url: string) => {
    if (failNext.delete(url)) throw new Error('503');
    const data = answers[url] ?? new Error(`404 ${url}`);
    if (data instanceof Error) throw data;
    return { data } as never;
  });
});

afterEach(() => {
  failNext.clear();
  jest.resetAllMocks();
});

function renderPage(path: string) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <QueryClientProvider client={client}>
      <MemoryRouter initialEntries={[path]}>
        <LabelsPage />
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

const preview = () => screen.getByRole('region', { name: 'Vorschau' });
const previewLabels = () => within(preview()).getAllByRole('article');

describe('LabelsPage: serial labels', () => {
  it('prints one label per unit, as many copies of each as chosen', async () => {
    const user = userEvent.setup();
    renderPage('/labels?certificate=7');
    expect(
      await within(await screen.findByRole('region', { name: 'Vorschau' })).findAllByRole('article'),
    ).toHaveLength(3);
    expect(callsTo('/certificates/7')).not.toHaveLength(0);
    expect(previewLabels().map((label) => label.getAttribute('aria-label'))).toEqual([
      '4852406001',
      '4852406002',
      '4852406003',
    ]);
    expect(within(previewLabels()[1]).getByText('MAB 825')).toBeInTheDocument();
    expect(
      within(previewLabels()[1]).getByText('https://pb.example/landing/12/4852406002'),
    ).toBeInTheDocument();

    const copies = screen.getByLabelText('KOPIEN JE SERIENNUMMER');
    expect(copies).toHaveValue(1);
    await user.clear(copies);
    await user.type(copies, '2');
    expect(previewLabels()).toHaveLength(6);
    expect(screen.getByTestId('labels-summary')).toHaveTextContent('6 Etiketten auf 6 Seiten');
    // The print root holds the same labels as the preview.
    expect(within(screen.getByTestId('labels-print')).getAllByRole('article')).toHaveLength(6);

    await user.clear(copies);
    await user.type(copies, '0');
    await user.tab();
    expect(copies).toHaveValue(1);
    expect(previewLabels()).toHaveLength(3);
  });

  it('refuses labels for a failed, an unreleased and a voided unit, saying why, and records only the others', async () => {
    const failing = attempt({ ...DEFAULT_PASSING_VALUES, isolation: 'fail' }, ['isolation']);
    const serials = ['4852406001', '4852406002', '4852406003', '4852406004', '4852406005'];
    answers['/certificates/7'] = {
      ...certificate,
      crowd: 5,
      serials,
      voided_units: 1,
      voided_serials: ['4852406005'],
      test_record: {
        ...defaultRecord(serials),
        units: [
          unitOf(serials[0], 'released', [attempt(DEFAULT_PASSING_VALUES)]),
          unitOf(serials[1], 'failed', [failing]),
          unitOf(serials[2], 'awaiting_release', [attempt(DEFAULT_PASSING_VALUES)]),
          unitOf(serials[3], 'deviation', [failing], {
            by: 'Hans',
            at: '2026-11-21T09:00:00Z',
            reason: 'ok',
          }),
          unitOf(serials[4], 'released', [attempt(DEFAULT_PASSING_VALUES)]),
        ],
      },
    };
    postMock.mockResolvedValue({ data: undefined } as never);
    renderPage('/labels?certificate=7');
    const refused = await screen.findByRole('region', { name: 'Keine Etiketten für diese Seriennummern' });
    expect(
      within(refused)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual([
      '4852406002: nicht bestanden',
      '4852406003: zur Freigabe, noch nicht freigegeben',
      '4852406005: storniert',
    ]);
    // A deviation release (Sonderfreigabe) is a release: its unit gets a label.
    expect(previewLabels().map((label) => label.getAttribute('aria-label'))).toEqual([
      '4852406001',
      '4852406004',
    ]);
    expect(within(screen.getByTestId('labels-print')).getAllByRole('article')).toHaveLength(2);
    window.dispatchEvent(new Event('beforeprint'));
    expect(postMock).toHaveBeenCalledWith('/certificates/7/printed', {
      kind: 'labels',
      serials: ['4852406001', '4852406004'],
    });
  });

  it('offers no labels at all when no unit is released', async () => {
    answers['/certificates/7'] = {
      ...certificate,
      test_record: {
        ...certificate.test_record,
        units: certificate.serials.map((serial) =>
          unitOf(serial, 'failed', [attempt({ ...DEFAULT_PASSING_VALUES, guide: 'fail' }, ['guide'])]),
        ),
      },
    };
    renderPage('/labels?certificate=7');
    expect(await screen.findByRole('alert')).toHaveTextContent('Für keine Einheit dieses Prüfberichts');
    expect(screen.queryByRole('region', { name: 'Vorschau' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'DRUCKEN' })).not.toBeInTheDocument();
    window.dispatchEvent(new Event('beforeprint'));
    expect(postMock).not.toHaveBeenCalled();
  });

  it('finds a certificate by a unit serial and puts its id in the address', async () => {
    const user = userEvent.setup();
    renderPage('/labels');
    expect(await screen.findByText('4852406001 – 4852406003')).toBeInTheDocument();
    expect(lastParams('/certificates')).toEqual({ page: 1, per_page: 10 });
    expect(screen.queryByRole('region', { name: 'Vorschau' })).not.toBeInTheDocument();

    await user.type(screen.getByLabelText('PRÜFBERICHT SUCHEN'), ' 4852406002 {Enter}');
    await waitFor(() =>
      expect(lastParams('/certificates')).toEqual({ page: 1, per_page: 10, search: '4852406002' }),
    );
    await user.click(await screen.findByRole('button', { name: 'Auswählen: MAB 825 4852406001' }));
    expect(await screen.findByRole('button', { name: 'Ausgewählt: MAB 825 4852406001' })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
    expect(
      await within(await screen.findByRole('region', { name: 'Vorschau' })).findAllByRole('article'),
    ).toHaveLength(3);
    expect(callsTo('/certificates/7')).not.toHaveLength(0);
  });

  it('pages through more than 10 certificates, and a new search starts on its first page', async () => {
    const rows = (page: number) =>
      Array.from({ length: page < 3 ? 10 : 5 }, (_, i) => {
        const id = 100 + (page - 1) * 10 + i;
        return {
          ...list.data[0],
          id,
          pos: id - 99,
          crowd: 1,
          serial_no: `4852406${id}`,
          endSerialNo: `4852406${id}`,
        };
      });
    getMock.mockImplementation(async (url: string, options?: unknown) => {
      const params = (options as { params: { page?: number } } | undefined)?.params;
      if (url === '/certificates') return { data: { data: rows(params?.page ?? 1), total: 25 } } as never;
      throw new Error(`404 ${url}`);
    });
    const user = userEvent.setup();
    renderPage('/labels');
    expect(await screen.findByText('4852406100')).toBeInTheDocument();
    expect(screen.getByText('1-10 VON 25')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Nächste Seite' }));
    expect(await screen.findByText('4852406110')).toBeInTheDocument();
    expect(lastParams('/certificates')).toEqual({ page: 2, per_page: 10 });
    await user.click(screen.getByRole('button', { name: 'Letzte Seite' }));
    expect(await screen.findByText('4852406124')).toBeInTheDocument();
    expect(screen.getByText('21-25 VON 25')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Nächste Seite' })).toBeDisabled();
    // Any row of any page can be chosen.
    await user.click(screen.getByRole('button', { name: 'Auswählen: MAB 825 4852406124' }));
    expect(screen.getByRole('button', { name: 'Ausgewählt: MAB 825 4852406124' })).toHaveAttribute(
      'aria-pressed',
      'true',
    );

    await user.selectOptions(screen.getByLabelText('ZEILEN PRO SEITE:'), '20');
    await waitFor(() => expect(lastParams('/certificates')).toEqual({ page: 1, per_page: 20 }));
    await user.type(screen.getByLabelText('PRÜFBERICHT SUCHEN'), 'MAB{Enter}');
    await waitFor(() =>
      expect(lastParams('/certificates')).toEqual({ page: 1, per_page: 20, search: 'MAB' }),
    );
  });

  it('says in German when the search fails, and searching again asks the server again', async () => {
    failNext.add('/certificates');
    const user = userEvent.setup();
    renderPage('/labels');
    expect(await screen.findByRole('alert')).toHaveTextContent('Die Suche ist fehlgeschlagen.');
    await user.click(screen.getByRole('button', { name: 'SUCHEN' }));
    expect(await screen.findByText('4852406001 – 4852406003')).toBeInTheDocument();
    expect(callsTo('/certificates')).toHaveLength(2);
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('shows the API message when the certificate does not exist', async () => {
    answers['/certificates/99'] = new Error('404');
    renderPage('/labels?certificate=99');
    expect(await screen.findByText('Der Prüfbericht konnte nicht geladen werden.')).toBeInTheDocument();
  });

  it('ignores an id that is no database id', async () => {
    renderPage('/labels?certificate=7abc');
    expect(await screen.findByText('4852406001 – 4852406003')).toBeInTheDocument();
    expect(getMock.mock.calls.filter(([url]) => /^\/certificates\/./.test(url))).toEqual([]);
  });
});

describe('LabelsPage: presets', () => {
  it('starts on the 62 mm roll: one label per page', async () => {
    renderPage('/labels?certificate=7');
    expect(await screen.findByLabelText('ETIKETTENFORMAT')).toHaveValue('roll-62');
    expect(within(preview()).getAllByTestId('label-page')).toHaveLength(3);
    // A roll has no used labels to skip.
    expect(screen.queryByLabelText(/STARTPOSITION/)).not.toBeInTheDocument();
    expect(screen.getByTestId('labels-print').querySelector('style')?.textContent).toContain(
      '@page { size: 62mm 100mm; margin: 0; }',
    );
  });

  it('puts up to 24 labels on an A4 sheet, sizes the print page, and remembers the choice', async () => {
    const serials = fixtureSerials('4852406', 1, 30);
    answers['/certificates/7'] = { ...certificate, crowd: 30, serials, test_record: defaultRecord(serials) };
    const user = userEvent.setup();
    const { unmount } = renderPage('/labels?certificate=7');
    await user.selectOptions(await screen.findByLabelText('ETIKETTENFORMAT'), 'A4-Bogen 3 × 8 (70 × 37 mm)');
    const pages = within(preview()).getAllByTestId('label-page');
    expect(pages.map((page) => within(page).getAllByRole('article').length)).toEqual([24, 6]);
    expect(screen.getByTestId('labels-summary')).toHaveTextContent('30 Etiketten auf 2 Seiten');
    expect(screen.getByTestId('labels-print').querySelector('style')?.textContent).toContain(
      '@page { size: 210mm 297mm; margin: 0; }',
    );
    expect(window.localStorage.getItem(PRESET_STORAGE_KEY)).toBe('a4-3x8');

    // A sheet whose first 22 labels were used: 2 labels on it, then a new sheet.
    // One change event each: every render draws 60 QR codes and barcodes, which jsdom does slowly.
    const start = screen.getByLabelText('STARTPOSITION (1–24)');
    fireEvent.change(start, { target: { value: '23' } });
    const slots = within(preview()).getAllByTestId('label-page');
    expect(slots.map((page) => within(page).queryAllByTestId('label-used').length)).toEqual([22, 0, 0]);
    expect(slots.map((page) => within(page).queryAllByRole('article').length)).toEqual([2, 24, 4]);
    expect(screen.getByTestId('labels-summary')).toHaveTextContent('30 Etiketten auf 3 Seiten');
    expect(within(screen.getByTestId('labels-print')).getAllByTestId('label-page')).toHaveLength(3);
    fireEvent.change(start, { target: { value: '99' } });
    fireEvent.blur(start);
    expect(start).toHaveValue(24);

    unmount();
    expect(screen.queryByTestId('labels-print')).not.toBeInTheDocument();
    renderPage('/labels?certificate=7');
    expect(await screen.findByLabelText('ETIKETTENFORMAT')).toHaveValue('a4-3x8');
  }, 20_000);

  it('100 × 50 mm thermal labels: one per page', async () => {
    window.localStorage.setItem(PRESET_STORAGE_KEY, 'thermal-100x50');
    renderPage('/labels?certificate=7');
    expect(await screen.findByLabelText('ETIKETTENFORMAT')).toHaveValue('thermal-100x50');
    expect(within(preview()).getAllByTestId('label-page')).toHaveLength(3);
  });
});

describe('LabelsPage: EAN', () => {
  it('draws a valid EAN-13 as a barcode on every label', async () => {
    renderPage('/labels?certificate=7');
    await screen.findByRole('region', { name: 'Vorschau' });
    expect(within(preview()).getAllByRole('img', { name: 'EAN 4006381333931' })).toHaveLength(3);
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('warns about an invalid EAN and prints no barcode, but the rest of the label', async () => {
    answers['/certificates/7'] = { ...certificate, ean_number: '4006381333932' };
    renderPage('/labels?certificate=7');
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Die EAN „4006381333932“ ist ungültig (8 oder 13 Ziffern mit gültiger Prüfziffer). ' +
        'Die Etiketten werden ohne Strichcode gedruckt.',
    );
    expect(within(preview()).queryAllByRole('img', { name: /^EAN/ })).toHaveLength(0);
    expect(screen.getByTestId('labels-print').querySelector('.cert-label__barcode')).toBeNull();
    expect(previewLabels()).toHaveLength(3);
    expect(
      within(previewLabels()[0]).getByText('https://pb.example/landing/12/4852406001'),
    ).toBeInTheDocument();
  });

  it('says so when the machine has no EAN', async () => {
    answers['/certificates/7'] = { ...certificate, ean_number: '' };
    renderPage('/labels?certificate=7');
    expect(
      await screen.findByText(
        'Für diese Maschine ist keine EAN hinterlegt. Die Etiketten werden ohne Strichcode gedruckt.',
      ),
    ).toBeInTheDocument();
    expect(within(preview()).queryAllByRole('img', { name: /^EAN/ })).toHaveLength(0);
  });
});

describe('LabelsPage: product labels', () => {
  const machine = { id: 5, brand_id: 2, name: 'AirMAB 5000', ean_number: '96385074' } as Machine;

  it('prints the chosen number of labels for a machine, with its EAN-8 and product page', async () => {
    answers['/machine/5'] = machine;
    answers['/brands'] = {
      data: [{ id: 2, name: 'MABtec', logo: 'uploads/m.png', email: '', website_link: '' }],
    };
    answers['/machines'] = { data: [], total: 0 };
    const user = userEvent.setup();
    renderPage('/labels?machine=5');
    expect(screen.getByRole('button', { name: 'PRODUKTETIKETTEN' })).toHaveAttribute('aria-pressed', 'true');
    expect(
      await within(await screen.findByRole('region', { name: 'Vorschau' })).findAllByRole('article'),
    ).toHaveLength(1);
    const count = screen.getByLabelText('ANZAHL ETIKETTEN');
    await user.clear(count);
    await user.type(count, '4');
    expect(previewLabels()).toHaveLength(4);
    const label = previewLabels()[0];
    expect(label).toHaveAccessibleName('AirMAB 5000');
    expect(within(label).getByText('https://pb.example/landing/5')).toBeInTheDocument();
    expect(within(label).getByRole('img', { name: 'EAN 96385074' })).toBeInTheDocument();
    expect(label.querySelector('img.cert-label__logo')).toHaveAttribute('src', '/api/uploads/m.png');
  });

  const machineRow = { id: 5, pos: 1, name: 'AirMAB 5000', brand_name: 'MABtec', ean_number: '96385074' };

  it('switching the kind clears the choice', async () => {
    answers['/machines'] = { data: [machineRow], total: 1 };
    const user = userEvent.setup();
    renderPage('/labels?certificate=7');
    await screen.findByRole('region', { name: 'Vorschau' });
    await user.click(screen.getByRole('button', { name: 'PRODUKTETIKETTEN' }));
    expect(await screen.findByRole('button', { name: 'Auswählen: AirMAB 5000' })).toHaveAttribute(
      'aria-pressed',
      'false',
    );
    expect(screen.queryByRole('region', { name: 'Vorschau' })).not.toBeInTheDocument();
  });

  it('does not take over the serial search: the machine search starts empty, listing the newest', async () => {
    answers['/machines'] = { data: [machineRow], total: 1 };
    const user = userEvent.setup();
    renderPage('/labels');
    await user.type(await screen.findByLabelText('PRÜFBERICHT SUCHEN'), '4852406002{Enter}');
    await waitFor(() =>
      expect(lastParams('/certificates')).toEqual({ page: 1, per_page: 10, search: '4852406002' }),
    );
    await user.click(screen.getByRole('button', { name: 'PRODUKTETIKETTEN' }));
    expect(await screen.findByLabelText('MASCHINE SUCHEN')).toHaveValue('');
    expect(await screen.findByText('AirMAB 5000')).toBeInTheDocument();
    expect(callsTo('/machines').map(([, options]) => (options as { params: unknown }).params)).toEqual([
      { page: 1, per_page: 10 },
    ]);
    expect(screen.queryByText('Keine Maschinen gefunden.')).not.toBeInTheDocument();

    // Back on the serial kind, its search starts afresh too.
    await user.click(screen.getByRole('button', { name: 'SERIENNUMMERN' }));
    expect(await screen.findByLabelText('PRÜFBERICHT SUCHEN')).toHaveValue('');
  });

  it('an empty catalogue before any search says that there are no machines yet, not that none were found', async () => {
    answers['/machines'] = { data: [], total: 0 };
    const user = userEvent.setup();
    renderPage('/labels');
    await user.click(await screen.findByRole('button', { name: 'PRODUKTETIKETTEN' }));
    expect(await screen.findByText('Es gibt noch keine Maschinen.')).toBeInTheDocument();
    expect(screen.queryByText('Keine Maschinen gefunden.')).not.toBeInTheDocument();

    await user.type(screen.getByLabelText('MASCHINE SUCHEN'), 'XYZ{Enter}');
    expect(await screen.findByText('Keine Maschinen gefunden.')).toBeInTheDocument();
    expect(screen.queryByText('Es gibt noch keine Maschinen.')).not.toBeInTheDocument();
  });
});

describe('LabelsPage in each staff language', () => {
  afterEach(() => act(() => setLanguage('de')));

  it.each([
    {
      language: 'de' as const,
      title: 'ETIKETTEN DRUCKEN',
      search: 'PRÜFBERICHT SUCHEN',
      chosen: 'Ausgewählt: MAB 825 4852406001',
      row: ['MAB 825', '4852406001 – 4852406003', '3', '21.11.2026'],
      stock: ['ETIKETTENFORMAT', '62-mm-Endlosrolle (62 × 100 mm)'],
      preview: 'Vorschau',
      summary: '3 Etiketten auf 3 Seiten',
    },
    {
      language: 'en' as const,
      title: 'PRINT LABELS',
      search: 'FIND CERTIFICATE',
      chosen: 'Chosen: MAB 825 4852406001',
      row: ['MAB 825', '4852406001 – 4852406003', '3', '21/11/2026'],
      stock: ['LABEL STOCK', '62 mm continuous roll (62 × 100 mm)'],
      preview: 'Preview',
      summary: '3 labels on 3 pages',
    },
    {
      language: 'pl' as const,
      title: 'DRUKUJ ETYKIETY',
      search: 'SZUKAJ PROTOKOŁU BADANIA',
      chosen: 'Wybrano: MAB 825 4852406001',
      row: ['MAB 825', '4852406001 – 4852406003', '3', '21.11.2026'],
      stock: ['FORMAT ETYKIET', 'Rolka ciągła 62 mm (62 × 100 mm)'],
      preview: 'Podgląd',
      summary: '3 etykiety na 3 stronach',
    },
  ])('offers serial labels in $language', async (texts) => {
    await act(() => setLanguage(texts.language));
    renderPage('/labels?certificate=7');
    expect(screen.getByRole('heading', { level: 1, name: texts.title })).toBeInTheDocument();
    expect(screen.getByLabelText(texts.search)).toBeInTheDocument();
    const row = (await screen.findByRole('button', { name: texts.chosen })).closest('tr')!;
    expect([...row.querySelectorAll('td')].slice(0, 4).map((td) => td.textContent)).toEqual(texts.row);
    const [stock, roll] = texts.stock;
    expect(await screen.findByLabelText(stock)).toHaveDisplayValue(roll);
    const shown = await screen.findByRole('region', { name: texts.preview });
    expect(await within(shown).findAllByRole('article')).toHaveLength(3);
    expect(screen.getByTestId('labels-summary')).toHaveTextContent(texts.summary);
  });
});
