import { FAILURE_REASON_CODE_MAX, FAILURE_REASON_NAME_MAX, type FailureReason } from 'contracts';
import { useId, useState, type FormEvent } from 'react';
import { apiErrorMessage, apiFieldErrors, notify, Spinner, useT } from 'shared-ui';
import { machineCatalogs } from '../../../catalogs';
import { useChangeFailureReasons, useFailureReasons } from './failure-reasons-api';
import { codeOf, reasonErrors } from './reason-draft';
import './failure-reasons.css';

/** One reason in the table: its name editable in place; removable while no retest names it. */
function ReasonRow({ reason }: { reason: FailureReason }) {
  const t = useT(machineCatalogs);
  const { rename, remove } = useChangeFailureReasons();
  const [name, setName] = useState<string | null>(null);
  const inputId = `reason-${reason.id}-name`;

  const save = () => {
    if (name === null || !name.trim()) return;
    rename.mutate(
      { id: reason.id, name },
      {
        onSuccess: () => {
          setName(null);
          notify.success(t('reasons.renamed', { code: reason.code }));
        },
        onError: (error) => notify.error(apiErrorMessage(error) ?? t('reasons.failed')),
      },
    );
  };

  return (
    <tr>
      <th scope="row">{reason.code}</th>
      <td>
        {name === null ? (
          reason.name
        ) : (
          <input
            id={inputId}
            className="sui-input"
            aria-label={t('reasons.nameOf', { code: reason.code })}
            maxLength={FAILURE_REASON_NAME_MAX}
            value={name}
            onChange={(event) => setName(event.target.value)}
            onKeyDown={(event) => {
              if (event.key === 'Enter') save();
              if (event.key === 'Escape') setName(null);
            }}
          />
        )}
      </td>
      <td className="mach-reasons__used">{reason.used}</td>
      <td className="mach-reasons__actions">
        {name === null ? (
          <button
            type="button"
            className="sui-link-button"
            aria-label={t('reasons.renameOf', { code: reason.code })}
            onClick={() => {
              setName(reason.name);
              requestAnimationFrame(() => document.getElementById(inputId)?.focus());
            }}
          >
            {t('reasons.rename')}
          </button>
        ) : (
          <button type="button" className="sui-link-button" disabled={rename.isPending} onClick={save}>
            {t('reasons.save')}
          </button>
        )}
        {reason.used === 0 && (
          <button
            type="button"
            className="sui-link-button"
            aria-label={t('reasons.removeOf', { code: reason.code })}
            disabled={remove.isPending}
            onClick={() =>
              remove.mutate(reason.id, {
                onSuccess: () => notify.success(t('reasons.removed', { code: reason.code })),
                onError: (error) => notify.error(apiErrorMessage(error) ?? t('reasons.failed')),
              })
            }
          >
            {t('reasons.remove')}
          </button>
        )}
      </td>
    </tr>
  );
}

/**
 * "Fehlergründe": the catalogue of failure reasons a retest names, kept by the quality department (the role that
 * keeps test plans). A code stays for good; a reason a retest names keeps its place and only its name changes.
 */
export function FailureReasonsPanel() {
  const t = useT(machineCatalogs);
  const id = useId();
  const reasons = useFailureReasons();
  const { add } = useChangeFailureReasons();
  const [code, setCode] = useState('');
  const [name, setName] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const found = reasonErrors(
      code,
      name,
      (reasons.data ?? []).map((reason) => reason.code),
    );
    setErrors(found);
    const first = (['code', 'name'] as const).find((field) => found[field]);
    if (first) return document.getElementById(`${id}-${first}`)?.focus();
    add.mutate(
      { code: codeOf(code), name: name.trim() },
      {
        onSuccess: (reason) => {
          setCode('');
          setName('');
          notify.success(t('reasons.added', { code: reason.code }));
          document.getElementById(`${id}-code`)?.focus();
        },
        onError: (error) => {
          const fields = apiFieldErrors(error);
          setErrors(fields);
          if (!Object.keys(fields).length) notify.error(apiErrorMessage(error) ?? t('reasons.failed'));
        },
      },
    );
  };

  const field = (
    key: 'code' | 'name',
    label: string,
    max: number,
    value: string,
    set: (v: string) => void,
  ) => (
    <div className="sui-field">
      <label htmlFor={`${id}-${key}`}>{label}</label>
      <input
        id={`${id}-${key}`}
        className="sui-input"
        maxLength={max}
        value={value}
        onChange={(event) => {
          set(event.target.value);
          setErrors(({ [key]: _cleared, ...rest }) => rest);
        }}
        aria-invalid={errors[key] ? true : undefined}
        aria-errormessage={errors[key] ? `${id}-${key}-error` : undefined}
      />
      {errors[key] && (
        <p id={`${id}-${key}-error`} className="sui-field-error" role="alert">
          {errors[key]}
        </p>
      )}
    </div>
  );

  return (
    <section
      className="mach-card mach-reasons"
      aria-labelledby={`${id}-heading`}
      data-testid="failure-reasons"
    >
      <h2 id={`${id}-heading`} className="mach-subtitle">
        {t('reasons.heading')}
      </h2>
      <p className="mach-hint">{t('reasons.intro')}</p>
      {reasons.isPending ? (
        <Spinner />
      ) : reasons.isError ? (
        <p role="alert">{apiErrorMessage(reasons.error) ?? t('reasons.loadFailed')}</p>
      ) : (
        <div className="mach-plan__table-wrap">
          <table className="mach-plan__table mach-reasons__table">
            <thead>
              <tr>
                <th scope="col">{t('reasons.code')}</th>
                <th scope="col">{t('reasons.name')}</th>
                <th scope="col">{t('reasons.used')}</th>
                <th scope="col">
                  <span className="sui-visually-hidden">{t('reasons.actions')}</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {reasons.data.map((reason) => (
                <ReasonRow key={reason.id} reason={reason} />
              ))}
            </tbody>
          </table>
        </div>
      )}
      <form className="mach-plan__copy-row mach-reasons__add" noValidate onSubmit={submit}>
        {field('code', t('reasons.code'), FAILURE_REASON_CODE_MAX, code, setCode)}
        {field('name', t('reasons.name'), FAILURE_REASON_NAME_MAX, name, setName)}
        <button type="submit" className="sui-button sui-button--secondary" disabled={add.isPending}>
          {t('reasons.add')}
        </button>
      </form>
    </section>
  );
}
