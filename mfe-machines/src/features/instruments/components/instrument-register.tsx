import { useQuery } from '@tanstack/react-query';
import {
  allows,
  berlinIsoDate,
  INSTRUMENT_KIND_LABELS,
  INSTRUMENT_STATUS_LABELS,
  instrumentStanding,
  type Instrument,
} from 'contracts';
import { lazy, Suspense, useState } from 'react';
import { formatDate, LoadError, meQuery, Spinner } from 'shared-ui';
import { instrumentsQuery } from '../api/instruments';
import { instrumentMessages } from '../instrument-messages';

const t = instrumentMessages.register;
// Forms and the history open on a click: out of the tab's first load (docs/architecture.md#budgets).
const InstrumentForm = lazy(() => import('./instrument-form'));
const CalibrationsPanel = lazy(() => import('./calibrations-panel'));

const DAY_MS = 86_400_000;
const daysUntil = (due: string, today: string) => Math.round((Date.parse(due) - Date.parse(today)) / DAY_MS);

/** The due date, and in words (with a sign, never by colour alone) when it is overdue or due soon. */
function Due({ instrument, today }: { instrument: Instrument; today: string }) {
  // The due date's own standing, whatever the status: the status column says blocked or retired.
  const standing = instrumentStanding({ status: 'in_use', due: instrument.due }, today);
  return (
    <>
      {formatDate(instrument.due)}
      {standing === 'overdue' && (
        <strong className="mach-inst__due mach-inst__due--overdue">
          <span aria-hidden="true">⚠ </span>
          {t.overdue}
        </strong>
      )}
      {standing === 'due_soon' && (
        <strong className="mach-inst__due mach-inst__due--soon">
          <span aria-hidden="true">◷ </span>
          {t.dueSoon(daysUntil(instrument.due, today))}
        </strong>
      )}
    </>
  );
}

/** The register: every instrument, soonest due first (the API's order), with its forms for Freigabe. */
export function InstrumentRegister() {
  const instruments = useQuery(instrumentsQuery);
  const mayEdit = allows(useQuery(meQuery).data?.roles ?? [], 'release');
  // null: no form; 'new': adding; an instrument: editing it.
  const [editing, setEditing] = useState<Instrument | 'new' | null>(null);
  const [shown, setShown] = useState<number | null>(null);
  const today = berlinIsoDate(new Date());

  if (instruments.isError)
    return <LoadError message={t.loadFailed} onRetry={() => void instruments.refetch()} />;
  if (instruments.isPending) return <Spinner />;
  const all = instruments.data;
  const history = all.find((instrument) => instrument.id === shown);

  return (
    <>
      <p className="mach-inst__hint">{t.intro}</p>
      <div className="mach-toolbar">
        {mayEdit ? (
          <button type="button" className="sui-button" onClick={() => setEditing('new')}>
            {t.add}
          </button>
        ) : (
          <p className="mach-inst__hint">{t.readOnly}</p>
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
        <p>{t.empty}</p>
      ) : (
        <div className="mach-inst__scroll">
          <table className="mach-inst__table" aria-label={t.table} data-testid="instrument-register">
            <thead>
              <tr>
                <th scope="col">{t.columns.inventory_number}</th>
                <th scope="col">{t.columns.name}</th>
                <th scope="col">{t.columns.kind}</th>
                <th scope="col">{t.columns.due}</th>
                <th scope="col">{t.columns.status}</th>
                <th scope="col">{t.columns.action}</th>
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
                  <td>{INSTRUMENT_KIND_LABELS[instrument.kind]}</td>
                  <td>
                    <Due instrument={instrument} today={today} />
                  </td>
                  <td>{INSTRUMENT_STATUS_LABELS[instrument.status]}</td>
                  <td>
                    <div className="mach-inst__actions">
                      <button
                        type="button"
                        className="sui-link-button"
                        aria-expanded={shown === instrument.id}
                        onClick={() => setShown(shown === instrument.id ? null : instrument.id)}
                      >
                        {t.calibrations}
                        <span className="sui-visually-hidden"> {instrument.inventory_number}</span>
                      </button>
                      {mayEdit && (
                        <button
                          type="button"
                          className="sui-link-button"
                          onClick={() => setEditing(instrument)}
                        >
                          {t.edit}
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
