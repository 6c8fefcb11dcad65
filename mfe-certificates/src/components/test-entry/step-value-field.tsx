import { FAIL, PASS, RESULT_VALUE_MAX, type PlanStep } from 'contracts';
import { useT } from 'shared-ui';
import { certificateCatalogs } from '../../catalogs';
import { markOf, stepLimit, stepTitle, type ValueMark } from './step-entry';
import { ValueNote } from './value-note';

export interface StepValueFieldProps {
  /** The id of the field (of the first radio for pass/fail): where a message moves the keyboard. */
  id: string;
  step: PlanStep;
  value: string;
  onChange: (value: string) => void;
  /** A message from the form's check or the API's 400; shown instead of the mark. */
  error?: string;
}

/**
 * One step's value with its title, test conditions, standard and limit: pass/fail as two radios that start
 * empty (nothing is pre-ticked, docs/decisions/0010-test-record.md), a number as typed (comma or point)
 * beside its unit, a choice, or text. A value the step does not pass or that cannot be sent is marked at once,
 * in words and with aria-invalid, not by colour alone.
 */
export function StepValueField({ id, step, value, onChange, error }: StepValueFieldProps) {
  const t = useT(certificateCatalogs);
  const mark: ValueMark = error ? { kind: 'malformed', reason: error } : markOf(step, value);
  const noteId = `${id}-note`;
  const limit = stepLimit(step);
  const limitId = `${id}-limit`;
  const describedBy = [limit && limitId, mark.kind !== 'empty' && mark.kind !== 'ok' && noteId]
    .filter(Boolean)
    .join(' ');
  const invalid = mark.kind === 'malformed' || (mark.kind === 'fail' && step.kind === 'numeric');
  const details = [step.parameters, step.standard].filter(Boolean).join(' · ');
  const title = (
    <>
      {stepTitle(step)}
      {!step.required && <span className="test-entry__optional"> ({t('entry.optional')})</span>}
    </>
  );
  const common = {
    'aria-describedby': describedBy || undefined,
    'aria-invalid': invalid || undefined,
    // Where the form moves the keyboard when this value holds up the issue.
    'data-value-error': error ? true : undefined,
  };

  return (
    <div className="test-step" data-step={step.key}>
      {step.kind === 'pass_fail' ? (
        <fieldset className="test-step__choices" aria-describedby={common['aria-describedby']}>
          <legend className="test-step__title">{title}</legend>
          {details && <span className="test-step__details">{details}</span>}
          <div className="test-step__radios" role="radiogroup" aria-invalid={common['aria-invalid']}>
            {[
              [PASS, t('entry.pass')],
              [FAIL, t('entry.fail')],
            ].map(([option, label], index) => (
              <label key={option} className="test-step__radio">
                <input
                  id={index === 0 ? id : `${id}-${option}`}
                  type="radio"
                  name={id}
                  value={option}
                  checked={value === option}
                  data-value-error={index === 0 ? common['data-value-error'] : undefined}
                  onChange={() => onChange(option)}
                />
                {label}
              </label>
            ))}
          </div>
        </fieldset>
      ) : (
        <>
          <label className="test-step__title" htmlFor={id}>
            {title}
          </label>
          {details && <span className="test-step__details">{details}</span>}
          <div className="test-step__input">
            {step.kind === 'choice' ? (
              <select
                id={id}
                className="sui-input"
                value={value}
                onChange={(event) => onChange(event.target.value)}
                {...common}
              >
                <option value="">{t('entry.choose')}</option>
                {step.options.map((option) => (
                  <option key={option}>{option}</option>
                ))}
              </select>
            ) : (
              <input
                id={id}
                className="sui-input"
                inputMode={step.kind === 'numeric' ? 'decimal' : undefined}
                autoComplete="off"
                maxLength={RESULT_VALUE_MAX}
                value={value}
                onChange={(event) => onChange(event.target.value)}
                {...common}
              />
            )}
            {step.kind === 'numeric' && step.unit && <span className="test-step__unit">{step.unit}</span>}
          </div>
          {limit && (
            <span id={limitId} className="test-step__limit">
              {t('entry.limit', { limit })}
            </span>
          )}
        </>
      )}
      <ValueNote id={noteId} mark={mark} />
    </div>
  );
}
