import { useQuery } from '@tanstack/react-query';
import type { ChartConfiguration } from 'chart.js';
import {
  addMonths,
  berlinMonth,
  formatDateTime,
  limitText,
  withinLimits,
  type FirstPassYieldReport,
  type StepTrendReport,
} from 'contracts';
import { useId, useMemo, useState, type ReactNode } from 'react';
import { apiErrorMessage, formatDate, LoadError, Spinner } from 'shared-ui';
import { testPlanQuery } from '../../../api/get-test-plan';
import { useFirstPassYield } from '../api/get-first-pass-yield';
import { useStepTrend } from '../api/get-step-trend';
import { colour, monthLabel, number, percent } from '../months';
import { reportMessages } from '../report-messages';
import { testRecordMessages as t } from '../test-record-messages';
import { ChartFigure, type FigureTable } from './chart-figure';
import './test-record-charts.css';

/**
 * The test record's charts (docs/decisions/0010-test-record.md): first-pass yield per machine and month, and the
 * trend of one numeric step with its limits. A chunk of their own, loaded when the reports view is shown.
 */

type Figure = { config: ChartConfiguration; table: FigureTable };

/** Units passing at their first attempt / units tested, a bar per machine and month. */
export function firstPassYieldFigure(report: FirstPassYieldReport, months: string[]): Figure {
  const machines = [...new Map(report.data.map((row) => [row.machine_id, row.machine_name]))].sort((a, b) =>
    a[1].localeCompare(b[1], 'de'),
  );
  const cell = new Map(report.data.map((row) => [`${row.machine_id} ${row.month}`, row]));
  const config = {
    type: 'bar',
    data: {
      labels: months.map(monthLabel),
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
        y: { min: 0, max: 100, ticks: { callback: (value: number | string) => `${value} %` } },
      },
    },
  } as ChartConfiguration;
  const rows = [...report.data]
    .sort((a, b) => a.month.localeCompare(b.month) || a.machine_name.localeCompare(b.machine_name, 'de'))
    .map((row) => [
      monthLabel(row.month),
      row.machine_name,
      number(row.tested),
      number(row.first_pass),
      percent(row.first_pass, row.tested),
    ]);
  return { config, table: { columns: [t.month, t.machineColumn, t.tested, t.firstPass, t.yield], rows } };
}

const decimal = (value: number) => value.toLocaleString('de-DE', { maximumFractionDigits: 6 });

/** Each value of the step in the order tested, its limits as dashed lines across. */
export function stepTrendFigure(report: StepTrendReport): Figure {
  const step = report.step;
  // Oldest on the left, whatever order the API sends (it keeps the newest when it cuts).
  const points = [...report.data].sort(
    (a, b) => a.tested_at.localeCompare(b.tested_at) || a.serial.localeCompare(b.serial),
  );
  const unit = step?.unit ? ` ${step.unit}` : '';
  const limit = (label: string, value: number | null | undefined, index: number) =>
    value === null || value === undefined
      ? []
      : [
          {
            label: `${label}: ${decimal(value)}${unit}`,
            data: points.map(() => value),
            borderColor: colour(index),
            backgroundColor: colour(index),
            borderDash: [6, 4],
            pointRadius: 0,
          },
        ];
  const config = {
    type: 'line',
    data: {
      labels: points.map((point) => `${formatDate(point.tested_at)} ${point.serial}`),
      datasets: [
        {
          label: `${step?.title.de ?? t.value}${unit}`,
          data: points.map((point) => point.value),
          borderColor: colour(0),
          backgroundColor: colour(0),
        },
        ...limit(t.lower, step?.lower, 6),
        ...limit(t.upper, step?.upper, 1),
      ],
    },
    options: { scales: { x: { ticks: { maxRotation: 0, autoSkip: true } } } },
  } as ChartConfiguration;
  const rows = points.map((point) => [
    point.serial,
    formatDateTime(point.tested_at),
    `${decimal(point.value)}${unit}`,
    step && withinLimits(step, point.value) ? t.within : t.outside,
  ]);
  return {
    config,
    table: {
      columns: [t.serial, t.testedAt, t.value, step ? `${t.limit} ${limitText(step)}` : t.limit],
      rows,
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
  if (query.isError)
    return (
      <LoadError
        message={apiErrorMessage(query.error) ?? reportMessages.failed}
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
  const [chosenMachine, setMachine] = useState<number | null>(null);
  const [chosenStep, setStep] = useState<string | null>(null);
  const machineId = machines.some(([id]) => id === chosenMachine) ? chosenMachine! : (machines[0]?.[0] ?? 0);
  const plan = useQuery({ ...testPlanQuery(machineId), enabled: machineId > 0 });
  const steps = plan.data?.steps.filter((step) => step.kind === 'numeric') ?? [];
  const step = steps.find((candidate) => candidate.key === chosenStep) ?? steps[0];
  const trend = useStepTrend(step ? { machine_id: machineId, step: step.key, ...period } : null);
  const figure = useMemo(() => trend.data && stepTrendFigure(trend.data), [trend.data]);

  const controls: ReactNode = (
    <div className="cert-report-controls">
      <Select
        label={t.machine}
        value={String(machineId)}
        options={machines.map(([id, name]) => [String(id), name])}
        onChange={(value) => setMachine(Number(value))}
      />
      {steps.length > 0 && (
        <Select
          label={t.step}
          value={step!.key}
          options={steps.map((candidate) => [
            candidate.key,
            `${candidate.title.de} (${limitText(candidate)})`,
          ])}
          onChange={setStep}
        />
      )}
    </div>
  );
  if (machines.length === 0) return <EmptyFigure title={t.stepTrend} message={t.noMachines} />;
  if (plan.isError) return <LoadError message={t.planFailed} onRetry={() => void plan.refetch()} />;
  if (plan.data && steps.length === 0)
    return <EmptyFigure title={t.stepTrend} controls={controls} message={t.noNumericStep} />;
  if (figure && figure.table.rows.length === 0)
    return <EmptyFigure title={t.stepTrend} controls={controls} message={t.empty} />;
  if (!figure) return <Waiting query={plan.isError ? plan : trend} />;
  return <ChartFigure title={t.stepTrend} {...figure} controls={controls} />;
}

/** The period of both charts: the last twelve months to begin with. */
function initialPeriod(): Period {
  const to = berlinMonth(new Date());
  return { from: addMonths(to, -11), to };
}

export default function TestRecordCharts() {
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
    () => yieldReport.data && firstPassYieldFigure(yieldReport.data, months),
    [yieldReport.data, months],
  );
  const machines = useMemo(
    () =>
      [...new Map(yieldReport.data?.data.map((row) => [row.machine_id, row.machine_name]))].sort((a, b) =>
        a[1].localeCompare(b[1], 'de'),
      ),
    [yieldReport.data],
  );

  const periodFields = (
    <div className="cert-report-controls">
      {(['from', 'to'] as const).map((name) => (
        <div className="sui-field" key={name}>
          <label htmlFor={`${id}-${name}`}>{t[name]}</label>
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
          {t.badPeriod}
        </p>
      )}
    </div>
  );

  return (
    <>
      {yieldFigure ? (
        <ChartFigure title={t.firstPassYield} {...yieldFigure} controls={periodFields} />
      ) : (
        <Waiting query={yieldReport} />
      )}
      {yieldReport.data && <StepTrend period={period} machines={machines} />}
    </>
  );
}
