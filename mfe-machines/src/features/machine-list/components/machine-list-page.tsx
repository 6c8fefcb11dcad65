import { lazy, Suspense, useState } from 'react';
import { Spinner, useT } from 'shared-ui';
import { machineCatalogs } from '../../../catalogs';
import { MachinesPanel } from './machines-panel';
import '../../../styles/remote.css';

// Brand management is used rarely; it stays out of the tab's first load (docs/architecture.md#budgets).
const BrandsPanel = lazy(() => import('./brands-panel'));
// Paper-copy requests of customers (docs/decisions/0012-documents.md), likewise.
const PaperRequestsPanel = lazy(() => import('./paper-requests-panel'));
// Owners' registrations (docs/decisions/0045-registrations-and-mail.md), likewise.
const RegistrationsPanel = lazy(() => import('./registrations-panel'));

type View = 'machines' | 'brands' | 'paperRequests' | 'registrations';
const VIEWS: View[] = ['machines', 'brands', 'paperRequests', 'registrations'];

/**
 * Tab "Bearbeiten": the machine catalogue and, behind a switch, the brands. A view stays mounted
 * once opened, so a search or a half-filled brand survives switching back and forth.
 */
export default function MachineListPage() {
  const t = useT(machineCatalogs);
  const [view, setView] = useState<View>('machines');
  const [opened, setOpened] = useState<View[]>(['machines']);
  if (!opened.includes(view)) setOpened([...opened, view]);

  return (
    <div className="mach-screen" data-testid="machine-list">
      <div className="mach-switch" role="group" aria-label={t('views.label')}>
        {VIEWS.map((option) => (
          <button
            key={option}
            type="button"
            className="mach-switch__option"
            aria-pressed={view === option}
            onClick={() => setView(option)}
          >
            {t(`views.${option}`)}
          </button>
        ))}
      </div>
      <section className="mach-screen" hidden={view !== 'machines'} aria-label={t('views.machines')}>
        <MachinesPanel />
      </section>
      {opened.includes('brands') && (
        <section className="mach-screen" hidden={view !== 'brands'} aria-label={t('views.brands')}>
          <Suspense fallback={<Spinner />}>
            <BrandsPanel />
          </Suspense>
        </section>
      )}
      {opened.includes('paperRequests') && (
        <section
          className="mach-screen"
          hidden={view !== 'paperRequests'}
          aria-label={t('views.paperRequests')}
        >
          <Suspense fallback={<Spinner />}>
            <PaperRequestsPanel />
          </Suspense>
        </section>
      )}
      {opened.includes('registrations') && (
        <section
          className="mach-screen"
          hidden={view !== 'registrations'}
          aria-label={t('views.registrations')}
        >
          <Suspense fallback={<Spinner />}>
            <RegistrationsPanel />
          </Suspense>
        </section>
      )}
    </div>
  );
}
