import { ownValue, type Certificate, type CertificateTestRecord } from 'contracts';
import { useState, type FormEvent } from 'react';
import { apiErrorMessage, apiFieldErrors, isHttpError, notify, useSubmitGuard, useT } from 'shared-ui';
import { certificateCatalogs } from '../../../catalogs';
import { submitOnlyByShortcut } from '../../../components/form-keys';
import { InstrumentChoices } from '../../../components/test-entry/instrument-choices';
import { StepValueField } from '../../../components/test-entry/step-value-field';
import {
  instrumentSteps,
  instrumentsToSend,
  passOpenSteps,
  retestErrors,
  retestInstrumentKey,
  retestToSend,
  retestValueKey,
  valueFieldId,
  withInstrumentNames,
} from '../../../components/test-entry/step-entry';
import { useRecordAttempt } from '../api/record-attempt';
import '../../../components/test-entry/test-entry.css';

/**
 * "Nachprüfung erfassen" for a failed unit after repair (its own chunk, shown only for a failed unit): the
 * instrument of each measured step that names one, every step of the plan the certificate was tested against,
 * empty (nothing pre-ticked), sent as a new attempt (POST /units/{serial}/attempts). Enter in a field saves
 * nothing; the button or Ctrl+Enter does.
 */
export default function RetestForm({
  serial,
  record,
  onRecorded,
}: {
  serial: string;
  record: Pick<CertificateTestRecord, 'steps' | 'plan_version'>;
  /** The certificate as the API answered, with this unit's new attempt. */
  onRecorded: (certificate: Certificate) => void;
}) {
  const t = useT(certificateCatalogs);
  const [values, setValues] = useState<Record<string, string>>({});
  const [instruments, setInstruments] = useState<Record<string, number>>({});
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [unreachable, setUnreachable] = useState(false);
  const guard = useSubmitGuard();
  const attempt = useRecordAttempt();
  const { steps } = record;

  const focusFirstError = (found: Record<string, string>) => {
    // In the form's order: the instruments above the values.
    const first = [
      ...instrumentSteps(steps).map((step) => retestInstrumentKey(step.key)),
      ...steps.map((step) => retestValueKey(step.key)),
    ].find((key) => found[key]);
    // After the messages are rendered, so the field is described by its message when it gets the focus.
    if (first) requestAnimationFrame(() => document.getElementById(valueFieldId(first))?.focus());
  };

  const save = async () => {
    const found = retestErrors(steps, values, instruments);
    setErrors(found);
    setUnreachable(false);
    if (Object.keys(found).length) return focusFirstError(found);
    try {
      onRecorded(
        await attempt.mutateAsync({
          serial,
          values: retestToSend(steps, values),
          instruments: instrumentsToSend(steps, instruments),
        }),
      );
    } catch (error) {
      const fields = withInstrumentNames(error, apiFieldErrors(error));
      setErrors(fields);
      focusFirstError(fields);
      // No answer: said on the form, the values stay; an answer (409, 400) says why in a toast.
      if (!isHttpError(error)) setUnreachable(true);
      else notify.error(`${t('retest.refused')} ${apiErrorMessage(error) ?? ''}`.trim());
    }
  };

  const change = (key: string, value: string) => {
    setValues((current) => ({ ...current, [key]: value }));
    setErrors(({ [retestValueKey(key)]: _cleared, ...rest }) => rest);
  };

  return (
    <form
      className="test-entry"
      aria-labelledby="retest-title"
      noValidate
      onKeyDown={(event) => submitOnlyByShortcut(event, () => void guard(save))}
      onSubmit={(event: FormEvent) => {
        event.preventDefault();
        void guard(save);
      }}
    >
      <div className="test-entry__head">
        <h2 id="retest-title" className="test-entry__heading">
          {t('retest.heading')}
        </h2>
        <button
          type="button"
          className="sui-button sui-button--secondary"
          onClick={() => setValues((current) => passOpenSteps(steps, current))}
        >
          {t('entry.allPassed')}
        </button>
      </div>
      <p className="test-entry__hint">
        {t('retest.intro', {
          plan:
            record.plan_version === 0
              ? t('entry.defaultPlan')
              : t('retest.planVersion', { version: record.plan_version }),
        })}
      </p>
      <InstrumentChoices
        steps={steps}
        chosen={instruments}
        keyOf={retestInstrumentKey}
        errors={errors}
        onChoose={(stepKey, instrumentId) => {
          setInstruments(({ [stepKey]: _replaced, ...others }) =>
            instrumentId === undefined ? others : { ...others, [stepKey]: instrumentId },
          );
          setErrors(({ [retestInstrumentKey(stepKey)]: _cleared, ...rest }) => rest);
        }}
      />
      <div className="test-entry__steps">
        {steps.map((step) => (
          <StepValueField
            key={step.key}
            id={valueFieldId(retestValueKey(step.key))}
            step={step}
            value={ownValue(values, step.key) ?? ''}
            error={errors[retestValueKey(step.key)]}
            onChange={(value) => change(step.key, value)}
          />
        ))}
      </div>
      {unreachable && (
        <p className="sui-field-error" role="alert">
          {t('retest.unreachable')}
        </p>
      )}
      <div className="test-entry__actions">
        <span id="retest-hint" className="test-entry__hint">
          {t('retest.saveHint')}
        </span>
        <button
          type="submit"
          className="sui-button"
          disabled={attempt.isPending}
          aria-describedby="retest-hint"
          aria-keyshortcuts="Control+Enter"
        >
          {t('retest.save')}
        </button>
      </div>
    </form>
  );
}
