import type { ChartConfiguration } from 'chart.js';
import {
  addMonths,
  berlinMonth,
  staffUrls,
  STAFF_LOCALES,
  type TopMachinesReport,
  type UnitsByBrandReport,
} from 'contracts';
import { lazy, Suspense, useId, useMemo, useState, type ReactNode } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import { apiErrorMessage, LoadError, Spinner, useLanguage, useT } from 'shared-ui';
import { certificateCatalogs, translate } from '../../../catalogs';
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
import { ChartFigure, type FigureTable } from './chart-figure';

// The test record's charts (first-pass yield, a step's trend) are a chunk of their own.
const TestRecordCharts = lazy(() => import('./test-record-charts'));

/** A report's series as a chart takes them: each named, by name (as the language sorts), its units per month. */
function seriesOf<R extends { units: number[] }>(rows: R[], nameOf: (row: R) => string, locale: string) {
  return rows
    .map((row) => ({ name: nameOf(row), values: row.units, row }))
    .sort((a, b) => a.name.localeCompare(b.name, locale));
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
  locale: string,
  /** Where a click on a series' month leads (and its number in the table), when it leads anywhere. */
  open?: { url: (series: number, month: number) => string; go: (url: string) => void },
): { config: ChartConfiguration; table: FigureTable } {
  const labels = months.map((month) => monthLabel(month, locale));
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
        <Link
          key={i}
          to={open.url(i, m)}
          aria-label={translate('reports.openList', {
            units: number(value, locale),
            brand: series[i].name,
            month: labels[m],
          })}
        >
          {number(value, locale)}
        </Link>
      ) : (
        number(value, locale)
      ),
    );
    return [
      labels[m],
      ...cells,
      number(
        values.reduce((a, b) => a + b, 0),
        locale,
      ),
    ];
  });
  const anything = series.some((s) => s.values.some(Boolean));
  return {
    config,
    table: {
      columns: [translate('reports.month'), ...series.map((s) => s.name), translate('reports.total')],
      rows: anything ? rows : [],
    },
  };
}

function voidedFigure(
  report: UnitsByBrandReport,
  locale: string,
): { config: ChartConfiguration; table: FigureTable } {
  const { months } = report;
  const sums = months.map((_, m) => ({
    units: report.data.reduce((total, row) => total + row.units[m], 0),
    voided: report.data.reduce((total, row) => total + row.voided_units[m], 0),
  }));
  const config = {
    type: 'line',
    data: {
      labels: months.map((month) => monthLabel(month, locale)),
      datasets: [
        {
          label: translate('reports.share'),
          data: sums.map((s) => (s.units ? (100 * s.voided) / s.units : 0)),
          borderColor: colour(6),
          backgroundColor: colour(6),
        },
      ],
    },
    options: {
      scales: {
        y: {
          beginAtZero: true,
          ticks: { callback: (value: number | string) => percentValue(value, locale) },
        },
      },
      plugins: {
        tooltip: {
          callbacks: {
            label: (item: { dataset: { label?: string }; raw: unknown }) =>
              `${item.dataset.label}: ${percentValue(Number(item.raw), locale)}`,
          },
        },
      },
    },
  } as ChartConfiguration;
  const rows = months.map((month, m) => [
    monthLabel(month, locale),
    number(sums[m].units, locale),
    number(sums[m].voided, locale),
    percent(sums[m].voided, sums[m].units, locale),
  ]);
  const anything = sums.some((s) => s.units);
  return {
    config,
    table: {
      columns: [
        translate('reports.month'),
        translate('reports.units'),
        translate('reports.voided'),
        translate('reports.share'),
      ],
      rows: anything ? rows : [],
    },
  };
}

function topMachinesFigure(
  report: TopMachinesReport,
  locale: string,
): { config: ChartConfiguration; table: FigureTable } {
  const config = {
    type: 'bar',
    data: {
      labels: report.data.map((row) => row.machine_name),
      datasets: [
        {
          label: translate('reports.units'),
          data: report.data.map((row) => row.units),
          backgroundColor: colour(0),
        },
      ],
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
    number(row.units, locale),
    number(row.certificates, locale),
    number(row.voided_units, locale),
  ]);
  return {
    config,
    table: {
      columns: [
        translate('reports.machine'),
        translate('reports.brand'),
        translate('reports.units'),
        translate('reports.certificates'),
        translate('reports.voided'),
      ],
      rows,
    },
  };
}

/** The periods offered for the top machines: this year and last year, then each of the last 24 months. */
function periods(now: Date, locale: string) {
  const month = berlinMonth(now);
  const year = Number(month.slice(0, 4));
  return [
    { value: String(year), label: translate('reports.year', { year }) },
    { value: String(year - 1), label: translate('reports.year', { year: year - 1 }) },
    ...Array.from({ length: 24 }, (_, i) => {
      const m = addMonths(month, -i);
      return { value: m, label: monthLabel(m, locale) };
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
      <LoadError
        message={apiErrorMessage(query.error) ?? translate('reports.failed')}
        onRetry={() => void query.refetch()}
      />
    );
  if (query.data === undefined) return <Spinner />;
  return <>{children(query.data)}</>;
}

/** Tab "Auswertung": production at a glance, each chart with its numbers in a table. */
export default function ReportsPage() {
  const t = useT(certificateCatalogs);
  // The figures hold the language's words and numbers (months.ts): made again when it changes.
  const locale = STAFF_LOCALES[useLanguage()];
  const id = useId();
  const navigate = useNavigate();
  const options = useMemo(() => periods(new Date(), locale), [locale]);
  const [period, setPeriod] = useState(options[0].value);
  // The monthly charts show a chosen period, a year by default, not two mostly empty ones.
  const [months, setMonths] = useState<ChartPeriod>('last12');
  const range = useMemo(() => chartPeriod(months, berlinMonth(new Date())), [months]);
  const periodName = t(`reports.months.${months}`);
  const byBrand = useUnitsByBrand(range);
  const byChecker = useUnitsByChecker(range);
  const top = useTopMachines({ period });
  const brandFigure = useMemo(
    () =>
      byBrand.data &&
      (() => {
        const { months: shown, data } = byBrand.data;
        const series = seriesOf(data, (row) => row.brand_name, locale);
        return monthlyFigure('bar', shown, series, locale, {
          url: (s, m) => brandMonthUrl(series[s].row.brand_id, shown[m]),
          go: (url) => void navigate(url),
        });
      })(),
    [byBrand.data, navigate, locale],
  );
  const voided = useMemo(() => byBrand.data && voidedFigure(byBrand.data, locale), [byBrand.data, locale]);
  const topFigure = useMemo(() => top.data && topMachinesFigure(top.data, locale), [top.data, locale]);
  const checkerFigure = useMemo(
    () =>
      byChecker.data &&
      monthlyFigure(
        'line',
        byChecker.data.months,
        seriesOf(byChecker.data.data, (row) => row.checker, locale),
        locale,
      ),
    [byChecker.data, locale],
  );

  return (
    <div className="cert-screen" data-testid="reports">
      <div className="sui-field cert-report-period">
        <label htmlFor={`${id}-months`}>{t('reports.chartPeriod')}</label>
        <select
          id={`${id}-months`}
          className="sui-input"
          value={months}
          onChange={(event) => setMonths(event.target.value as ChartPeriod)}
        >
          {CHART_PERIODS.map((value) => (
            <option key={value} value={value}>
              {t(`reports.months.${value}`)}
            </option>
          ))}
        </select>
      </div>
      <div className="cert-reports">
        <Loaded query={byBrand}>
          {() => (
            <ChartFigure
              title={t('reports.byBrand', { period: periodName })}
              hint={t('reports.clickHint')}
              {...brandFigure!}
            />
          )}
        </Loaded>
        <Loaded query={top}>
          {() => (
            <ChartFigure
              title={t('reports.topMachines')}
              {...topFigure!}
              controls={
                <div className="sui-field">
                  <label htmlFor={`${id}-period`}>{t('reports.period')}</label>
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
          {() => <ChartFigure title={t('reports.byChecker', { period: periodName })} {...checkerFigure!} />}
        </Loaded>
        <Loaded query={byBrand}>
          {() => <ChartFigure title={t('reports.voidedShare', { period: periodName })} {...voided!} />}
        </Loaded>
        <Suspense fallback={<Spinner />}>
          <TestRecordCharts />
        </Suspense>
      </div>
    </div>
  );
}
