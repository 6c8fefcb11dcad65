import { afterEach, beforeEach, describe, expect, it, jest } from '@jest/globals';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import {
  DEFAULT_PLAN_STEPS,
  type FailureReasonsReport,
  type FirstPassYieldReport,
  type StepTrendReport,
  type TestPlan,
} from 'contracts';
import { http, setLanguage } from 'shared-ui';
import { INSULATION_STEP } from '../../../test-support/test-record';
import TestRecordCharts, {
  capabilityText,
  failureReasonsFigure,
  firstPassYieldFigure,
  stepTrendFigure,
} from './test-record-charts';

const getMock = jest.spyOn(http, 'get');

const yieldReport: FirstPassYieldReport = {
  from: '2026-10',
  to: '2026-11',
  data: [
    { machine_id: 7, machine_name: 'MAB 825', month: '2026-11', tested: 4, first_pass: 3 },
    { machine_id: 3, machine_name: 'AirMAB 5000', month: '2026-10', tested: 10, first_pass: 10 },
    { machine_id: 3, machine_name: 'AirMAB 5000', month: '2026-11', tested: 3, first_pass: 1 },
  ],
};
const residual = {
  ...INSULATION_STEP,
  key: 'residual_voltage',
  title: { ...INSULATION_STEP.title, de: 'Restspannung' },
  unit: 'V',
  lower: null,
  upper: 60,
};
const plan = (machineId: number, steps = [...DEFAULT_PLAN_STEPS, INSULATION_STEP, residual]): TestPlan => ({
  machine_id: machineId,
  version: 2,
  steps,
  created_at: null,
  created_by_name: null,
  reason: null,
});
const trend: StepTrendReport = {
  from: '2026-10',
  to: '2026-11',
  step: INSULATION_STEP,
  // Newest first, as the API keeps the newest points.
  data: [
    {
      serial: '4852611002',
      tested_at: '2026-11-20T09:05:00.000Z',
      value: 0.8,
      plan_version: 2,
      lower: 1,
      upper: null,
    },
    {
      serial: '4852611001',
      tested_at: '2026-11-20T09:00:00.000Z',
      value: 12.5,
      plan_version: 2,
      lower: 1,
      upper: null,
    },
  ],
  capability: { count: 2, mean: 6.65, sd: 8.27, cp: null, cpk: 0.23, few_values: true },
};
/** The residual voltage's limit went from ≤ 60 V (version 1) to ≤ 50 V (version 2). */
const voltageTrend: StepTrendReport = {
  from: '2026-10',
  to: '2026-11',
  step: { ...residual, upper: 50 },
  data: [
    {
      serial: '4852611003',
      tested_at: '2026-11-02T09:00:00.000Z',
      value: 52,
      plan_version: 2,
      lower: null,
      upper: 50,
    },
    {
      serial: '4852610001',
      tested_at: '2026-10-02T09:00:00.000Z',
      value: 55,
      plan_version: 1,
      lower: null,
      upper: 60,
    },
  ],
  capability: { count: 2, mean: 53.5, sd: 2.12, cp: null, cpk: -0.55, few_values: true },
};
const reasons: FailureReasonsReport = {
  from: '2026-10',
  to: '2026-11',
  tested: 10,
  first_pass: 6,
  data: [
    {
      step_key: 'residual_voltage',
      code: 'ISO',
      reason: 'Isolationsfehler',
      title: residual.title,
      failures: 3,
    },
    { step_key: 'isolation', code: null, reason: null, title: DEFAULT_PLAN_STEPS[5].title, failures: 1 },
  ],
};

beforeEach(() => {
  getMock.mockImplementation(async (url: string, options?: unknown) => {
    const params = (options as { params?: Record<string, unknown> } | undefined)?.params;
    if (url === '/reports/first-pass-yield') return { data: yieldReport } as never;
    if (url === '/reports/failure-reasons') return { data: reasons } as never;
    if (url === '/machine/3/test-plan') return { data: plan(3) } as never;
    if (url === '/machine/7/test-plan') return { data: plan(7, [...DEFAULT_PLAN_STEPS]) } as never;
    if (url === '/reports/step-trend')
      return {
        data: params?.step === 'residual_voltage' ? { ...trend, step: residual, data: [] } : trend,
      } as never;
    throw new Error(`unexpected ${url}`);
  });
});
afterEach(() => {
  getMock.mockReset();
});

const paramsOf = (path: string) =>
  getMock.mock.calls
    .filter(([url]) => url === path)
    .map(([, options]) => (options as { params: unknown }).params);

function renderCharts() {
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <TestRecordCharts />
    </QueryClientProvider>,
  );
}

describe('first-pass yield', () => {
  it('is the share passing at the first attempt, per machine and month; a month without tests draws no bar', () => {
    const { config, table } = firstPassYieldFigure(yieldReport, ['2026-10', '2026-11'], 'de-DE');
    expect(config.data.datasets.map((set) => [set.label, set.data])).toEqual([
      ['AirMAB 5000', [100, 100 / 3]],
      ['MAB 825', [null, 75]],
    ]);
    expect(table.rows).toEqual([
      ['Okt. 2026', 'AirMAB 5000', '10', '10', '100 %'],
      ['Nov. 2026', 'AirMAB 5000', '3', '1', '33,3 %'],
      ['Nov. 2026', 'MAB 825', '4', '3', '75 %'],
    ]);
  });
});

describe('the trend of a step', () => {
  it('draws the values oldest first with the limit as a line, and says which values lie outside', () => {
    const { config, table } = stepTrendFigure(trend, 'de-DE');
    expect(config.data.datasets.map((set) => [set.label, set.data])).toEqual([
      ['Isolationswiderstand MΩ', [12.5, 0.8]],
      ['Untere Grenze: 1 MΩ', [1, 1]],
    ]);
    expect(table.columns.slice(3)).toEqual(['Grenzwert', 'Ergebnis']);
    expect(table.rows).toEqual([
      ['4852611001', '20.11.2026 10:00', '12,5 MΩ', '≥ 1 MΩ (Planversion 2)', 'innerhalb'],
      ['4852611002', '20.11.2026 10:05', '0,8 MΩ', '≥ 1 MΩ (Planversion 2)', 'außerhalb'],
    ]);
  });

  it('draws each value against its own plan version’s limit: 55 V passed under ≤ 60 V stays inside', () => {
    const { config, table } = stepTrendFigure(voltageTrend, 'de-DE');
    expect(config.data.datasets.map((set) => [set.label, set.data])).toEqual([
      ['Restspannung V', [55, 52]],
      ['Obere Grenze der Planversion jeder Einheit', [60, 50]],
    ]);
    expect(table.rows).toEqual([
      ['4852610001', '02.10.2026 11:00', '55 V', '≤ 60 V (Planversion 1)', 'innerhalb'],
      ['4852611003', '02.11.2026 10:00', '52 V', '≤ 50 V (Planversion 2)', 'außerhalb'],
    ]);
  });

  it('gives Cp and Cpk with the values they rest on, Cpk alone with one limit, and warns below 25 values', () => {
    expect(capabilityText(voltageTrend, 'de-DE')).toEqual({
      text: 'Cpk -0,55 – aus 2 Messwerten, gegen den Grenzwert des aktuellen Prüfplans (≤ 50 V); Cp braucht zwei Grenzwerte.',
      warning: 'Weniger als 25 Messwerte: Cp und Cpk sagen noch wenig über den Prozess aus.',
    });
    const both = { ...residual, lower: 10, upper: 60 };
    expect(
      capabilityText(
        {
          ...voltageTrend,
          step: both,
          capability: { count: 30, mean: 40, sd: 5, cp: 1.6667, cpk: 1.3333, few_values: false },
        },
        'de-DE',
      ),
    ).toEqual({
      text: 'Cp 1,67 · Cpk 1,33 – aus 30 Messwerten, gegen die Grenzwerte des aktuellen Prüfplans (10 … 60 V); empirische Standardabweichung.',
    });
    expect(capabilityText({ ...voltageTrend, capability: null }, 'de-DE')).toBeNull();
  });
});

describe('the failure reasons', () => {
  it('are bars per step and finding, most first, with their running share on a percent axis', () => {
    const { config, table } = failureReasonsFigure(reasons, 'de-DE');
    expect(config.data.labels).toEqual([
      'Restspannung – Isolationsfehler',
      'Schutzleiter – noch ohne Befund',
    ]);
    expect(config.data.datasets.map((set) => [set.label, set.data])).toEqual([
      ['Fehler', [3, 1]],
      ['Kumulierter Anteil', [75, 100]],
    ]);
    expect(table.rows).toEqual([
      ['Restspannung – Isolationsfehler', '3', '75 %', '75 %'],
      ['Schutzleiter – noch ohne Befund', '1', '25 %', '100 %'],
    ]);
  });
});

describe('the test record’s figures in English and Polish', () => {
  afterEach(() => setLanguage('de'));

  it('name their columns and write months, numbers and shares in the language', async () => {
    await setLanguage('en');
    const english = firstPassYieldFigure(yieldReport, ['2026-10', '2026-11'], 'en-GB');
    expect(english.table.columns).toEqual([
      'Month',
      'Article number',
      'Tested',
      'Passed at the first attempt',
      'First-pass yield',
    ]);
    expect(english.table.rows[1]).toEqual(['Nov 2026', 'AirMAB 5000', '3', '1', '33.3%']);
    await setLanguage('pl');
    const polish = stepTrendFigure(trend, 'pl-PL');
    expect(polish.config.data.datasets.map((set) => set.label)).toEqual([
      // A step of the plan's own has no Polish title: its English one.
      'Insulation resistance MΩ',
      'Dolna granica: 1 MΩ',
    ]);
    expect(polish.table.columns).toEqual([
      'Numer seryjny',
      'Data badania',
      'Wartość zmierzona',
      'Wartość graniczna',
      'Wynik',
    ]);
    expect(polish.table.rows[0]).toEqual([
      '4852611001',
      '20.11.2026 10:00',
      '12,5 MΩ',
      '≥ 1 MΩ (wersja planu 2)',
      'w granicach',
    ]);
  });
});

describe('TestRecordCharts', () => {
  it('asks for the last twelve months, then the trend of the first machine’s first numeric step', async () => {
    renderCharts();
    expect(
      await screen.findByRole('figure', { name: /^Erstausbeute je Maschine und Monat/ }),
    ).toBeInTheDocument();
    const [query] = paramsOf('/reports/first-pass-yield') as { from: string; to: string }[];
    expect(query.from < query.to).toBe(true);
    expect(screen.getByLabelText('VON MONAT')).toHaveValue(query.from);
    await waitFor(() =>
      expect(paramsOf('/reports/step-trend').at(-1)).toEqual({
        machine_id: 3,
        step: 'insulation_mohm',
        ...query,
      }),
    );
    expect(await screen.findByLabelText('MESSWERT')).toHaveDisplayValue('Isolationswiderstand (≥ 1 MΩ)');
    const table = screen.getByRole('region', { name: /Verlauf eines Messwerts/ });
    expect(within(table).getByText('außerhalb')).toBeInTheDocument();
    expect(screen.getByText(/^Cpk 0,23 – aus 2 Messwerten/)).toBeInTheDocument();
    expect(screen.getByText(/^Weniger als 25 Messwerte/)).toBeInTheDocument();
    const pareto = screen.getByRole('figure', { name: /^Fehlerursachen \(Pareto\)/ });
    expect(
      within(pareto).getByText('Erstausbeute 60 % (6 von 10 beim ersten Versuch bestanden)'),
    ).toBeInTheDocument();
    expect(paramsOf('/reports/failure-reasons').at(-1)).toEqual({ machine_id: 3, ...query });
  });

  it('changes the step and the machine; a machine without a numeric step says so', async () => {
    const user = userEvent.setup();
    renderCharts();
    await user.selectOptions(await screen.findByLabelText('MESSWERT'), 'Restspannung (≤ 60 V)');
    await waitFor(() =>
      expect(paramsOf('/reports/step-trend').at(-1)).toMatchObject({ step: 'residual_voltage' }),
    );
    expect(await screen.findByText('Für diesen Zeitraum gibt es keine Messwerte.')).toBeInTheDocument();
    const trendFigure = screen.getByRole('figure', { name: /^Verlauf eines Messwerts/ });
    await user.selectOptions(within(trendFigure).getByLabelText('MASCHINE'), 'MAB 825');
    expect(await screen.findByText('Der Prüfplan dieser Maschine hat keinen Messwert.')).toBeInTheDocument();
    expect(screen.queryByLabelText('MESSWERT')).not.toBeInTheDocument();
  });

  it('names a period that ends before it starts and keeps the last one asked', async () => {
    const user = userEvent.setup();
    renderCharts();
    const from = await screen.findByLabelText('VON MONAT');
    const asked = paramsOf('/reports/first-pass-yield').length;
    await user.clear(from);
    await user.type(from, '2099-01');
    expect(await screen.findByRole('alert')).toHaveTextContent('Der Bis-Monat liegt vor dem Von-Monat.');
    expect(from).toHaveAttribute('aria-invalid', 'true');
    expect(paramsOf('/reports/first-pass-yield')).toHaveLength(asked);
  });
});
