import { useQuery } from '@tanstack/react-query';
import { apiPaths, staffUrls } from 'contracts';
import { lazy, Suspense } from 'react';
import { Link, useParams } from 'react-router-dom';
import { brandsQuery, EventList, httpStatus, LoadError, machineQuery, Spinner } from 'shared-ui';
import { DASHBOARD_PATH } from '../../../dashboard-path';
import { machineMessages } from '../../../messages';
import { MachineForm } from './machine-form';

// The documents of a machine load only on its page, after the form (docs/decisions/0012-documents.md).
const DocumentsPanel = lazy(() => import('./documents-panel'));
import '../../../styles/remote.css';

const text = machineMessages.form;

/** `/machines/:id` → the id, `/machines` → null; anything else is no machine at all. */
function parseId(param: string | undefined): number | null | 'invalid' {
  if (param === undefined) return null;
  return /^[1-9]\d{0,9}$/.test(param) ? Number(param) : 'invalid';
}

/** `/machines` (add) and `/machines/:id` (edit). */
export default function MachineFormPage() {
  const id = parseId(useParams().id);
  const brands = useQuery(brandsQuery);
  // Brands first, then the machine: the form needs both, and the brand select must be able to show its brand.
  const machine = useQuery({
    ...machineQuery(typeof id === 'number' ? id : 0),
    enabled: typeof id === 'number' && brands.isSuccess,
  });

  function content() {
    if (id === 'invalid' || httpStatus(machine.error) === 404) return <p role="alert">{text.notFound}</p>;
    if (brands.isError) return <LoadError message={text.loadFailed} onRetry={() => void brands.refetch()} />;
    if (machine.isError)
      return <LoadError message={text.loadFailed} onRetry={() => void machine.refetch()} />;
    if (brands.isPending || (id !== null && machine.isPending)) return <Spinner fullPage />;
    return <MachineForm key={id ?? 'new'} id={id} brands={brands.data} machine={machine.data ?? null} />;
  }

  return (
    <div className="mach-screen" data-testid="machine-form">
      <Link to={DASHBOARD_PATH} className="mach-back">
        <span aria-hidden="true">←</span> {text.back}
      </Link>
      <h1 className="mach-title">{id === null ? text.addTitle : text.editTitle}</h1>
      {__BUILD_LABEL__ && <p className="mach-build">Version {__BUILD_LABEL__}</p>}
      {typeof id === 'number' && machine.isSuccess && (
        <Link to={staffUrls.machineTestPlan(id)}>{machineMessages.testPlan.link}</Link>
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
          title={text.changes}
          fieldLabel={(field) => text.fields[field] ?? field}
        />
      )}
    </div>
  );
}
