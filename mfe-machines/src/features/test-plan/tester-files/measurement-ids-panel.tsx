import type { MeasurementIds, PlanStep } from 'contracts';
import { useId, useState, type FormEvent } from 'react';
import { apiErrorMessage, apiFieldErrors, notify, Spinner, useT } from 'shared-ui';
import { machineCatalogs } from '../../../catalogs';
import { idErrors, type IdRow } from './ids-draft';
import { useMeasurementIds, useSaveMeasurementIds } from './tester-files-api';
import './tester-files.css';

const MESSAGES = { pattern: 'ids.pattern', twice: 'ids.twice', step: 'ids.stepMissing' } as const;

/** The table as edited, from what is stored; saved as a whole. */
function IdTable({ stored, steps }: { stored: MeasurementIds['data']; steps: readonly PlanStep[] }) {
  const t = useT(machineCatalogs);
  const id = useId();
  const save = useSaveMeasurementIds();
  const [rows, setRows] = useState<IdRow[]>(stored);
  const [errors, setErrors] = useState<Record<string, keyof typeof MESSAGES>>({});
  const fieldId = (k: number, field: keyof IdRow) => `${id}-${k}-${field}`;

  const change = (k: number, field: keyof IdRow, value: string) => {
    setRows(rows.map((row, n) => (n === k ? { ...row, [field]: value } : row)));
    setErrors(({ [`${k}.${field}`]: _cleared, ...rest }) => rest);
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const found = idErrors(rows);
    setErrors(found);
    const first = Object.keys(found)[0];
    if (first) {
      const [k, field] = first.split('.');
      return document.getElementById(fieldId(Number(k), field as keyof IdRow))?.focus();
    }
    const data = rows.map((row) => ({ column_key: row.column_key.trim(), step_key: row.step_key }));
    save.mutate(
      { data },
      {
        onSuccess: (saved) => {
          setRows(saved.data);
          notify.success(t('ids.saved'));
        },
        onError: (error) =>
          notify.error(Object.values(apiFieldErrors(error))[0] ?? apiErrorMessage(error) ?? t('ids.failed')),
      },
    );
  };

  /** What the step measures, as the plan says: its kind and unit. */
  const kindOf = (key: string) => {
    const step = steps.find((each) => each.key === key);
    if (!step) return '–';
    return [t(`stepKind.${step.kind}`), step.unit].filter(Boolean).join(', ');
  };

  const error = (k: number, field: keyof IdRow) => {
    const code = errors[`${k}.${field}`];
    return (
      code && (
        <p id={`${fieldId(k, field)}-error`} className="sui-field-error" role="alert">
          {t(MESSAGES[code])}
        </p>
      )
    );
  };
  const invalid = (k: number, field: keyof IdRow) =>
    errors[`${k}.${field}`]
      ? { 'aria-invalid': true, 'aria-errormessage': `${fieldId(k, field)}-error` }
      : {};

  return (
    <form noValidate onSubmit={submit}>
      <div className="mach-plan__table-wrap">
        <table className="mach-plan__table mach-ids__table">
          <thead>
            <tr>
              <th scope="col">{t('ids.id')}</th>
              <th scope="col">{t('ids.step')}</th>
              <th scope="col">{t('ids.kindUnit')}</th>
              <th scope="col">
                <span className="sui-visually-hidden">{t('ids.actions')}</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {rows.map((row, k) => (
              <tr key={k}>
                <td>
                  <input
                    id={fieldId(k, 'column_key')}
                    className="sui-input mach-ids__id"
                    aria-label={t('ids.idOf', { n: k + 1 })}
                    maxLength={13}
                    value={row.column_key}
                    onChange={(event) => change(k, 'column_key', event.target.value)}
                    {...invalid(k, 'column_key')}
                  />
                  {error(k, 'column_key')}
                </td>
                <td>
                  <select
                    id={fieldId(k, 'step_key')}
                    className="sui-input"
                    aria-label={t('ids.stepOf', { n: k + 1 })}
                    value={row.step_key}
                    onChange={(event) => change(k, 'step_key', event.target.value)}
                    {...invalid(k, 'step_key')}
                  >
                    <option value="">{t('ids.chooseStep')}</option>
                    {steps.map((step) => (
                      <option key={step.key} value={step.key}>
                        {step.title.de}
                      </option>
                    ))}
                    {row.step_key && !steps.some((step) => step.key === row.step_key) && (
                      <option value={row.step_key}>{t('ids.notInPlan', { key: row.step_key })}</option>
                    )}
                  </select>
                  {error(k, 'step_key')}
                </td>
                <td>{kindOf(row.step_key)}</td>
                <td className="mach-reasons__actions">
                  <button
                    type="button"
                    className="sui-link-button"
                    aria-label={t('ids.removeOf', { id: row.column_key || k + 1 })}
                    onClick={() => {
                      setRows(rows.filter((_, n) => n !== k));
                      setErrors({});
                    }}
                  >
                    {t('ids.remove')}
                  </button>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <div className="mach-mappings__buttons">
        <button
          type="button"
          className="sui-button sui-button--secondary"
          onClick={() => {
            setRows([...rows, { column_key: '', step_key: '' }]);
            requestAnimationFrame(() => document.getElementById(fieldId(rows.length, 'column_key'))?.focus());
          }}
        >
          {t('ids.add')}
        </button>
        <button type="submit" className="sui-button" disabled={save.isPending}>
          {t('ids.save')}
        </button>
      </div>
    </form>
  );
}

/**
 * „Messungs-IDs von Metrel“: which step a Metrel file's measurement id fills by default, kept as data
 * (docs/tester-files.md); for every machine, offered here with this machine's steps measured per unit.
 */
export function MeasurementIdsPanel({ steps }: { steps: readonly PlanStep[] }) {
  const t = useT(machineCatalogs);
  const id = useId();
  const ids = useMeasurementIds();
  return (
    <section className="mach-card mach-ids" aria-labelledby={`${id}-heading`} data-testid="measurement-ids">
      <h2 id={`${id}-heading`} className="mach-subtitle">
        {t('ids.heading')}
      </h2>
      <p className="mach-hint">{t('ids.intro')}</p>
      {ids.isPending ? (
        <Spinner />
      ) : ids.isError ? (
        <p role="alert">{apiErrorMessage(ids.error) ?? t('ids.loadFailed')}</p>
      ) : (
        <IdTable stored={ids.data.data} steps={steps.filter((step) => step.per_unit)} />
      )}
    </section>
  );
}
