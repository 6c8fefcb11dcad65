import { useQuery } from '@tanstack/react-query';
import { apiPaths, staffUrls } from 'contracts';
import { lazy, Suspense } from 'react';
import { Link, useParams } from 'react-router-dom';
import { brandsQuery, EventList, httpStatus, LoadError, machineQuery, Spinner, useT } from 'shared-ui';
import { machineCatalogs } from '../../../catalogs';
import { DASHBOARD_PATH } from '../../../dashboard-path';
import { isFormField } from '../machine-values';
import { MachineForm } from './machine-form';

// The documents of a machine load only on its page, after the form (docs/decisions/0012-documents.md).
const DocumentsPanel = lazy(() => import('./documents-panel'));
import '../../../styles/remote.css';

/** `/machines/:id` → the id, `/machines` → null; anything else is no machine at all. */
function parseId(param: string | undefined): number | null | 'invalid' {
  if (param === undefined) return null;
  return /^[1-9]\d{0,9}$/.test(param) ? Number(param) : 'invalid';
}

/** `/machines` (add) and `/machines/:id` (edit). */
export default function MachineFormPage() {
  const t = useT(machineCatalogs);
  const id = parseId(useParams().id);
  const brands = useQuery(brandsQuery);
  // Brands first, then the machine: the form needs both, and the brand select must be able to show its brand.
  const machine = useQuery({
    ...machineQuery(typeof id === 'number' ? id : 0),
    enabled: typeof id === 'number' && brands.isSuccess,
  });

  function content() {
    if (id === 'invalid' || httpStatus(machine.error) === 404)
      return <p role="alert">{t('form.notFound')}</p>;
    if (brands.isError)
      return <LoadError message={t('form.loadFailed')} onRetry={() => void brands.refetch()} />;
    if (machine.isError)
      return <LoadError message={t('form.loadFailed')} onRetry={() => void machine.refetch()} />;
    if (brands.isPending || (id !== null && machine.isPending)) return <Spinner fullPage />;
    return <MachineForm key={id ?? 'new'} id={id} brands={brands.data} machine={machine.data ?? null} />;
  }

  return (
    <div className="mach-screen" data-testid="machine-form">
      <Link to={DASHBOARD_PATH} className="mach-back">
        <span aria-hidden="true">←</span> {t('form.back')}
      </Link>
      <h1 className="mach-title">{id === null ? t('form.addTitle') : t('form.editTitle')}</h1>
      {__BUILD_LABEL__ && <p className="mach-build">{t('form.buildLabel', { label: __BUILD_LABEL__ })}</p>}
      {typeof id === 'number' && machine.isSuccess && (
        <Link to={staffUrls.machineTestPlan(id)}>{t('testPlan.link')}</Link>
      )}
      {content()}
      {typeof id === 'number' && machine.isSuccess && (
        <Suspense fallback={<Spinner />}>
          <DocumentsPanel machineId={id} />
        </Suspense>
      )}
      {typeof id === 'number' && machine.isSuccess && (
        <EventList
          path={apiPaths.machineEvents(id)}
          title={t('form.changes')}
          fieldLabel={(field) => (isFormField(field) ? t(`form.fields.${field}`) : field)}
        />
      )}
    </div>
  );
}
