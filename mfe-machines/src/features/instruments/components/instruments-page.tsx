import { useQuery } from '@tanstack/react-query';
import { lazy, Suspense, useState } from 'react';
import { Spinner, useT } from 'shared-ui';
import { machineCatalogs } from '../../../catalogs';
import { impactsQuery } from '../api/instruments';
import { InstrumentRegister } from './instrument-register';
import '../../../styles/remote.css';
import '../../../styles/lists.css';

// The impact list is opened after an instrument was found out of tolerance: out of the tab's first load.
const ImpactsPanel = lazy(() => import('./impacts-panel'));

type View = 'register' | 'impacts';

/**
 * Tab „Prüfmittel“ (docs/decisions/0018-instruments.md): the instrument register and, behind a switch, the
 * impacts of instruments found out of tolerance. Every role reads both; Freigabe (quality) and administrators
 * keep them, as the API allows. A view stays mounted once opened, so a half-filled form survives switching.
 */
export default function InstrumentsPage() {
  const t = useT(machineCatalogs);
  const [view, setView] = useState<View>('register');
  const [opened, setOpened] = useState<View[]>(['register']);
  if (!opened.includes(view)) setOpened([...opened, view]);
  const open = useQuery(impactsQuery).data?.filter((entry) => !entry.closed_at).length ?? 0;

  return (
    <div className="mach-screen" data-testid="instruments">
      {/* No h1: the shell's dashboard names the tab „Prüfmittel“ in its own (shell/src/features/dashboard). */}
      <div className="mach-switch" role="group" aria-label={t('instruments.views.label')}>
        {(['register', 'impacts'] as const).map((option) => (
          <button
            key={option}
            type="button"
            className="mach-switch__option"
            aria-pressed={view === option}
            onClick={() => setView(option)}
          >
            {t(`instruments.views.${option}`)}
            {option === 'impacts' && open > 0 && (
              <span className="mach-inst__count"> ({t('instruments.openImpacts', { count: open })})</span>
            )}
          </button>
        ))}
      </div>
      <section
        className="mach-screen"
        hidden={view !== 'register'}
        aria-label={t('instruments.views.register')}
      >
        <InstrumentRegister />
      </section>
      {opened.includes('impacts') && (
        <section
          className="mach-screen"
          hidden={view !== 'impacts'}
          aria-label={t('instruments.views.impacts')}
        >
          <Suspense fallback={<Spinner />}>
            <ImpactsPanel />
          </Suspense>
        </section>
      )}
    </div>
  );
}
