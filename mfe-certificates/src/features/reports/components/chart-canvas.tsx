import type { ChartConfiguration } from 'chart.js';
import { useEffect, useRef, useState } from 'react';
import { activeLocale, LoadError, Spinner, useLanguage, useT } from 'shared-ui';
import { certificateCatalogs } from '../../../catalogs';

interface ChartCanvasProps {
  config: ChartConfiguration;
  /** What the chart shows, for screen readers (the numbers are in the table beside it). */
  label: string;
}

/** A Chart.js chart; the library is fetched the first time one is drawn, never with the remote's entry. */
export function ChartCanvas({ config, label }: ChartCanvasProps) {
  const t = useT(certificateCatalogs);
  // A switch of the language draws the chart again in its numbers.
  const language = useLanguage();
  const canvas = useRef<HTMLCanvasElement>(null);
  const [state, setState] = useState<'loading' | 'drawn' | 'failed'>('loading');
  const [attempt, setAttempt] = useState(0);
  useEffect(() => {
    let chart: { destroy(): void } | undefined;
    let current = true;
    import('./chart-library').then(
      ({ Chart }) => {
        if (!current || !canvas.current) return;
        // The language's numbers on every axis and tooltip ("1.234", "0,25" in German), whatever the chart sets.
        chart = new Chart(canvas.current, {
          ...config,
          options: { locale: activeLocale(), ...config.options },
        });
        setState('drawn');
      },
      () => current && setState('failed'),
    );
    return () => {
      current = false;
      chart?.destroy();
    };
  }, [config, attempt, language]);
  if (state === 'failed')
    return (
      <LoadError
        message={t('reports.chartFailed')}
        onRetry={() => {
          setState('loading');
          setAttempt((n) => n + 1);
        }}
      />
    );
  return (
    <div className="cert-chart">
      {state === 'loading' && <Spinner />}
      <canvas ref={canvas} role="img" aria-label={label} />
    </div>
  );
}
