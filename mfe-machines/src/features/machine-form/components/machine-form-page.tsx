import { Link, useParams } from 'react-router-dom';
import { Spinner } from 'shared-ui';
import { LoadError } from '../../../components/load-error';
import { DASHBOARD_PATH } from '../../../dashboard-path';
import { httpStatus } from '../../../http-status';
import { machineMessages } from '../../../messages';
import { useBrands } from '../../brands/hooks/use-brands';
import { useMachine } from '../hooks/use-machine';
import { MachineForm } from './machine-form';
import '../../../styles/remote.css';

const text = machineMessages.form;

/** `/machines/:id` → the id, `/machines` → null; anything else is no machine at all. */
function parseId(param: string | undefined): number | null | 'invalid' {
  if (param === undefined) return null;
  return /^[1-9]\d{0,9}$/.test(param) ? Number(param) : 'invalid';
}

/** `/machines` (add) and `/machines/:id` (edit), spec §2 and §4. */
export default function MachineFormPage() {
  const id = parseId(useParams().id);
  const brands = useBrands();
  const machine = useMachine(typeof id === 'number' ? id : null, brands.isSuccess);

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
      {content()}
    </div>
  );
}
