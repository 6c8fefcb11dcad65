import { useQuery } from '@tanstack/react-query';
import {
  FINDING_MAX,
  ownValue,
  type Certificate,
  type CertificateTestRecord,
  type TestAttempt,
  type TesterFileSource,
} from 'contracts';
import { useState, type FormEvent } from 'react';
import { apiErrorMessage, apiFieldErrors, isHttpError, notify, useSubmitGuard, useT } from 'shared-ui';
import { failureReasonsQuery } from '../../api/get-failure-reasons';
import { certificateCatalogs } from '../../catalogs';
import { Field } from '../field';
import { submitOnlyByShortcut } from '../form-keys';
import { InstrumentChoices } from '../test-entry/instrument-choices';
import { TesterFileImport } from '../test-entry/tester-file-import';
import { StepValueField } from '../test-entry/step-value-field';
import {
  instrumentSteps,
  instrumentsToSend,
  passOpenSteps,
  retestErrors,
  retestInstrumentKey,
  retestSteps,
  retestToSend,
  retestValueKey,
  stepTitle,
  valueFieldId,
  withInstrumentNames,
} from '../test-entry/step-entry';
import { useRecordAttempt } from '../../api/record-attempt';
import { valueText } from './test-attempts';
import '../test-entry/test-entry.css';

/** Where the API reports the finding's fields (its 400), and the ids of the form's fields for them. */
const REASON_KEY = 'failure_reason';
const FINDING_KEY = 'finding';

/**
 * "Nachprüfung erfassen" for a failed unit after repair (its own chunk, shown only for a failed unit): the finding
 * (a failure reason of the quality department's catalogue and what was found and done), the instrument of each
 * measured step that names one, and the steps that failed at the last attempt, empty (nothing pre-ticked); the
 * others are carried over and listed as such, unless the plan says a retest repeats all. Sent as a new attempt
 * (POST /units/{serial}/attempts). Enter in a field saves nothing; the button or Ctrl+Enter does.
 */
export default function RetestForm({
  serial,
  machineId,
  record,
  last,
  onRecorded,
}: {
  serial: string;
  /** The certificate's machine: a tester's file is uploaded for it. */
  machineId: number;
  record: Pick<CertificateTestRecord, 'steps' | 'plan_version' | 'retest_all'>;
  /** The unit's last attempt: what failed there is asked for again. */
  last?: TestAttempt;
  /** The certificate as the API answered, with this unit's new attempt. */
  onRecorded: (certificate: Certificate) => void;
}) {
  const t = useT(certificateCatalogs);
  const [values, setValues] = useState<Record<string, string>>({});
  const [instruments, setInstruments] = useState<Record<string, number>>({});
  const [reason, setReason] = useState('');
  const [finding, setFinding] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [unreachable, setUnreachable] = useState(false);
  /** The tester's file values were taken from, sent with them (docs/tester-files.md). */
  const [source, setSource] = useState<{ file: TesterFileSource; name: string } | null>(null);
  const guard = useSubmitGuard();
  const attempt = useRecordAttempt();
  const reasons = useQuery(failureReasonsQuery);
  const { asked: steps, carried } = retestSteps(record.steps, last, record.retest_all ?? false);

  const focusFirstError = (found: Record<string, string>) => {
    // In the form's order: the finding, the instruments, then the values.
    const first = [
      REASON_KEY,
      FINDING_KEY,
      ...instrumentSteps(steps).map((step) => retestInstrumentKey(step.key)),
      ...steps.map((step) => retestValueKey(step.key)),
    ].find((key) => found[key]);
    // After the messages are rendered, so the field is described by its message when it gets the focus.
    if (first) requestAnimationFrame(() => document.getElementById(valueFieldId(first))?.focus());
  };

  const save = async () => {
    const found = {
      ...(reason ? {} : { [REASON_KEY]: t('retest.reasonMissing') }),
      ...retestErrors(steps, values, instruments),
    };
    setErrors(found);
    setUnreachable(false);
    if (Object.keys(found).length) return focusFirstError(found);
    try {
      onRecorded(
        await attempt.mutateAsync({
          serial,
          values: retestToSend(steps, values),
          instruments: instrumentsToSend(steps, instruments),
          failure_reason: reason,
          finding: finding.trim(),
          ...(source && { tester_file: source.file }),
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
        {t(carried.length ? 'retest.introFailed' : 'retest.intro', {
          plan:
            record.plan_version === 0
              ? t('entry.defaultPlan')
              : t('retest.planVersion', { version: record.plan_version }),
        })}
      </p>
      <div className="test-entry__finding">
        <Field id={valueFieldId(REASON_KEY)} label={t('retest.reason')} error={errors[REASON_KEY]}>
          <select
            id={valueFieldId(REASON_KEY)}
            className="sui-input"
            value={reason}
            onChange={(event) => {
              setReason(event.target.value);
              setErrors(({ [REASON_KEY]: _cleared, ...rest }) => rest);
            }}
            aria-invalid={errors[REASON_KEY] ? true : undefined}
            aria-errormessage={errors[REASON_KEY] ? `${valueFieldId(REASON_KEY)}-error` : undefined}
          >
            <option value="">{reasons.isError ? t('retest.reasonsFailed') : t('entry.choose')}</option>
            {reasons.data?.map((option) => (
              <option key={option.code} value={option.code}>
                {`${option.code} – ${option.name}`}
              </option>
            ))}
          </select>
        </Field>
        <Field id={valueFieldId(FINDING_KEY)} label={t('retest.finding')} error={errors[FINDING_KEY]}>
          <textarea
            id={valueFieldId(FINDING_KEY)}
            className="sui-input"
            rows={2}
            maxLength={FINDING_MAX}
            placeholder={t('retest.findingHint')}
            value={finding}
            onChange={(event) => setFinding(event.target.value)}
          />
        </Field>
      </div>
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
      <TesterFileImport
        machineId={machineId}
        steps={steps}
        target={{ serial }}
        entered={[values]}
        onConfirm={({ units, source: file, name }) => {
          setValues((current) => ({ ...current, ...units[0] }));
          setSource({ file, name });
        }}
      />
      {source && (
        <p className="test-entry__hint" role="status">
          {t('import.takenRetest', { name: source.name })}
        </p>
      )}
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
      {carried.length > 0 && (
        <div className="test-entry__part">
          <h3 className="test-entry__subheading" id="retest-carried">
            {t('retest.carried', { n: last?.attempt ?? 1 })}
          </h3>
          <ul className="test-entry__carried" aria-labelledby="retest-carried">
            {carried.map((step) => (
              <li key={step.key}>
                <span>{stepTitle(step)}</span>{' '}
                <span className="test-entry__carried-value">
                  {valueText(t, step, ownValue(last?.values ?? {}, step.key))}
                </span>{' '}
                <span className="test-entry__carried-mark">{t('attempts.carried')}</span>
              </li>
            ))}
          </ul>
        </div>
      )}
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
