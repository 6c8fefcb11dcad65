import {
  ownValue,
  PASS,
  FAIL,
  type PlanStep,
  type StepVerdict,
  type UnitTestRecord,
  type UnitValueInstrument,
} from 'contracts';
import { formatDay, formatDayTime, useT } from 'shared-ui';
import { certificateCatalogs, type Translate } from '../../catalogs';
import { stepLimit, stepTitle } from '../test-entry/step-entry';
import '../test-entry/test-entry.css';

/** A value as read: pass/fail in words, a number with its unit. */
export function valueText(t: Translate, step: PlanStep, value: string | undefined) {
  if (!value) return '–';
  if (step.kind === 'pass_fail')
    return value === PASS ? t('attempts.passed') : value === FAIL ? t('attempts.failed') : value;
  return step.kind === 'numeric' && step.unit ? `${value} ${step.unit}` : value;
}

/** A verdict as an icon and its word, so it never rests on colour alone. */
function Verdict({ verdict }: { verdict: StepVerdict | undefined }) {
  const t = useT(certificateCatalogs);
  if (verdict === 'pass')
    return (
      <span className="test-verdict test-verdict--pass">
        <span aria-hidden="true">✓</span>
        <span className="sui-visually-hidden">{t('attempts.passed')}</span>
      </span>
    );
  if (verdict === 'fail')
    return (
      <span className="test-verdict test-verdict--fail">
        <span aria-hidden="true">✕</span> {t('attempts.failed')}
      </span>
    );
  return null;
}

/**
 * A unit's test record: each step of the plan it was tested against, one column per attempt (oldest first, the
 * last counts, earlier ones stay readable), each measured value with the instrument that took it and when that
 * instrument's calibration was due, and the tester, time and outcome of each attempt.
 */
export function TestAttempts({
  steps,
  record,
  instruments,
}: {
  steps: readonly PlanStep[];
  record: UnitTestRecord;
  instruments: readonly UnitValueInstrument[];
}) {
  const t = useT(certificateCatalogs);
  const instrumentOf = (attempt: number, step: string) =>
    instruments.find((use) => use.attempt === attempt && use.step_key === step);
  const { attempts } = record;
  if (!attempts.length) return <p className="cert-note">{t('attempts.noAttempts')}</p>;
  const last = attempts.length - 1;
  return (
    <div className="test-grid__scroll">
      <table className="test-grid test-attempts">
        <caption className="test-attempts__caption">{t('attempts.results')}</caption>
        <thead>
          <tr>
            <th scope="col">{t('attempts.step')}</th>
            <th scope="col">{t('attempts.limit')}</th>
            {attempts.map((attempt, index) => (
              <th key={attempt.attempt} scope="col">
                {t('attempts.attempt', { n: attempt.attempt })}
                {index === last && attempts.length > 1 && <> ({t('attempts.counts')})</>}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {steps.map((step) => (
            <tr key={step.key}>
              <th scope="row">{stepTitle(step)}</th>
              <td>{stepLimit(step)}</td>
              {attempts.map((attempt) => {
                const instrument = instrumentOf(attempt.attempt, step.key);
                return (
                  <td key={attempt.attempt}>
                    {valueText(t, step, ownValue(attempt.values, step.key))}{' '}
                    <Verdict verdict={ownValue(attempt.verdicts, step.key)} />
                    {attempt.carried_over?.includes(step.key) && (
                      <span className="test-entry__carried-mark">{t('attempts.carried')}</span>
                    )}
                    {instrument && (
                      <span className="test-attempts__by" data-testid="value-instrument">
                        {t('attempts.instrument', {
                          number: instrument.inventory_number,
                          name: instrument.name,
                          due: formatDay(instrument.due),
                        })}
                      </span>
                    )}
                  </td>
                );
              })}
            </tr>
          ))}
        </tbody>
        <tfoot>
          {attempts.some((attempt) => attempt.failure_reason) && (
            <tr>
              <th scope="row">{t('attempts.finding')}</th>
              <td />
              {attempts.map((attempt) => (
                <td key={attempt.attempt} className="test-attempts__finding">
                  {attempt.failure_reason && (
                    <>
                      <strong>{`${attempt.failure_reason.code} – ${attempt.failure_reason.name}`}</strong>
                      {attempt.finding && (
                        <span className="test-attempts__finding-text">{attempt.finding}</span>
                      )}
                    </>
                  )}
                </td>
              ))}
            </tr>
          )}
          <tr>
            <th scope="row">{t('attempts.outcome')}</th>
            <td />
            {attempts.map((attempt) => (
              <td key={attempt.attempt}>
                <span className={`test-verdict test-verdict--${attempt.passed ? 'pass' : 'fail'}`}>
                  <span aria-hidden="true">{attempt.passed ? '✓' : '✕'}</span>{' '}
                  {attempt.passed ? t('attempts.passed') : t('attempts.failed')}
                </span>
                <span className="test-attempts__by">
                  {t('attempts.testedBy', {
                    name: attempt.tested_by_name,
                    at: formatDayTime(attempt.tested_at),
                  })}
                </span>
                {attempt.source && (
                  <span className="test-attempts__by" data-testid="attempt-source">
                    {t('attempts.source', {
                      name: attempt.source.name,
                      hash: attempt.source.sha256.slice(0, 12),
                    })}
                  </span>
                )}
              </td>
            ))}
          </tr>
        </tfoot>
      </table>
    </div>
  );
}
