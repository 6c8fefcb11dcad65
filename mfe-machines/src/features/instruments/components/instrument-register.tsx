import { useQuery } from '@tanstack/react-query';
import { allows, berlinIsoDate, DUE_SOON_DAYS, instrumentStanding, type Instrument } from 'contracts';
import { lazy, Suspense, useState } from 'react';
import { formatDay, LoadError, meQuery, Spinner, useT } from 'shared-ui';
import { machineCatalogs } from '../../../catalogs';
import { instrumentsQuery } from '../api/instruments';
// Forms and the history open on a click: out of the tab's first load (docs/architecture.md#budgets).
const InstrumentForm = lazy(() => import('./instrument-form'));
const CalibrationsPanel = lazy(() => import('./calibrations-panel'));

const DAY_MS = 86_400_000;
const daysUntil = (due: string, today: string) => Math.round((Date.parse(due) - Date.parse(today)) / DAY_MS);

/** The due date, and in words (with a sign, never by colour alone) when it is overdue or due soon. */
function Due({ instrument, today }: { instrument: Instrument; today: string }) {
  const t = useT(machineCatalogs);
  // The due date's own standing, whatever the status: the status column says blocked or retired.
  const standing = instrumentStanding({ status: 'in_use', due: instrument.due }, today);
  return (
    <>
      {formatDay(instrument.due)}
      {standing === 'overdue' && (
        <strong className="mach-inst__due mach-inst__due--overdue">
          <span aria-hidden="true">⚠ </span>
          {t('instruments.register.overdue')}
        </strong>
      )}
      {standing === 'due_soon' && (
        <strong className="mach-inst__due mach-inst__due--soon">
          <span aria-hidden="true">◷ </span>
          {t('instruments.register.dueSoon', { days: daysUntil(instrument.due, today) })}
        </strong>
      )}
    </>
  );
}

/** The register: every instrument, soonest due first (the API's order), with its forms for Freigabe. */
export function InstrumentRegister() {
  const t = useT(machineCatalogs);
  const instruments = useQuery(instrumentsQuery);
  const mayEdit = allows(useQuery(meQuery).data?.roles ?? [], 'release');
  // null: no form; 'new': adding; an instrument: editing it.
  const [editing, setEditing] = useState<Instrument | 'new' | null>(null);
  const [shown, setShown] = useState<number | null>(null);
  const today = berlinIsoDate(new Date());

  if (instruments.isError)
    return (
      <LoadError message={t('instruments.register.loadFailed')} onRetry={() => void instruments.refetch()} />
    );
  if (instruments.isPending) return <Spinner />;
  const all = instruments.data;
  const history = all.find((instrument) => instrument.id === shown);

  return (
    <>
      <p className="mach-inst__hint">{t('instruments.register.intro', { days: DUE_SOON_DAYS })}</p>
      <div className="mach-toolbar">
        {mayEdit ? (
          <button type="button" className="sui-button" onClick={() => setEditing('new')}>
            {t('instruments.register.add')}
          </button>
        ) : (
          <p className="mach-inst__hint">{t('instruments.register.readOnly')}</p>
        )}
      </div>
      {editing && (
        <Suspense fallback={<Spinner />}>
          <InstrumentForm
            key={editing === 'new' ? 'new' : editing.id}
            instrument={editing === 'new' ? null : editing}
            onClose={() => setEditing(null)}
          />
        </Suspense>
      )}
      {all.length === 0 ? (
        <p>{t('instruments.register.empty')}</p>
      ) : (
        <div className="mach-inst__scroll">
          <table
            className="mach-inst__table"
            aria-label={t('instruments.register.table')}
            data-testid="instrument-register"
          >
            <thead>
              <tr>
                <th scope="col">{t('instruments.register.columns.inventory_number')}</th>
                <th scope="col">{t('instruments.register.columns.name')}</th>
                <th scope="col">{t('instruments.register.columns.kind')}</th>
                <th scope="col">{t('instruments.register.columns.due')}</th>
                <th scope="col">{t('instruments.register.columns.status')}</th>
                <th scope="col">{t('instruments.register.columns.action')}</th>
              </tr>
            </thead>
            <tbody>
              {all.map((instrument) => (
                <tr
                  key={instrument.id}
                  className={instrument.status === 'in_use' ? undefined : 'mach-inst__row--inactive'}
                >
                  <th scope="row">{instrument.inventory_number}</th>
                  <td>{instrument.name}</td>
                  <td>{t(`instrumentKind.${instrument.kind}`)}</td>
                  <td>
                    <Due instrument={instrument} today={today} />
                  </td>
                  <td>{t(`instrumentStatus.${instrument.status}`)}</td>
                  <td>
                    <div className="mach-inst__actions">
                      <button
                        type="button"
                        className="sui-link-button"
                        aria-expanded={shown === instrument.id}
                        onClick={() => setShown(shown === instrument.id ? null : instrument.id)}
                      >
                        {t('instruments.register.calibrations')}
                        <span className="sui-visually-hidden"> {instrument.inventory_number}</span>
                      </button>
                      {mayEdit && (
                        <button
                          type="button"
                          className="sui-link-button"
                          onClick={() => setEditing(instrument)}
                        >
                          {t('instruments.register.edit')}
                          <span className="sui-visually-hidden"> {instrument.inventory_number}</span>
                        </button>
                      )}
                    </div>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      {history && (
        <Suspense fallback={<Spinner />}>
          <CalibrationsPanel
            key={history.id}
            instrument={history}
            mayEdit={mayEdit}
            onClose={() => setShown(null)}
          />
        </Suspense>
      )}
    </>
  );
}
