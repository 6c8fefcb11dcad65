import { limitOf, type StepResult } from './certificate-record';
import { RESULT_COLUMNS, STEP_VERDICT_TEXT, stepLabels } from './certificate-rows';
import { Labels } from './six-languages';

const COLUMNS = ['step', 'standard', 'limit', 'value', 'verdict'] as const;

/**
 * The unit's test: each step of the plan it was tested against, in six languages, with its standard and test
 * conditions, its limit, the value of the unit's last attempt and the API's verdict. A failing value is framed
 * and its verdict inverted, so it stands out on a black-and-white copy too.
 */
export function CertificateResults({ results }: { results: StepResult[] }) {
  return (
    <table className="cert-doc__table cert-doc__results">
      <colgroup>
        {COLUMNS.map((column) => (
          <col key={column} className={`cert-doc__col-${column}`} />
        ))}
      </colgroup>
      <thead>
        <tr>
          {COLUMNS.map((column) => (
            <th key={column} scope="col">
              <Labels labels={RESULT_COLUMNS[column]} />
            </th>
          ))}
        </tr>
      </thead>
      <tbody>
        {results.map(({ step, value, verdict }) => (
          <tr key={step.key} data-step={step.key} data-verdict={verdict}>
            <th scope="row">
              <Labels labels={stepLabels(step)} />
            </th>
            <td className="cert-doc__standard">
              {step.standard && <span>{step.standard}</span>}
              {step.parameters && <span>{step.parameters}</span>}
            </td>
            <td className="cert-doc__limit" data-field={`${step.key}.limit`}>
              {limitOf(step)}
            </td>
            <td
              className={`cert-doc__value${verdict === 'fail' ? ' cert-doc__fail' : ''}`}
              data-field={step.key}
            >
              {value}
            </td>
            <td
              className={`cert-doc__verdict${verdict === 'fail' ? ' cert-doc__verdict--fail' : ''}`}
              data-field={`${step.key}.verdict`}
            >
              {STEP_VERDICT_TEXT[verdict]}
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
