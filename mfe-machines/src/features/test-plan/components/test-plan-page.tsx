import { useQuery } from '@tanstack/react-query';
import { allows, staffUrls, type TestPlan } from 'contracts';
import { Link, useParams, useSearchParams } from 'react-router-dom';
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
import { useTestPlan, useTestPlanVersion } from '../api/get-test-plan';
import { FailureReasonsPanel } from '../failure-reasons/failure-reasons-panel';
import { ImportMappingsPanel } from '../tester-files/import-mappings-panel';
import { MeasurementIdsPanel } from '../tester-files/measurement-ids-panel';
import { CopyPlan } from './copy-plan';
import { PlanEditor } from './plan-editor';
import { PlanHistory } from './plan-history';
import { PlanTable } from './plan-table';
import '../../../styles/remote.css';
import '../test-plan.css';

/**
 * `/machines/:id/test-plan`: the machine's current test plan (docs/decisions/0010-test-record.md) and its
 * versions; `?version=N` shows an earlier one (the audit trail links there). Every role reads it; those with the
 * release right (Freigabe, administrators) edit it, as the API allows.
 */
export default function TestPlanPage() {
  const t = useT(machineCatalogs);
  const param = useParams().id ?? '';
  const machineId = /^[1-9]\d{0,9}$/.test(param) ? Number(param) : 0;
  const machine = useQuery({ ...machineQuery(machineId), enabled: machineId > 0 });
  const plan = useTestPlan(machineId);
  const asked = useSearchParams()[0].get('version');
  // The current version is shown as the current plan; another one read-only.
  const older = asked !== null && /^\d{1,7}$/.test(asked) && Number(asked) !== plan.data?.version;
  const earlier = useTestPlanVersion(machineId, older && plan.data ? Number(asked) : undefined);
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
    if (older) return olderVersion(current.version);
    return (
      <>
        <VersionLine plan={current} />
        {mayEdit ? (
          <>
            {/* Keyed by version: a save, a copy or a reload starts the form over from what is stored. */}
            <PlanEditor key={current.version} plan={current} />
            <CopyPlan machineId={machineId} />
            <FailureReasonsPanel />
            <ImportMappingsPanel machineId={machineId} steps={current.steps} />
            <MeasurementIdsPanel steps={current.steps} />
          </>
        ) : (
          <>
            <p className="mach-hint">{t('plan.readOnly')}</p>
            <PlanTable steps={current.steps} />
          </>
        )}
        <PlanHistory key={current.version} machineId={machineId} current={current.version} />
      </>
    );
  }

  function olderVersion(current: number) {
    if (httpStatus(earlier.error) === 404 || (asked !== null && !/^\d{1,7}$/.test(asked)))
      return <p role="alert">{t('history.versionNotFound')}</p>;
    if (earlier.isError)
      return (
        <LoadError
          message={apiErrorMessage(earlier.error) ?? t('plan.loadFailed')}
          onRetry={() => void earlier.refetch()}
        />
      );
    if (earlier.isPending) return <Spinner fullPage />;
    const shown = earlier.data;
    return (
      <>
        <VersionLine plan={shown} />
        <div className="mach-plan__older" role="note">
          <p>{t('history.older', { version: shown.version, current })}</p>
          <Link to={staffUrls.machineTestPlan(machineId)}>{t('history.toCurrent')}</Link>
        </div>
        <PlanTable steps={shown.steps} />
        <PlanHistory key={current} machineId={machineId} current={current} />
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

/** "Version 3, gespeichert von … am …", and why it was made. */
function VersionLine({ plan }: { plan: TestPlan }) {
  const t = useT(machineCatalogs);
  return (
    <>
      <p className="mach-plan__version" data-testid="plan-version">
        {plan.version === 0 ? (
          t('plan.defaultVersion')
        ) : (
          <>
            {t('plan.version', { version: plan.version })}
            {plan.created_by_name && plan.created_at
              ? `, ${t('plan.savedBy', { name: plan.created_by_name, at: formatDayTime(plan.created_at) })}`
              : ''}
          </>
        )}
      </p>
      {plan.reason && (
        <p className="mach-plan__reason" data-testid="plan-reason">
          {t('plan.reason')}: {plan.reason}
        </p>
      )}
    </>
  );
}
