import { formatDateTime, PASS, FAIL, type PlanStep, type StepVerdict, type UnitTestRecord } from 'contracts';
import { stepLimit, stepTitle } from '../../../components/test-entry/step-entry';
import { unitTestMessages } from '../unit-view-messages';
import '../../../components/test-entry/test-entry.css';

const t = unitTestMessages;

/** A value as read: pass/fail in words, a number with its unit. */
function valueText(step: PlanStep, value: string | undefined) {
  if (!value) return '–';
  if (step.kind === 'pass_fail') return value === PASS ? t.passed : value === FAIL ? t.failed : value;
  return step.kind === 'numeric' && step.unit ? `${value} ${step.unit}` : value;
}

/** A verdict as an icon and its word, so it never rests on colour alone. */
function Verdict({ verdict }: { verdict: StepVerdict | undefined }) {
  if (verdict === 'pass')
    return (
      <span className="test-verdict test-verdict--pass">
        <span aria-hidden="true">✓</span>
        <span className="sui-visually-hidden">{t.passed}</span>
      </span>
    );
  if (verdict === 'fail')
    return (
      <span className="test-verdict test-verdict--fail">
        <span aria-hidden="true">✕</span> {t.failed}
      </span>
    );
  return null;
}

/**
 * A unit's test record: each step of the plan it was tested against, one column per attempt (oldest first, the
 * last counts, earlier ones stay readable), with the tester, time and outcome of each attempt.
 */
export function TestAttempts({ steps, record }: { steps: readonly PlanStep[]; record: UnitTestRecord }) {
  const { attempts } = record;
  if (!attempts.length) return <p className="cert-note">{t.noAttempts}</p>;
  const last = attempts.length - 1;
  return (
    <div className="test-grid__scroll">
      <table className="test-grid test-attempts">
        <caption className="test-attempts__caption">{t.results}</caption>
        <thead>
          <tr>
            <th scope="col">{t.step}</th>
            <th scope="col">{t.limit}</th>
            {attempts.map((attempt, index) => (
              <th key={attempt.attempt} scope="col">
                {t.attempt(attempt.attempt)}
                {index === last && attempts.length > 1 && <> ({t.counts})</>}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {steps.map((step) => (
            <tr key={step.key}>
              <th scope="row">{stepTitle(step)}</th>
              <td>{stepLimit(step)}</td>
              {attempts.map((attempt) => (
                <td key={attempt.attempt}>
                  {valueText(step, attempt.values[step.key])} <Verdict verdict={attempt.verdicts[step.key]} />
                </td>
              ))}
            </tr>
          ))}
        </tbody>
        <tfoot>
          <tr>
            <th scope="row">{t.outcome}</th>
            <td />
            {attempts.map((attempt) => (
              <td key={attempt.attempt}>
                <span className={`test-verdict test-verdict--${attempt.passed ? 'pass' : 'fail'}`}>
                  <span aria-hidden="true">{attempt.passed ? '✓' : '✕'}</span>{' '}
                  {attempt.passed ? t.passed : t.failed}
                </span>
                <span className="test-attempts__by">
                  {t.testedBy} {attempt.tested_by_name}, {formatDateTime(attempt.tested_at)}
                </span>
              </td>
            ))}
          </tr>
        </tfoot>
      </table>
    </div>
  );
}
