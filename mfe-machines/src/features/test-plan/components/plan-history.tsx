import { staffUrls } from 'contracts';
import { useState, type FormEvent } from 'react';
import { Link } from 'react-router-dom';
import { apiErrorMessage, formatDayTime, LoadError, Spinner, useT } from 'shared-ui';
import { machineCatalogs } from '../../../catalogs';
import { usePlanDiff } from '../api/get-plan-diff';
import { usePlanVersions } from '../api/get-plan-versions';
import { PlanDiffView } from './plan-diff-view';
import '../plan-history.css';

/**
 * "Versionen": every stored version of the plan, newest first, with who saved it, when and why, each openable;
 * and a comparison of any two (version 0 is the built-in default).
 */
export function PlanHistory({ machineId, current }: { machineId: number; current: number }) {
  const t = useT(machineCatalogs);
  const versions = usePlanVersions(machineId);
  const [from, setFrom] = useState(String(Math.max(current - 1, 0)));
  const [to, setTo] = useState(String(current));
  const [pair, setPair] = useState<[number, number]>();
  const diff = usePlanDiff(machineId, pair);

  if (versions.isError)
    return (
      <LoadError
        message={apiErrorMessage(versions.error) ?? t('history.loadFailed')}
        onRetry={() => void versions.refetch()}
      />
    );
  if (versions.isPending) return <Spinner />;
  const list = versions.data.data;
  const numbers = [...list.map((version) => version.version), 0];

  const compare = (event: FormEvent) => {
    event.preventDefault();
    setPair([Number(from), Number(to)]);
  };
  const select = (id: string, label: string, value: string, onChange: (value: string) => void) => (
    <div className="sui-field">
      <label htmlFor={id}>{label}</label>
      <select id={id} className="sui-input" value={value} onChange={(event) => onChange(event.target.value)}>
        {numbers.map((number) => (
          <option key={number} value={number}>
            {number}
          </option>
        ))}
      </select>
    </div>
  );

  return (
    <section className="mach-card mach-plan__history" aria-labelledby="plan-history-heading">
      <h2 id="plan-history-heading" className="mach-subtitle">
        {t('history.heading')}
      </h2>
      {list.length === 0 ? (
        <p>{t('history.none')}</p>
      ) : (
        <>
          {/* Scrolls sideways on a narrow screen: focusable, so the keyboard can scroll it too. */}
          <div className="mach-plan__table-wrap" tabIndex={0} role="region" aria-label={t('history.heading')}>
            <table className="mach-plan__table">
              <caption className="sui-visually-hidden">{t('history.heading')}</caption>
              <thead>
                <tr>
                  <th scope="col">{t('history.version')}</th>
                  <th scope="col">{t('history.savedAt')}</th>
                  <th scope="col">{t('history.savedBy')}</th>
                  <th scope="col">{t('history.reason')}</th>
                  <th scope="col">{t('history.steps')}</th>
                </tr>
              </thead>
              <tbody>
                {list.map((version) => (
                  <tr key={version.version}>
                    <td>
                      <Link to={staffUrls.machineTestPlan(machineId, version.version)}>
                        {t('plan.version', { version: version.version })}
                      </Link>
                      {version.version === current && ` (${t('history.current')})`}
                    </td>
                    <td className="mach-plan__saved-at">{formatDayTime(version.created_at)}</td>
                    <td>{version.created_by_name}</td>
                    <td className="mach-plan__reason">
                      {version.reason ??
                        (version.version === 1 ? t('history.firstVersion') : t('history.noReason'))}
                    </td>
                    <td>{version.steps}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
          <form className="mach-plan__copy-row" onSubmit={compare} aria-label={t('history.compare')}>
            {select('plan-diff-from', t('history.from'), from, setFrom)}
            {select('plan-diff-to', t('history.to'), to, setTo)}
            <button type="submit" className="sui-button sui-button--secondary">
              {t('history.compareButton')}
            </button>
          </form>
          {diff.isError && (
            <LoadError
              message={apiErrorMessage(diff.error) ?? t('history.diffFailed')}
              onRetry={() => void diff.refetch()}
            />
          )}
          {diff.isFetching && <Spinner />}
          {diff.data && <PlanDiffView diff={diff.data} />}
        </>
      )}
    </section>
  );
}
