import { afterEach, beforeEach, describe, expect, it, jest } from '@jest/globals';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import {
  berlinIsoDate,
  type Calibration,
  type ImpactEntry,
  type Instrument,
  type Role,
  type StaffLanguage,
} from 'contracts';
import { http, setLanguage } from 'shared-ui';
import { apiError, renderScreen } from '../../../test/render';
import InstrumentsPage from './instruments-page';

const DAY = 86_400_000;
const day = (offset: number) => berlinIsoDate(new Date(Date.now() + offset * DAY));
const instrument = (id: number, inventory_number: string, due: string, status = 'in_use'): Instrument =>
  ({
    id,
    inventory_number,
    name: `Gerät ${inventory_number}`,
    maker: 'Fluke',
    model: '1507',
    serial_number: 'S-1',
    kind: 'insulation_tester',
    interval_months: 12,
    last_calibrated: day(-300),
    due,
    status,
    created_at: '2026-01-01T00:00:00Z',
    updated_at: '2026-01-01T00:00:00Z',
  }) as Instrument;
const openEntry: ImpactEntry = {
  id: 5,
  instrument_id: 1,
  inventory_number: 'PM-01',
  suspect_since: day(-3),
  certificate_id: 42,
  serials: ['AB1', 'AB2'],
  values: [
    {
      serial: 'AB1',
      attempt: 1,
      step_key: 'insulation',
      title: { de: 'Isolationswiderstand', en: 'Insulation resistance' },
      value: '1,3',
      unit: 'MΩ',
      lower: 1,
      upper: null,
      margin: 0.3,
    },
    {
      serial: 'AB2',
      attempt: 2,
      step_key: 'insulation',
      title: { de: 'Isolationswiderstand', en: 'Insulation resistance' },
      value: '0,8',
      unit: 'MΩ',
      lower: 1,
      upper: null,
      margin: -0.2,
    },
  ],
  tested_at: new Date().toISOString(),
  closed_as: null,
  note: null,
  closed_by_name: null,
  closed_at: null,
};

const server = {
  instruments: jest.fn<() => Promise<Instrument[]>>(),
  calibrations: jest.fn<() => Promise<Calibration[]>>(),
  impacts: jest.fn<() => Promise<ImpactEntry[]>>(),
  post: jest.fn<(url: string, body: unknown) => Promise<unknown>>(),
};

beforeEach(() => {
  for (const mock of Object.values(server)) mock.mockReset();
  server.instruments.mockResolvedValue([
    instrument(1, 'PM-01', day(-2)),
    instrument(2, 'PM-02', day(10)),
    instrument(3, 'PM-03', day(200)),
  ]);
  server.calibrations.mockResolvedValue([]);
  server.impacts.mockResolvedValue([openEntry]);
  jest.mocked(http.get).mockImplementation(async (url: string) => {
    if (url === '/instruments') return { data: { data: await server.instruments() } } as never;
    if (url === '/instrument-impacts') return { data: { data: await server.impacts() } } as never;
    if (/^\/instruments\/\d+\/calibrations$/.test(url))
      return { data: { data: await server.calibrations() } } as never;
    throw new Error(`unexpected GET ${url}`);
  });
  jest
    .mocked(http.post)
    .mockImplementation(
      async (url: string, body?: unknown) => ({ data: await server.post(url, body) }) as never,
    );
});

const renderPage = (roles: Role[] = ['freigabe']) => renderScreen(<InstrumentsPage />, { roles });
const row = (inventory: string) => screen.getByRole('rowheader', { name: inventory }).closest('tr')!;

describe('InstrumentsPage', () => {
  it('says in words which instruments are overdue or due soon, and shows a reader no edit actions', async () => {
    renderPage(['lesen']);
    await screen.findByRole('table', { name: 'Prüfmittel' });
    expect(screen.getByText(/^Prüfmittel, deren Kalibrierung in 30 Tagen fällig wird/)).toBeInTheDocument();
    expect(row('PM-01')).toHaveTextContent('Überfällig');
    expect(row('PM-02')).toHaveTextContent('Fällig in 10 Tagen');
    expect(row('PM-03')).not.toHaveTextContent(/Überfällig|Fällig in/);
    expect(screen.queryByRole('button', { name: /PRÜFMITTEL ANLEGEN/ })).toBeNull();
    expect(screen.queryByRole('button', { name: /^Bearbeiten/ })).toBeNull();
    expect(screen.getByRole('button', { name: /Auswirkungen \(1 offen\)/ })).toBeInTheDocument();
  });

  it('shows the API’s German field message at the field, with the keyboard on it', async () => {
    const user = userEvent.setup();
    server.post.mockRejectedValue(
      apiError(409, 'Diese Inventarnummer ist schon vergeben.', {
        inventory_number: 'Diese Inventarnummer ist schon vergeben.',
      }),
    );
    renderPage();
    await user.click(await screen.findByRole('button', { name: '+ PRÜFMITTEL ANLEGEN' }));
    const form = await screen.findByTestId('instrument-form');
    await user.type(within(form).getByLabelText('Inventarnummer'), 'pm-01');
    await user.type(within(form).getByLabelText('Bezeichnung'), 'Isolationsmessgerät');
    await user.click(within(form).getByRole('button', { name: 'SPEICHERN' }));
    const field = within(form).getByLabelText('Inventarnummer');
    await waitFor(() =>
      expect(field).toHaveAccessibleDescription('Diese Inventarnummer ist schon vergeben.'),
    );
    expect(field).toHaveFocus();
    expect(server.post).toHaveBeenCalledWith(
      '/instruments',
      expect.objectContaining({ inventory_number: 'pm-01' }),
    );
  });

  it('asks for the day since when an instrument out of tolerance is suspect, and refuses a file that is no PDF before sending', async () => {
    const user = userEvent.setup();
    server.post.mockResolvedValue({
      calibration_id: 9,
      instrument: instrument(1, 'PM-01', day(-2), 'blocked'),
      affected_certificates: [42],
    });
    renderPage();
    await user.click(await screen.findByRole('button', { name: 'Kalibrierungen PM-01' }));
    const form = await screen.findByTestId('calibration-form');
    expect(within(form).queryByLabelText(/Verdächtig seit/)).toBeNull();
    await user.click(within(form).getByLabelText('Außer Toleranz'));
    await user.type(within(form).getByLabelText(/Verdächtig seit/), day(-3));
    await user.upload(
      within(form).getByLabelText('Kalibrierschein (PDF, optional)'),
      new File(['kein pdf'], 'schein.pdf', { type: 'application/pdf' }),
    );
    await user.click(within(form).getByRole('button', { name: 'KALIBRIERUNG SPEICHERN' }));
    expect(await within(form).findByText('Bitte eine PDF-Datei wählen.')).toBeInTheDocument();
    expect(server.post).not.toHaveBeenCalled();

    await user.upload(
      within(form).getByLabelText('Kalibrierschein (PDF, optional)'),
      new File(['%PDF-1.7 …'], 'schein.pdf', { type: 'application/pdf' }),
    );
    await user.click(within(form).getByRole('button', { name: 'KALIBRIERUNG SPEICHERN' }));
    await waitFor(() => expect(server.post).toHaveBeenCalledTimes(2));
    expect(server.post).toHaveBeenNthCalledWith(1, '/instruments/1/calibrations', {
      calibrated_on: day(0),
      result: 'out_of_tolerance',
      suspect_since: day(-3),
    });
    expect(server.post.mock.calls[1][0]).toBe('/instruments/1/calibrations/9/certificate');
    expect(server.post.mock.calls[1][1]).toBeInstanceOf(FormData);
  });

  it('closes an open impact entry as without effect only with a reason the API accepts', async () => {
    const user = userEvent.setup();
    server.post.mockRejectedValueOnce(
      apiError(400, 'Bitte prüfen Sie die markierten Felder.', {
        note: 'Bitte begründen, warum es keine Auswirkung hat',
      }),
    );
    server.post.mockResolvedValueOnce({
      ...openEntry,
      closed_as: 'no_effect',
      note: 'Grenzwert weit entfernt',
    });
    renderPage();
    await user.click(await screen.findByRole('button', { name: /Auswirkungen/ }));
    const entry = await screen.findByTestId('impact-entry');
    expect(within(entry).getByRole('link', { name: 'Prüfbericht Nr. 42' })).toHaveAttribute(
      'href',
      '/certificates/42',
    );
    // The values the instrument measured, with their margin to the limit: decided without opening the certificate.
    expect(
      within(entry)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual([
      'AB1 · Isolationswiderstand: 1,3 MΩ – Abstand zur Grenze +0,3 MΩ (≥ 1 MΩ)',
      'AB2 (Versuch 2) · Isolationswiderstand: 0,8 MΩ ⚠ – Abstand zur Grenze -0,2 MΩ (≥ 1 MΩ)',
    ]);
    await user.click(within(entry).getByRole('button', { name: 'Ohne Auswirkung abschließen' }));
    await user.click(within(entry).getByRole('button', { name: 'Abschließen' }));
    expect(
      await within(entry).findByText('Bitte begründen, warum es keine Auswirkung hat'),
    ).toBeInTheDocument();
    await user.type(within(entry).getByLabelText('Begründung'), 'Grenzwert weit entfernt');
    await user.click(within(entry).getByRole('button', { name: 'Abschließen' }));
    await waitFor(() =>
      expect(server.post).toHaveBeenLastCalledWith('/instrument-impacts/5/close', {
        closed_as: 'no_effect',
        note: 'Grenzwert weit entfernt',
      }),
    );
  });
});

describe('InstrumentsPage in each staff language', () => {
  afterEach(() => act(() => setLanguage('de')));

  const texts = {
    de: {
      table: 'Prüfmittel',
      overdue: ['Isolationsmessgerät', 'Überfällig', 'In Gebrauch'],
      dueSoon: 'Fällig in 10 Tagen',
      impacts: 'Auswirkungen (1 offen)',
      certificate: 'Prüfbericht Nr. 42',
      value: 'AB2 (Versuch 2) · Isolationswiderstand: 0,8 MΩ ⚠ – Abstand zur Grenze -0,2 MΩ (≥ 1 MΩ)',
      close: 'Ohne Auswirkung abschließen',
      register: 'Register',
      calibrations: 'Kalibrierungen PM-01',
      history: 'Kalibrierungen von PM-01',
    },
    en: {
      table: 'Test instruments',
      overdue: ['Insulation resistance tester', 'Overdue', 'In use'],
      dueSoon: 'Due in 10 days',
      impacts: 'Impacts (1 open)',
      certificate: 'Certificate No. 42',
      value: 'AB2 (attempt 2) · Insulation resistance: 0.8 MΩ ⚠ – margin to the limit -0.2 MΩ (≥ 1 MΩ)',
      close: 'Close with no effect',
      register: 'Register',
      calibrations: 'Calibrations PM-01',
      history: 'Calibrations of PM-01',
    },
    pl: {
      table: 'Przyrządy pomiarowe',
      overdue: ['Miernik rezystancji izolacji', 'Po terminie', 'W użyciu'],
      dueSoon: 'Termin za 10 dni',
      impacts: 'Ocena wpływu (1 otwarta)',
      certificate: 'Protokół badania nr 42',
      value:
        'AB2 (próba 2) · Insulation resistance: 0,8 MΩ ⚠ – odstęp od wartości granicznej -0,2 MΩ (≥ 1 MΩ)',
      close: 'Zamknij: bez wpływu',
      register: 'Rejestr',
      calibrations: 'Wzorcowania PM-01',
      history: 'Wzorcowania przyrządu PM-01',
    },
  } satisfies Record<StaffLanguage, unknown>;

  it.each(Object.keys(texts) as StaffLanguage[])(
    'in %s: the register, the impacts and an instrument’s calibrations',
    async (language) => {
      const text = texts[language];
      const user = userEvent.setup();
      await act(() => setLanguage(language));
      renderPage();
      await screen.findByRole('table', { name: text.table });
      for (const said of text.overdue) expect(row('PM-01')).toHaveTextContent(said);
      expect(row('PM-02')).toHaveTextContent(text.dueSoon);
      await user.click(screen.getByRole('button', { name: text.impacts }));
      const entry = await screen.findByTestId('impact-entry');
      expect(within(entry).getByRole('link', { name: text.certificate })).toBeInTheDocument();
      expect(within(entry).getAllByRole('listitem')[1]).toHaveTextContent(text.value);
      expect(within(entry).getByRole('button', { name: text.close })).toBeInTheDocument();
      await user.click(screen.getByRole('button', { name: text.register }));
      await user.click(screen.getByRole('button', { name: text.calibrations }));
      expect(await screen.findByRole('heading', { name: text.history })).toBeInTheDocument();
    },
  );
});
