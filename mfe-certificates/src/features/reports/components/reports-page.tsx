import type { ChartConfiguration } from 'chart.js';
import {
  addMonths,
  berlinMonth,
  staffUrls,
  type TopMachinesReport,
  type UnitsByBrandReport,
} from 'contracts';
import { lazy, Suspense, useId, useMemo, useState, type ReactNode } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import { apiErrorMessage, LoadError, Spinner } from 'shared-ui';
import '../../../styles/remote.css';
import './reports.css';
import { useTopMachines } from '../api/get-top-machines';
import { useUnitsByBrand } from '../api/get-units-by-brand';
import { useUnitsByChecker } from '../api/get-units-by-checker';
import {
  CHART_PERIODS,
  chartPeriod,
  colour,
  monthDays,
  monthLabel,
  number,
  percent,
  percentValue,
  type ChartPeriod,
} from '../months';
import { reportMessages as t } from '../report-messages';
import { ChartFigure, type FigureTable } from './chart-figure';

// The test record's charts (first-pass yield, a step's trend) are a chunk of their own.
const TestRecordCharts = lazy(() => import('./test-record-charts'));

/** A report's series as a chart takes them: each named, by name (as German sorts), its units per month. */
function seriesOf<R extends { units: number[] }>(rows: R[], nameOf: (row: R) => string) {
  return rows
    .map((row) => ({ name: nameOf(row), values: row.units, row }))
    .sort((a, b) => a.name.localeCompare(b.name, 'de'));
}

/** The list of one brand's certificates in one month: where a bar of the brand chart leads. */
const brandMonthUrl = (brandId: number, month: string) => {
  const { from, to } = monthDays(month);
  return `${staffUrls.tab('certificate_list')}&from=${from}&to=${to}&brand_id=${brandId}`;
};

/** A chart of one series per name and month, and its table: a row per month, a column per name and the sum. */
function monthlyFigure(
  kind: 'bar' | 'line',
  months: string[],
  series: { name: string; values: number[] }[],
  /** Where a click on a series' month leads (and its number in the table), when it leads anywhere. */
  open?: { url: (series: number, month: number) => string; go: (url: string) => void },
): { config: ChartConfiguration; table: FigureTable } {
  const labels = months.map(monthLabel);
  const config = {
    type: kind,
    data: {
      labels,
      datasets: series.map((s, i) => ({
        label: s.name,
        data: s.values,
        backgroundColor: colour(i),
        borderColor: colour(i),
      })),
    },
    options: {
      ...(open && {
        onClick: (_event: unknown, elements: { datasetIndex: number; index: number }[]) => {
          const [bar] = elements;
          if (bar) open.go(open.url(bar.datasetIndex, bar.index));
        },
      }),
      // Units are whole numbers: no ticks between them.
      scales:
        kind === 'bar'
          ? { x: { stacked: true }, y: { stacked: true, beginAtZero: true, ticks: { precision: 0 } } }
          : { y: { beginAtZero: true, ticks: { precision: 0 } } },
    },
  } as ChartConfiguration;
  const rows = months.map((_, m) => {
    const values = series.map((s) => s.values[m]);
    const cells = values.map((value, i) =>
      open && value ? (
        <Link key={i} to={open.url(i, m)} aria-label={t.openList(series[i].name, labels[m], number(value))}>
          {number(value)}
        </Link>
      ) : (
        number(value)
      ),
    );
    return [labels[m], ...cells, number(values.reduce((a, b) => a + b, 0))];
  });
  const anything = series.some((s) => s.values.some(Boolean));
  return {
    config,
    table: { columns: [t.month, ...series.map((s) => s.name), t.total], rows: anything ? rows : [] },
  };
}

function voidedFigure(report: UnitsByBrandReport): { config: ChartConfiguration; table: FigureTable } {
  const { months } = report;
  const sums = months.map((_, m) => ({
    units: report.data.reduce((total, row) => total + row.units[m], 0),
    voided: report.data.reduce((total, row) => total + row.voided_units[m], 0),
  }));
  const config = {
    type: 'line',
    data: {
      labels: months.map(monthLabel),
      datasets: [
        {
          label: t.share,
          data: sums.map((s) => (s.units ? (100 * s.voided) / s.units : 0)),
          borderColor: colour(6),
          backgroundColor: colour(6),
        },
      ],
    },
    options: {
      scales: { y: { beginAtZero: true, ticks: { callback: percentValue } } },
      plugins: {
        tooltip: {
          callbacks: {
            label: (item: { dataset: { label?: string }; raw: unknown }) =>
              `${item.dataset.label}: ${percentValue(Number(item.raw))}`,
          },
        },
      },
    },
  } as ChartConfiguration;
  const rows = months.map((month, m) => [
    monthLabel(month),
    number(sums[m].units),
    number(sums[m].voided),
    percent(sums[m].voided, sums[m].units),
  ]);
  const anything = sums.some((s) => s.units);
  return { config, table: { columns: [t.month, t.units, t.voided, t.share], rows: anything ? rows : [] } };
}

function topMachinesFigure(report: TopMachinesReport): { config: ChartConfiguration; table: FigureTable } {
  const config = {
    type: 'bar',
    data: {
      labels: report.data.map((row) => row.machine_name),
      datasets: [{ label: t.units, data: report.data.map((row) => row.units), backgroundColor: colour(0) }],
    },
    options: {
      indexAxis: 'y',
      plugins: { legend: { display: false } },
      scales: { x: { beginAtZero: true, ticks: { precision: 0 } } },
    },
  } as ChartConfiguration;
  const rows = report.data.map((row) => [
    row.machine_name,
    row.brand_name,
    number(row.units),
    number(row.certificates),
    number(row.voided_units),
  ]);
  return { config, table: { columns: [t.machine, t.brand, t.units, t.certificates, t.voided], rows } };
}

/** The periods offered for the top machines: this year and last year, then each of the last 24 months. */
function periods(now: Date) {
  const month = berlinMonth(now);
  const year = Number(month.slice(0, 4));
  return [
    { value: String(year), label: t.year(String(year)) },
    { value: String(year - 1), label: t.year(String(year - 1)) },
    ...Array.from({ length: 24 }, (_, i) => {
      const m = addMonths(month, -i);
      return { value: m, label: monthLabel(m) };
    }),
  ];
}

/** Waits for a report, or says that it failed with the server's message and a retry. */
function Loaded<T>({
  query,
  children,
}: {
  query: { data?: T; error: unknown; isError: boolean; refetch: () => unknown };
  children: (data: T) => ReactNode;
}) {
  if (query.isError)
    return (
      <LoadError message={apiErrorMessage(query.error) ?? t.failed} onRetry={() => void query.refetch()} />
    );
  if (query.data === undefined) return <Spinner />;
  return <>{children(query.data)}</>;
}

/** Tab "Auswertung": production at a glance, each chart with its numbers in a table. */
export default function ReportsPage() {
  const id = useId();
  const navigate = useNavigate();
  const options = useMemo(() => periods(new Date()), []);
  const [period, setPeriod] = useState(options[0].value);
  // The monthly charts show a chosen period, a year by default, not two mostly empty ones.
  const [months, setMonths] = useState<ChartPeriod>('last12');
  const range = useMemo(() => chartPeriod(months, berlinMonth(new Date())), [months]);
  const periodName = t.periods[months];
  const byBrand = useUnitsByBrand(range);
  const byChecker = useUnitsByChecker(range);
  const top = useTopMachines({ period });
  const brandFigure = useMemo(
    () =>
      byBrand.data &&
      (() => {
        const { months: shown, data } = byBrand.data;
        const series = seriesOf(data, (row) => row.brand_name);
        return monthlyFigure('bar', shown, series, {
          url: (s, m) => brandMonthUrl(series[s].row.brand_id, shown[m]),
          go: (url) => void navigate(url),
        });
      })(),
    [byBrand.data, navigate],
  );
  const voided = useMemo(() => byBrand.data && voidedFigure(byBrand.data), [byBrand.data]);
  const topFigure = useMemo(() => top.data && topMachinesFigure(top.data), [top.data]);
  const checkerFigure = useMemo(
    () =>
      byChecker.data &&
      monthlyFigure(
        'line',
        byChecker.data.months,
        seriesOf(byChecker.data.data, (row) => row.checker),
      ),
    [byChecker.data],
  );

  return (
    <div className="cert-screen" data-testid="reports">
      <div className="sui-field cert-report-period">
        <label htmlFor={`${id}-months`}>{t.chartPeriod}</label>
        <select
          id={`${id}-months`}
          className="sui-input"
          value={months}
          onChange={(event) => setMonths(event.target.value as ChartPeriod)}
        >
          {CHART_PERIODS.map((value) => (
            <option key={value} value={value}>
              {t.periods[value]}
            </option>
          ))}
        </select>
      </div>
      <div className="cert-reports">
        <Loaded query={byBrand}>
          {() => <ChartFigure title={t.byBrand(periodName)} hint={t.clickHint} {...brandFigure!} />}
        </Loaded>
        <Loaded query={top}>
          {() => (
            <ChartFigure
              title={t.topMachines}
              {...topFigure!}
              controls={
                <div className="sui-field">
                  <label htmlFor={`${id}-period`}>{t.period}</label>
                  <select
                    id={`${id}-period`}
                    className="sui-input"
                    value={period}
                    onChange={(event) => setPeriod(event.target.value)}
                  >
                    {options.map((option) => (
                      <option key={option.value} value={option.value}>
                        {option.label}
                      </option>
                    ))}
                  </select>
                </div>
              }
            />
          )}
        </Loaded>
        <Loaded query={byChecker}>
          {() => <ChartFigure title={t.byChecker(periodName)} {...checkerFigure!} />}
        </Loaded>
        <Loaded query={byBrand}>
          {() => <ChartFigure title={t.voidedShare(periodName)} {...voided!} />}
        </Loaded>
        <Suspense fallback={<Spinner />}>
          <TestRecordCharts />
        </Suspense>
      </div>
    </div>
  );
}
