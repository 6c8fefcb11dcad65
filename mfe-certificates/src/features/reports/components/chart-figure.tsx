import type { ChartConfiguration } from 'chart.js';
import { useId, type ReactNode } from 'react';
import { useT } from 'shared-ui';
import { certificateCatalogs } from '../../../catalogs';
import { ChartCanvas } from './chart-canvas';

export interface FigureTable {
  columns: string[];
  /** A cell may be a link (to the list filtered to it), so the keyboard reaches what a click on the chart does. */
  rows: (string | number | ReactNode)[][];
}

interface ChartFigureProps {
  title: string;
  config: ChartConfiguration;
  table: FigureTable;
  /** Controls shown above the chart (the period of the top machines). */
  controls?: ReactNode;
  /** What a click on the chart does, said under it. */
  hint?: string;
  /** Figures drawn from the chart's values (Cp and Cpk of a trend), under it. */
  summary?: ReactNode;
}

/**
 * A chart with its numbers as a table behind it: screen readers read the table, and anyone can copy the
 * numbers. A period without data says so instead of drawing empty axes.
 */
export function ChartFigure({ title, config, table, controls, hint, summary }: ChartFigureProps) {
  const t = useT(certificateCatalogs);
  const id = useId();
  return (
    <figure className="cert-figure" aria-labelledby={id}>
      <figcaption id={id} className="cert-figure-title">
        {title}
      </figcaption>
      {controls}
      {table.rows.length === 0 ? (
        <p className="cert-no-match">{t('reports.empty')}</p>
      ) : (
        <>
          <ChartCanvas config={config} label={t('reports.chartLabel', { title })} />
          {hint && <p className="cert-note">{hint}</p>}
          {summary}
          <details className="cert-figure-table">
            <summary>{t('reports.table')}</summary>
            {/* Focusable, so a keyboard can scroll a table wider or longer than its box. */}
            <div
              className="cert-table-scroll"
              tabIndex={0}
              role="region"
              aria-label={t('reports.tableOf', { title })}
            >
              <table className="cert-report-table">
                <caption className="sui-visually-hidden">{title}</caption>
                <thead>
                  <tr>
                    {table.columns.map((column) => (
                      <th key={column} scope="col">
                        {column}
                      </th>
                    ))}
                  </tr>
                </thead>
                <tbody>
                  {table.rows.map((row, r) => (
                    <tr key={r}>
                      {row.map((cell, c) =>
                        c === 0 ? (
                          <th key={c} scope="row">
                            {cell}
                          </th>
                        ) : (
                          <td key={c}>{cell}</td>
                        ),
                      )}
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          </details>
        </>
      )}
    </figure>
  );
}
