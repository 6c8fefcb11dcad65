import { useQuery } from '@tanstack/react-query';
import {
  CERTIFICATE_STATUSES,
  CERTIFICATE_VERDICTS,
  type CertificateVerdict,
  CHECKED_BY_MAX,
  type CertificateStatus,
} from 'contracts';
import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { brandsQuery, machinesByBrandQuery, useT } from 'shared-ui';
import type { CertificateQuery } from '../../../api/wire';
import { certificateCatalogs } from '../../../catalogs';
import { useCheckers } from '../api/get-checkers';
import { dateProblems, PERIOD_PRESETS, presetRange } from '../list-query';

export type Filter = Pick<
  CertificateQuery,
  'from' | 'to' | 'brand_id' | 'machine_id' | 'checked_by' | 'status' | 'verdict'
>;

interface CertificateFiltersProps {
  filter: Filter;
  /**
   * What changed, the rest as it is: a second change made before the list shows the first one (two fields
   * filled quickly) must not put back the first field's old value.
   */
  onChange: (change: Filter) => void;
}

/** Every field emptied, for the reset button. */
const NO_FILTER: { [name in keyof Required<Filter>]: undefined } = {
  from: undefined,
  to: undefined,
  brand_id: undefined,
  machine_id: undefined,
  checked_by: undefined,
  status: undefined,
  verdict: undefined,
};

/**
 * The list's filter, applied as it changes (there is no button to apply it): dates, presets and choices at
 * once, the checker's name when one of the known names is chosen, on Enter or when the field is left. An
 * impossible day or an end before the start is named at the field and not sent.
 */
export function CertificateFilters({ filter, onChange }: CertificateFiltersProps) {
  const t = useT(certificateCatalogs);
  const id = useId();
  const brands = useQuery(brandsQuery);
  const machines = useQuery({
    ...machinesByBrandQuery(filter.brand_id ?? 0),
    enabled: filter.brand_id !== undefined,
  });
  const checkers = useCheckers();
  const [dates, setDates] = useState({ from: filter.from ?? '', to: filter.to ?? '' });
  const [checker, setChecker] = useState(filter.checked_by ?? '');
  // A link or the back button changes the filter from outside: the fields follow.
  const [shown, setShown] = useState(filter);
  if (shown.from !== filter.from || shown.to !== filter.to || shown.checked_by !== filter.checked_by) {
    setShown(filter);
    setDates({ from: filter.from ?? '', to: filter.to ?? '' });
    setChecker(filter.checked_by ?? '');
  }
  const problems = dateProblems(dates.from || undefined, dates.to || undefined);
  // The two days as last typed, also before this component has rendered the previous change.
  const typedDates = useRef(dates);
  useEffect(() => {
    typedDates.current = dates;
  }, [dates]);

  const changeDate = (name: 'from' | 'to', value: string) => {
    const next = { ...typedDates.current, [name]: value };
    typedDates.current = next;
    setDates(next);
    const nextProblems = dateProblems(next.from || undefined, next.to || undefined);
    if (!nextProblems.from && !nextProblems.to)
      onChange({ from: next.from || undefined, to: next.to || undefined });
  };
  const applyChecker = (event?: FormEvent, typed = checker) => {
    event?.preventDefault();
    const value = typed.trim() || undefined;
    if (value !== filter.checked_by) onChange({ checked_by: value });
  };
  const choosePreset = (range: { from: string; to: string }) => {
    typedDates.current = range;
    setDates(range);
    onChange(range);
  };
  const field = (name: string) => `${id}-${name}`;

  return (
    <form className="cert-filters" aria-label={t('filter.legend')} onSubmit={applyChecker}>
      <fieldset className="cert-presets">
        <legend>{t('filter.presets')}</legend>
        {PERIOD_PRESETS.map((preset) => {
          const range = presetRange(preset);
          return (
            <button
              key={preset}
              type="button"
              className="sui-button sui-button--secondary"
              aria-pressed={filter.from === range.from && filter.to === range.to}
              onClick={() => choosePreset(range)}
            >
              {t(`filter.${preset}`)}
            </button>
          );
        })}
      </fieldset>
      {(['from', 'to'] as const).map((name) => (
        <div className="sui-field" key={name}>
          <label htmlFor={field(name)}>{t(`filter.${name}`)}</label>
          <input
            id={field(name)}
            className="sui-input"
            type="date"
            value={dates[name]}
            aria-invalid={problems[name] ? true : undefined}
            aria-describedby={problems[name] ? field(`${name}-error`) : undefined}
            onChange={(event) => changeDate(name, event.target.value)}
          />
          {problems[name] && (
            <p id={field(`${name}-error`)} className="sui-field-error" role="alert">
              {problems[name]}
            </p>
          )}
        </div>
      ))}
      <div className="sui-field">
        <label htmlFor={field('brand')}>{t('filter.brand')}</label>
        <select
          id={field('brand')}
          className="sui-input"
          value={filter.brand_id ?? ''}
          onChange={(event) =>
            onChange({
              brand_id: event.target.value ? Number(event.target.value) : undefined,
              machine_id: undefined,
            })
          }
        >
          <option value="">{t('filter.all')}</option>
          {brands.data?.map((brand) => (
            <option key={brand.id} value={brand.id}>
              {brand.name}
            </option>
          ))}
        </select>
        {brands.isError && <p className="sui-field-error">{t('filter.brandsFailed')}</p>}
      </div>
      <div className="sui-field">
        <label htmlFor={field('machine')}>{t('filter.machine')}</label>
        <select
          id={field('machine')}
          className="sui-input"
          value={filter.machine_id ?? ''}
          disabled={filter.brand_id === undefined}
          onChange={(event) =>
            onChange({ machine_id: event.target.value ? Number(event.target.value) : undefined })
          }
        >
          <option value="">
            {filter.brand_id === undefined ? t('filter.chooseBrandFirst') : t('filter.all')}
          </option>
          {machines.data?.map((machine) => (
            <option key={machine.id} value={machine.id}>
              {machine.name}
            </option>
          ))}
        </select>
      </div>
      <div className="sui-field">
        <label htmlFor={field('checker')}>{t('filter.checkedBy')}</label>
        <input
          id={field('checker')}
          className="sui-input"
          list={field('checkers')}
          maxLength={CHECKED_BY_MAX}
          value={checker}
          autoComplete="off"
          onChange={(event) => {
            setChecker(event.target.value);
            // A name picked from the known checkers applies at once, like every other choice here.
            if (checkers.data?.includes(event.target.value)) applyChecker(undefined, event.target.value);
          }}
          onKeyDown={(event) => {
            if (event.key === 'Enter') applyChecker(event);
          }}
          onBlur={() => applyChecker()}
        />
        <datalist id={field('checkers')}>
          {checkers.data?.map((name) => (
            <option key={name} value={name} />
          ))}
        </datalist>
      </div>
      <div className="sui-field">
        <label htmlFor={field('status')}>{t('filter.status')}</label>
        <select
          id={field('status')}
          className="sui-input"
          value={filter.status ?? ''}
          onChange={(event) =>
            onChange({
              status: (event.target.value || undefined) as CertificateStatus | undefined,
            })
          }
        >
          <option value="">{t('filter.all')}</option>
          {CERTIFICATE_STATUSES.map((status) => (
            <option key={status} value={status}>
              {t(`status.${status}`)}
            </option>
          ))}
        </select>
      </div>
      <div className="sui-field">
        <label htmlFor={field('verdict')}>{t('filter.verdict')}</label>
        <select
          id={field('verdict')}
          className="sui-input"
          value={filter.verdict ?? ''}
          onChange={(event) =>
            onChange({
              verdict: (event.target.value || undefined) as CertificateVerdict | undefined,
            })
          }
        >
          <option value="">{t('filter.all')}</option>
          {CERTIFICATE_VERDICTS.map((verdict) => (
            <option key={verdict} value={verdict}>
              {t(`verdict.${verdict}`)}
            </option>
          ))}
        </select>
      </div>
      <div className="cert-filters-actions">
        <button
          type="button"
          className="sui-button sui-button--secondary"
          onClick={() => {
            typedDates.current = { from: '', to: '' };
            setDates(typedDates.current);
            setChecker('');
            onChange(NO_FILTER);
          }}
        >
          {t('filter.reset')}
        </button>
      </div>
    </form>
  );
}
