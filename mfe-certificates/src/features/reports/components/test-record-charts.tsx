import { useQuery } from '@tanstack/react-query';
import type { ChartConfiguration } from 'chart.js';
import {
  addMonths,
  berlinMonth,
  CAPABILITY_MIN_VALUES,
  limitText,
  STAFF_LOCALES,
  withinLimits,
  type FailureReasonsReport,
  type FirstPassYieldReport,
  type StepTrendReport,
} from 'contracts';
import { useId, useMemo, useState, type ReactNode } from 'react';
import { apiErrorMessage, formatDay, formatDayTime, LoadError, Spinner, useLanguage, useT } from 'shared-ui';
import { testPlanQuery } from '../../../api/get-test-plan';
import { certificateCatalogs, translate } from '../../../catalogs';
import { stepLimit, stepTitle } from '../../../components/test-entry/step-entry';
import { useFailureReasons } from '../api/get-failure-reasons';
import { useFirstPassYield } from '../api/get-first-pass-yield';
import { useStepTrend } from '../api/get-step-trend';
import { colour, monthLabel, number, percent } from '../months';
import { ChartFigure, type FigureTable } from './chart-figure';
import './test-record-charts.css';

/**
 * The test record's charts (docs/decisions/0010-test-record.md): first-pass yield per machine and month, and the
 * trend of one numeric step with its limits. A chunk of their own, loaded when the reports view is shown.
 */

type Figure = { config: ChartConfiguration; table: FigureTable };

/** Units passing at their first attempt / units tested, a bar per machine and month. */
export function firstPassYieldFigure(report: FirstPassYieldReport, months: string[], locale: string): Figure {
  const machines = [...new Map(report.data.map((row) => [row.machine_id, row.machine_name]))].sort((a, b) =>
    a[1].localeCompare(b[1], locale),
  );
  const cell = new Map(report.data.map((row) => [`${row.machine_id} ${row.month}`, row]));
  const config = {
    type: 'bar',
    data: {
      labels: months.map((month) => monthLabel(month, locale)),
      datasets: machines.map(([id, name], i) => ({
        label: name,
        data: months.map((month) => {
          const row = cell.get(`${id} ${month}`);
          return row?.tested ? (100 * row.first_pass) / row.tested : null;
        }),
        backgroundColor: colour(i),
      })),
    },
    options: {
      scales: {
        y: {
          min: 0,
          max: 100,
          ticks: { callback: (value: number | string) => translate('reports.percent', { value }) },
        },
      },
    },
  } as ChartConfiguration;
  const rows = [...report.data]
    .sort((a, b) => a.month.localeCompare(b.month) || a.machine_name.localeCompare(b.machine_name, locale))
    .map((row) => [
      monthLabel(row.month, locale),
      row.machine_name,
      number(row.tested, locale),
      number(row.first_pass, locale),
      percent(row.first_pass, row.tested, locale),
    ]);
  return {
    config,
    table: {
      columns: [
        translate('charts.month'),
        translate('charts.machineColumn'),
        translate('charts.tested'),
        translate('charts.firstPass'),
        translate('charts.yield'),
      ],
      rows,
    },
  };
}

/**
 * Each value of the step in the order tested, with the limits of the plan version its unit was tested against as
 * dashed steps: a value that passed under ≤ 60 V stays inside its line after the plan moved to ≤ 50 V.
 */
export function stepTrendFigure(report: StepTrendReport, locale: string): Figure {
  const decimal = (value: number) => value.toLocaleString(locale, { maximumFractionDigits: 6 });
  const step = report.step;
  // Oldest on the left, whatever order the API sends (it keeps the newest when it cuts).
  const points = [...report.data].sort(
    (a, b) => a.tested_at.localeCompare(b.tested_at) || a.serial.localeCompare(b.serial),
  );
  const unitText = step?.unit ?? '';
  const unit = unitText ? ` ${unitText}` : '';
  const limit = (name: 'lower' | 'upper', index: number) => {
    const values = points.map((point) => point[name]);
    const distinct = new Set(values.filter((value) => value !== null));
    if (distinct.size === 0) return [];
    const [only] = distinct;
    return [
      {
        label:
          distinct.size === 1
            ? translate(name === 'lower' ? 'charts.lowerAt' : 'charts.upperAt', {
                value: `${decimal(only)}${unit}`,
              })
            : translate(name === 'lower' ? 'charts.lowerPerVersion' : 'charts.upperPerVersion'),
        data: values,
        borderColor: colour(index),
        backgroundColor: colour(index),
        borderDash: [6, 4],
        pointRadius: 0,
        stepped: 'middle',
      },
    ];
  };
  const config = {
    type: 'line',
    data: {
      labels: points.map((point) => `${formatDay(point.tested_at)} ${point.serial}`),
      datasets: [
        {
          label: `${step ? stepTitle(step) : translate('charts.value')}${unit}`,
          data: points.map((point) => point.value),
          borderColor: colour(0),
          backgroundColor: colour(0),
        },
        ...limit('lower', 6),
        ...limit('upper', 1),
      ],
    },
    options: { scales: { x: { ticks: { maxRotation: 0, autoSkip: true } } } },
  } as ChartConfiguration;
  const rows = points.map((point) => [
    point.serial,
    formatDayTime(point.tested_at),
    `${decimal(point.value)}${unit}`,
    translate('charts.limitOfVersion', {
      limit: limitText({ ...point, unit: unitText }, locale) || '–',
      version: point.plan_version,
    }),
    withinLimits(point, point.value) ? translate('charts.within') : translate('charts.outside'),
  ]);
  return {
    config,
    table: {
      columns: [
        translate('charts.serial'),
        translate('charts.testedAt'),
        translate('charts.value'),
        translate('charts.limit'),
        translate('charts.verdict'),
      ],
      rows,
    },
  };
}

/** Cp and Cpk of the values shown, with how many they rest on, and a warning while they are too few. */
export function capabilityText(
  report: StepTrendReport,
  locale: string,
): { text: string; warning?: string } | null {
  const { capability, step } = report;
  if (!capability || !step || capability.count === 0) return null;
  const figure = (value: number | null) =>
    value === null
      ? '–'
      : value.toLocaleString(locale, { minimumFractionDigits: 2, maximumFractionDigits: 2 });
  const text = translate(
    step.lower !== null && step.upper !== null ? 'charts.capability' : 'charts.capabilityOne',
    {
      cp: figure(capability.cp),
      cpk: figure(capability.cpk),
      count: number(capability.count, locale),
      limit: limitText(step, locale),
    },
  );
  return capability.few_values
    ? { text, warning: translate('charts.fewValues', { min: number(CAPABILITY_MIN_VALUES, locale) }) }
    : { text };
}

/**
 * Failures per failed step and the finding of its retest, most first, as bars, with their running share as a line on a percent axis (a Pareto
 * chart): the few reasons that make up most failures stand out.
 */
export function failureReasonsFigure(report: FailureReasonsReport, locale: string): Figure {
  const total = report.data.reduce((sum, row) => sum + row.failures, 0);
  let running = 0;
  const rows = report.data.map((row) => {
    running += row.failures;
    // A deleted reason keeps its code; a unit awaiting its retest has no finding yet.
    const finding = row.reason ?? row.code ?? translate('charts.awaitingFinding');
    const title = `${stepTitle({ key: row.step_key, title: row.title })} – ${finding}`;
    return { title, failures: row.failures, running };
  });
  const config = {
    type: 'bar',
    data: {
      labels: rows.map((row) => row.title),
      datasets: [
        {
          type: 'bar',
          label: translate('charts.failures'),
          data: rows.map((row) => row.failures),
          backgroundColor: colour(1),
          yAxisID: 'y',
          // Drawn first: the running share's line stays visible over the bars.
          order: 1,
        },
        {
          type: 'line',
          label: translate('charts.cumulative'),
          data: rows.map((row) => (100 * row.running) / total),
          borderColor: colour(0),
          backgroundColor: colour(0),
          yAxisID: 'share',
          order: 0,
        },
      ],
    },
    options: {
      scales: {
        y: { min: 0, ticks: { precision: 0 } },
        share: {
          position: 'right',
          min: 0,
          max: 100,
          grid: { drawOnChartArea: false },
          ticks: { callback: (value: number | string) => translate('reports.percent', { value }) },
        },
        x: { ticks: { maxRotation: 0, autoSkip: true } },
      },
    },
  } as ChartConfiguration;
  return {
    config,
    table: {
      columns: [
        translate('charts.reason'),
        translate('charts.failures'),
        translate('charts.share'),
        translate('charts.cumulative'),
      ],
      rows: rows.map((row) => [
        row.title,
        number(row.failures, locale),
        percent(row.failures, total, locale),
        percent(row.running, total, locale),
      ]),
    },
  };
}

/** A chart that has nothing to draw: its title, its controls and why. */
function EmptyFigure({ title, controls, message }: { title: string; controls?: ReactNode; message: string }) {
  const id = useId();
  return (
    <figure className="cert-figure" aria-labelledby={id}>
      <figcaption id={id} className="cert-figure-title">
        {title}
      </figcaption>
      {controls}
      <p className="cert-no-match">{message}</p>
    </figure>
  );
}

/** A report that failed says so with a retry; one still loading spins. */
function Waiting({ query }: { query: { error: unknown; isError: boolean; refetch: () => unknown } }) {
  const t = useT(certificateCatalogs);
  if (query.isError)
    return (
      <LoadError
        message={apiErrorMessage(query.error) ?? t('reports.failed')}
        onRetry={() => void query.refetch()}
      />
    );
  return <Spinner />;
}

function Select({
  label,
  value,
  options,
  onChange,
}: {
  label: string;
  value: string;
  options: [string, string][];
  onChange: (value: string) => void;
}) {
  const id = useId();
  return (
    <div className="sui-field">
      <label htmlFor={id}>{label}</label>
      <select id={id} className="sui-input" value={value} onChange={(event) => onChange(event.target.value)}>
        {options.map(([optionValue, text]) => (
          <option key={optionValue} value={optionValue}>
            {text}
          </option>
        ))}
      </select>
    </div>
  );
}

interface Period {
  from: string;
  to: string;
}

/** The months of a period, first to last. */
function monthsOf({ from, to }: Period): string[] {
  const months: string[] = [];
  for (let month = from; month <= to; month = addMonths(month, 1)) months.push(month);
  return months;
}

/** The trend of a numeric step of one of the machines tested in the period, chosen from its current plan. */
function StepTrend({ period, machines }: { period: Period; machines: [number, string][] }) {
  const t = useT(certificateCatalogs);
  const locale = STAFF_LOCALES[useLanguage()];
  const [chosenMachine, setMachine] = useState<number | null>(null);
  const [chosenStep, setStep] = useState<string | null>(null);
  const machineId = machines.some(([id]) => id === chosenMachine) ? chosenMachine! : (machines[0]?.[0] ?? 0);
  const plan = useQuery({ ...testPlanQuery(machineId), enabled: machineId > 0 });
  const steps = plan.data?.steps.filter((step) => step.kind === 'numeric') ?? [];
  const step = steps.find((candidate) => candidate.key === chosenStep) ?? steps[0];
  const trend = useStepTrend(step ? { machine_id: machineId, step: step.key, ...period } : null);
  const figure = useMemo(() => trend.data && stepTrendFigure(trend.data, locale), [trend.data, locale]);

  const controls: ReactNode = (
    <div className="cert-report-controls">
      <Select
        label={t('charts.machine')}
        value={String(machineId)}
        options={machines.map(([id, name]) => [String(id), name])}
        onChange={(value) => setMachine(Number(value))}
      />
      {steps.length > 0 && (
        <Select
          label={t('charts.step')}
          value={step!.key}
          options={steps.map((candidate) => [
            candidate.key,
            `${stepTitle(candidate)} (${stepLimit(candidate)})`,
          ])}
          onChange={setStep}
        />
      )}
    </div>
  );
  const title = t('charts.stepTrend');
  if (machines.length === 0) return <EmptyFigure title={title} message={t('charts.noMachines')} />;
  if (plan.isError) return <LoadError message={t('charts.planFailed')} onRetry={() => void plan.refetch()} />;
  if (plan.data && steps.length === 0)
    return <EmptyFigure title={title} controls={controls} message={t('charts.noNumericStep')} />;
  if (figure && figure.table.rows.length === 0)
    return <EmptyFigure title={title} controls={controls} message={t('charts.empty')} />;
  if (!figure) return <Waiting query={plan.isError ? plan : trend} />;
  const capability = trend.data && capabilityText(trend.data, locale);
  const summary = capability && (
    <div className="cert-capability">
      <p>{capability.text}</p>
      {capability.warning && <p className="cert-capability-warning">{capability.warning}</p>}
    </div>
  );
  return <ChartFigure title={title} {...figure} controls={controls} summary={summary} />;
}

/** Why one machine's units failed in the period, most frequent reason first, beside their first-pass yield. */
function FailureReasons({ period, machines }: { period: Period; machines: [number, string][] }) {
  const t = useT(certificateCatalogs);
  const locale = STAFF_LOCALES[useLanguage()];
  const [chosen, setMachine] = useState<number | null>(null);
  const machineId = machines.some(([id]) => id === chosen) ? chosen! : (machines[0]?.[0] ?? 0);
  const reasons = useFailureReasons(machineId ? { machine_id: machineId, ...period } : null);
  const figure = useMemo(
    () => reasons.data && failureReasonsFigure(reasons.data, locale),
    [reasons.data, locale],
  );
  const title = t('charts.failureReasons');
  if (machines.length === 0) return <EmptyFigure title={title} message={t('charts.noMachines')} />;
  const report = reasons.data;
  const controls = (
    <div className="cert-report-controls">
      <Select
        label={t('charts.machine')}
        value={String(machineId)}
        options={machines.map(([id, name]) => [String(id), name])}
        onChange={(value) => setMachine(Number(value))}
      />
      {report && (
        <p className="cert-capability">
          {t('charts.yieldOfMachine', {
            yield: percent(report.first_pass, report.tested, locale),
            first_pass: number(report.first_pass, locale),
            tested: number(report.tested, locale),
          })}
        </p>
      )}
    </div>
  );
  if (figure && figure.table.rows.length === 0)
    return <EmptyFigure title={title} controls={controls} message={t('charts.noFailures')} />;
  if (!figure) return <Waiting query={reasons} />;
  return <ChartFigure title={title} {...figure} controls={controls} />;
}

/** The period of both charts: the last twelve months to begin with. */
function initialPeriod(): Period {
  const to = berlinMonth(new Date());
  return { from: addMonths(to, -11), to };
}

export default function TestRecordCharts() {
  const t = useT(certificateCatalogs);
  const locale = STAFF_LOCALES[useLanguage()];
  const id = useId();
  const [draft, setDraft] = useState(initialPeriod);
  const [period, setPeriod] = useState(draft);
  const invalid = draft.from > draft.to;
  const change = (name: keyof Period, value: string) => {
    const next = { ...draft, [name]: value };
    setDraft(next);
    if (/^\d{4}-\d{2}$/.test(next.from) && /^\d{4}-\d{2}$/.test(next.to) && next.from <= next.to)
      setPeriod(next);
  };
  const yieldReport = useFirstPassYield(period);
  const months = useMemo(() => monthsOf(period), [period]);
  const yieldFigure = useMemo(
    () => yieldReport.data && firstPassYieldFigure(yieldReport.data, months, locale),
    [yieldReport.data, months, locale],
  );
  const machines = useMemo(
    () =>
      [...new Map(yieldReport.data?.data.map((row) => [row.machine_id, row.machine_name]))].sort((a, b) =>
        a[1].localeCompare(b[1], locale),
      ),
    [yieldReport.data, locale],
  );

  const periodFields = (
    <div className="cert-report-controls">
      {(['from', 'to'] as const).map((name) => (
        <div className="sui-field" key={name}>
          <label htmlFor={`${id}-${name}`}>{t(`charts.${name}`)}</label>
          <input
            id={`${id}-${name}`}
            className="sui-input"
            type="month"
            value={draft[name]}
            aria-invalid={invalid || undefined}
            aria-describedby={invalid ? `${id}-error` : undefined}
            onChange={(event) => change(name, event.target.value)}
          />
        </div>
      ))}
      {invalid && (
        <p id={`${id}-error`} className="sui-field-error" role="alert">
          {t('charts.badPeriod')}
        </p>
      )}
    </div>
  );

  return (
    <>
      {yieldFigure ? (
        <ChartFigure title={t('charts.firstPassYield')} {...yieldFigure} controls={periodFields} />
      ) : (
        <Waiting query={yieldReport} />
      )}
      {yieldReport.data && <FailureReasons period={period} machines={machines} />}
      {yieldReport.data && <StepTrend period={period} machines={machines} />}
    </>
  );
}
