import { useQuery } from '@tanstack/react-query';
import {
  allows,
  staffUrls,
  type ImpactClosing,
  type ImpactEntry,
  type ImpactValue,
  limitText,
  numberOf,
} from 'contracts';
import { useState } from 'react';
import { Link } from 'react-router-dom';
import {
  activeLocale,
  apiErrorMessage,
  currentLanguage,
  apiFieldErrors,
  formatDay,
  formatDayTime,
  LoadError,
  meQuery,
  notify,
  SHORT_TOAST_MS,
  Spinner,
  useT,
} from 'shared-ui';
import { machineCatalogs } from '../../../catalogs';
import { ExportButtons } from '../../../components/export-buttons';
import { ReasonForm } from '../../../components/reason-form';
import { exportImpacts, impactsQuery, useCloseImpact } from '../api/instruments';

/**
 * One value a suspect instrument measured, as a quality person weighs it: the unit (and attempt after a retest), the
 * step, the value and how far it lies inside the limit of its plan version (negative outside), so „ohne Auswirkung“
 * can be decided without opening the certificate.
 */
export function impactValueText(value: ImpactValue, locale = activeLocale()) {
  const t = machineCatalogs.t;
  const unit = value.unit ? ` ${value.unit}` : '';
  const number = numberOf(value.value);
  const measured =
    number === undefined
      ? value.value
      : `${number.toLocaleString(locale, { maximumFractionDigits: 6 })}${unit}`;
  const limit = limitText(value, locale);
  return {
    unit:
      value.attempt > 1
        ? t('instruments.impacts.retested', { serial: value.serial, attempt: value.attempt })
        : value.serial,
    step: (currentLanguage() === 'de' ? '' : value.title.en) || value.title.de,
    value: measured,
    margin:
      value.margin === null
        ? ''
        : t('instruments.impacts.margin', {
            margin: `${value.margin.toLocaleString(locale, { maximumFractionDigits: 6, signDisplay: 'exceptZero' })}${unit}`,
            limit,
          }),
    outside: value.margin !== null && value.margin < 0,
  };
}

/** The values an entry's instrument measured, one line each; the serials alone where it recorded none. */
function MeasuredValues({ entry }: { entry: ImpactEntry }) {
  if (entry.values.length === 0) return <>{entry.serials.join(', ')}</>;
  return (
    <ul className="mach-inst__values">
      {entry.values.map((value) => {
        const text = impactValueText(value);
        return (
          <li key={`${value.serial} ${value.attempt} ${value.step_key}`}>
            <span className="mach-inst__muted">
              {text.unit} · {text.step}:{' '}
            </span>
            <strong>{text.value}</strong>
            {text.margin && (
              <span className={text.outside ? 'mach-inst__due--overdue' : undefined}>
                {' '}
                {text.outside && <span aria-hidden="true">⚠ </span>}
                {text.margin}
              </span>
            )}
          </li>
        );
      })}
    </ul>
  );
}

/**
 * Closes one open entry: „ohne Auswirkung“ with a reason, or as revised or voided once the certificate was
 * (the API checks that it was, after the instrument was found out of tolerance, and says so).
 */
function CloseEntry({ entry }: { entry: ImpactEntry }) {
  const t = useT(machineCatalogs);
  const [how, setHow] = useState<ImpactClosing | null>(null);
  const [note, setNote] = useState('');
  const [error, setError] = useState<string | null>(null);
  const close = useCloseImpact();
  const noteId = `impact-note-${entry.id}`;

  async function send() {
    setError(null);
    try {
      await close.mutateAsync({ id: entry.id, closed_as: how!, note });
      notify.success(t('instruments.impacts.closedToast'), { autoClose: SHORT_TOAST_MS });
    } catch (failure) {
      setError(apiFieldErrors(failure).note ?? apiErrorMessage(failure) ?? t('instruments.impacts.failed'));
    }
  }

  if (!how)
    return (
      <div className="mach-inst__actions">
        {(['no_effect', 'revised', 'voided'] as const).map((option) => (
          <button
            key={option}
            type="button"
            className="sui-button sui-button--secondary"
            onClick={() => setHow(option)}
          >
            {t(`instruments.impacts.close.${option}`)}
          </button>
        ))}
      </div>
    );
  return (
    <ReasonForm
      id={noteId}
      label={how === 'no_effect' ? t('instruments.impacts.note') : t('instruments.impacts.noteOptional')}
      value={note}
      maxLength={500}
      error={error}
      pending={close.isPending}
      confirm={t('instruments.impacts.confirm')}
      cancel={t('instruments.impacts.cancel')}
      onChange={(value) => {
        setNote(value);
        setError(null);
      }}
      onSubmit={send}
      onCancel={() => setHow(null)}
    >
      <p className="mach-inst__close-how">{t(`impactClosing.${how}`)}</p>
    </ReasonForm>
  );
}

/**
 * The impacts of instruments found out of tolerance (docs/decisions/0018-instruments.md): every certificate one
 * measured while suspect, open entries first until a quality person closes each; exportable for the auditor.
 */
export default function ImpactsPanel() {
  const t = useT(machineCatalogs);
  const impacts = useQuery(impactsQuery);
  const mayClose = allows(useQuery(meQuery).data?.roles ?? [], 'release');
  function list() {
    if (impacts.isPending) return <Spinner />;
    if (impacts.isError)
      return (
        <LoadError message={t('instruments.impacts.loadFailed')} onRetry={() => void impacts.refetch()} />
      );
    if (impacts.data.length === 0) return <p>{t('instruments.impacts.empty')}</p>;
    return (
      <div className="mach-inst__scroll">
        <table
          className="mach-inst__table"
          aria-label={t('instruments.impacts.table')}
          data-testid="impact-list"
        >
          <thead>
            <tr>
              <th scope="col">{t('instruments.impacts.columns.instrument')}</th>
              <th scope="col">{t('instruments.impacts.columns.certificate')}</th>
              <th scope="col">{t('instruments.impacts.columns.values')}</th>
              <th scope="col">{t('instruments.impacts.columns.state')}</th>
            </tr>
          </thead>
          <tbody>
            {impacts.data.map((entry) => (
              <tr
                key={entry.id}
                data-testid="impact-entry"
                className={entry.closed_at ? 'mach-inst__row--inactive' : undefined}
              >
                <td>
                  <strong>{entry.inventory_number}</strong>
                  <div className="mach-inst__muted">
                    {t('instruments.impacts.suspectSince', { day: formatDay(entry.suspect_since) })}
                  </div>
                </td>
                <td>
                  <Link to={staffUrls.certificateDetail(entry.certificate_id)}>
                    {t('instruments.impacts.certificate', { id: entry.certificate_id })}
                  </Link>
                  <div className="mach-inst__muted">
                    {t('instruments.impacts.testedAt', { day: formatDayTime(entry.tested_at) })}
                  </div>
                </td>
                <td className="mach-inst__serials">
                  <MeasuredValues entry={entry} />
                </td>
                <td>
                  {entry.closed_as ? (
                    <>
                      <span aria-hidden="true">✓ </span>
                      {t('instruments.impacts.closed', {
                        how: t(`impactClosing.${entry.closed_as}`),
                        by: entry.closed_by_name ?? '',
                        day: formatDayTime(entry.closed_at),
                      })}
                      {entry.note && <div className="mach-inst__note">{entry.note}</div>}
                    </>
                  ) : (
                    <>
                      <strong className="mach-inst__due--overdue">
                        <span aria-hidden="true">⚠ </span>
                        {t('instruments.impacts.open')}
                      </strong>
                      {mayClose && (
                        <>
                          <div className="mach-inst__muted">{t('instruments.impacts.reviseHint')}</div>
                          <CloseEntry entry={entry} />
                        </>
                      )}
                    </>
                  )}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    );
  }

  return (
    <section className="mach-inst__panel" aria-labelledby="impacts-title" data-testid="impacts">
      <h2 id="impacts-title" className="mach-subtitle">
        {t('instruments.impacts.title')}
      </h2>
      <p className="mach-inst__hint">{t('instruments.impacts.intro')}</p>
      {impacts.data && impacts.data.length > 0 && (
        <ExportButtons
          label={t('instruments.impacts.export')}
          formatLabel={(format) => t(`instruments.impacts.formats.${format}`)}
          failed={t('instruments.impacts.exportFailed')}
          save={exportImpacts}
        />
      )}
      {list()}
    </section>
  );
}
