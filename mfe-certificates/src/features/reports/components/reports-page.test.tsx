import { afterEach, beforeEach, describe, expect, it, jest } from '@jest/globals';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { berlinMonth, type UnitsByBrandReport } from 'contracts';
import { MemoryRouter, useLocation } from 'react-router-dom';
import { http, setLanguage } from 'shared-ui';
import { chartPeriod, monthDays, percentValue } from '../months';
import ReportsPage from './reports-page';

// Chart.js needs a real canvas; what is drawn is the config (kept here), and the numbers are in the table.
const drawn: {
  label: string;
  config: { options?: { onClick?: (event: unknown, bars: object[]) => void } };
}[] = [];
jest.mock('./chart-canvas', () => ({
  ChartCanvas: (props: (typeof drawn)[number]) => {
    drawn.push(props);
    return null;
  },
}));
jest.mock('./test-record-charts', () => ({ __esModule: true, default: () => null }));

const getMock = jest.spyOn(http, 'get');

function Location() {
  const { pathname, search } = useLocation();
  return <output data-testid="location">{pathname + search}</output>;
}
const brands = (from: string, to: string): UnitsByBrandReport => ({
  from,
  to,
  months: [from, to],
  data: [{ brand_id: 4, brand_name: 'Ölmühle', units: [0, 3], certificates: [0, 1], voided_units: [0, 1] }],
});

beforeEach(() => {
  getMock.mockImplementation(async (url: string, options?: unknown) => {
    const { params } = (options ?? {}) as { params: { from: string; to: string } };
    if (url === '/reports/units-by-brand') return { data: brands(params.from, params.to) } as never;
    if (url === '/reports/units-by-checker')
      return { data: { ...params, months: [params.from, params.to], data: [] } } as never;
    if (url === '/reports/top-machines') return { data: { period: '2026', data: [] } } as never;
    throw new Error(`unexpected ${url}`);
  });
});
afterEach(() => {
  getMock.mockReset();
});

const brandQueries = () =>
  getMock.mock.calls
    .filter(([url]) => url === '/reports/units-by-brand')
    .map(([, o]) => (o as { params: object }).params);

describe('the charts (issue 31)', () => {
  it('write numbers the German way', () => {
    expect(percentValue(0.25, 'de-DE')).toBe('0,25 %');
    expect(percentValue('12.5', 'de-DE')).toBe('12,5 %');
    expect(monthDays('2028-02')).toEqual({ from: '2028-02-01', to: '2028-02-29' });
    expect(chartPeriod('last12', '2026-03')).toEqual({ from: '2025-04', to: '2026-03' });
    expect(chartPeriod('lastYear', '2026-03')).toEqual({ from: '2025-01', to: '2025-12' });
  });

  it('show a chosen period (a year by default), and lead from a brand’s month to its list', async () => {
    const user = userEvent.setup();
    render(
      <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
        <MemoryRouter>
          <ReportsPage />
          <Location />
        </MemoryRouter>
      </QueryClientProvider>,
    );
    const now = berlinMonth(new Date());
    await waitFor(() => expect(brandQueries().at(-1)).toEqual(chartPeriod('last12', now)));
    expect(
      await screen.findByRole('figure', { name: 'Einheiten je Monat nach Marke (letzte 12 Monate)' }),
    ).toBeInTheDocument();
    await user.selectOptions(screen.getByLabelText('ZEITRAUM DER MONATE'), 'letztes Jahr');
    const lastYear = chartPeriod('lastYear', now);
    await waitFor(() => expect(brandQueries().at(-1)).toEqual(lastYear));
    const link = await screen.findByRole('link', { name: /^3: Liste Ölmühle/ });
    const { from, to } = monthDays(lastYear.to);
    expect(link).toHaveAttribute('href', `/?tab=certificate_list&from=${from}&to=${to}&brand_id=4`);
    expect(
      screen.getByText('Ein Klick auf einen Balken öffnet die Liste dieser Marke in diesem Monat.'),
    ).toBeInTheDocument();
    // A click on the bar of the brand's second month opens the same list.
    const brandChart = drawn.filter((chart) => chart.label.includes('nach Marke')).at(-1)!;
    act(() => brandChart.config.options!.onClick!({}, [{ datasetIndex: 0, index: 1 }]));
    expect(screen.getByTestId('location')).toHaveTextContent(
      `/?tab=certificate_list&from=${from}&to=${to}&brand_id=4`,
    );
  });
});

describe('the reports in each staff language', () => {
  afterEach(() => act(() => setLanguage('de')));

  it.each([
    {
      language: 'de' as const,
      figure: 'Einheiten je Monat nach Marke (letzte 12 Monate)',
      period: 'ZEITRAUM DER MONATE',
      voided: 'Anteil stornierter Einheiten je Monat (letzte 12 Monate)',
      columns: ['Monat', 'Einheiten', 'Storniert', 'Anteil storniert'],
      share: '33,3 %',
    },
    {
      language: 'en' as const,
      figure: 'Units per month by brand (last 12 months)',
      period: 'MONTHS SHOWN',
      voided: 'Share of voided units per month (last 12 months)',
      columns: ['Month', 'Units', 'Voided', 'Share voided'],
      share: '33.3%',
    },
    {
      language: 'pl' as const,
      figure: 'Egzemplarze w miesiącu według marki (ostatnie 12 miesięcy)',
      period: 'OKRES WYKRESÓW',
      voided: 'Udział unieważnionych egzemplarzy w miesiącu (ostatnie 12 miesięcy)',
      columns: ['Miesiąc', 'Egzemplarze', 'Unieważnione', 'Udział unieważnionych'],
      share: '33,3%',
    },
  ])('switch to $language at once, figures and tables too', async (texts) => {
    render(
      <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
        <MemoryRouter>
          <ReportsPage />
        </MemoryRouter>
      </QueryClientProvider>,
    );
    await screen.findByRole('figure', { name: 'Einheiten je Monat nach Marke (letzte 12 Monate)' });
    await act(() => setLanguage(texts.language));
    expect(await screen.findByRole('figure', { name: texts.figure })).toBeInTheDocument();
    expect(screen.getByLabelText(texts.period)).toBeInTheDocument();
    const voided = screen.getByRole('figure', { name: texts.voided });
    const table = within(voided).getByRole('table');
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((th) => th.textContent),
    ).toEqual(texts.columns);
    expect(within(table).getAllByRole('row')[2]).toHaveTextContent(texts.share);
  });
});
