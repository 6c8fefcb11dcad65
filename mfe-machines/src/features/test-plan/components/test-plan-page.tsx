import { useQuery } from '@tanstack/react-query';
import { allows, staffUrls } from 'contracts';
import { Link, useParams } from 'react-router-dom';
import {
  apiErrorMessage,
  formatDayTime,
  httpStatus,
  LoadError,
  machineQuery,
  meQuery,
  Spinner,
  useT,
} from 'shared-ui';
import { machineCatalogs } from '../../../catalogs';
import { DASHBOARD_PATH } from '../../../dashboard-path';
import { useTestPlan } from '../api/get-test-plan';
import { FailureReasonsPanel } from '../failure-reasons/failure-reasons-panel';
import { CopyPlan } from './copy-plan';
import { PlanEditor } from './plan-editor';
import { PlanTable } from './plan-table';
import '../../../styles/remote.css';
import '../test-plan.css';

/**
 * `/machines/:id/test-plan`: the machine's current test plan (docs/decisions/0010-test-record.md). Every role
 * reads it; those with the release right (Freigabe, administrators) edit it, as the API allows.
 */
export default function TestPlanPage() {
  const t = useT(machineCatalogs);
  const param = useParams().id ?? '';
  const machineId = /^[1-9]\d{0,9}$/.test(param) ? Number(param) : 0;
  const machine = useQuery({ ...machineQuery(machineId), enabled: machineId > 0 });
  const plan = useTestPlan(machineId);
  const roles = useQuery(meQuery).data?.roles ?? [];
  const mayEdit = allows(roles, 'release');

  function content() {
    if (machineId === 0 || httpStatus(machine.error) === 404 || httpStatus(plan.error) === 404)
      return <p role="alert">{t('plan.notFound')}</p>;
    if (plan.isError)
      return (
        <LoadError
          message={apiErrorMessage(plan.error) ?? t('plan.loadFailed')}
          onRetry={() => void plan.refetch()}
        />
      );
    if (plan.isPending) return <Spinner fullPage />;
    const current = plan.data;
    return (
      <>
        <p className="mach-plan__version" data-testid="plan-version">
          {current.version === 0 ? (
            t('plan.defaultVersion')
          ) : (
            <>
              {t('plan.version', { version: current.version })}
              {current.created_by_name && current.created_at
                ? `, ${t('plan.savedBy', { name: current.created_by_name, at: formatDayTime(current.created_at) })}`
                : ''}
            </>
          )}
        </p>
        {mayEdit ? (
          <>
            {/* Keyed by version: a save, a copy or a reload starts the form over from what is stored. */}
            <PlanEditor key={current.version} plan={current} />
            <CopyPlan machineId={machineId} />
            <FailureReasonsPanel />
          </>
        ) : (
          <>
            <p className="mach-hint">{t('plan.readOnly')}</p>
            <PlanTable steps={current.steps} />
          </>
        )}
      </>
    );
  }

  return (
    <div className="mach-screen" data-testid="test-plan">
      <div className="mach-toolbar">
        <Link to={DASHBOARD_PATH} className="mach-back">
          <span aria-hidden="true">←</span> {t('plan.back')}
        </Link>
        {machineId > 0 && allows(roles, 'catalogue') && (
          <Link to={staffUrls.machineEdit(machineId)}>{t('plan.machineLink')}</Link>
        )}
      </div>
      <h1 className="mach-title">
        {t('plan.heading')}
        {machine.data && (
          <span className="mach-plan__machine"> · {t('plan.machine', { name: machine.data.name })}</span>
        )}
      </h1>
      {content()}
    </div>
  );
}
