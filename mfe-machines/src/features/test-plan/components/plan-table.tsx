import { limitText, STEP_KIND_LABELS, type PlanStep } from 'contracts';
import { planMessages as t } from '../plan-messages';

/** What a step accepts: its limits, or the options that pass. */
function acceptance(step: PlanStep) {
  if (step.kind === 'numeric') return limitText(step) || step.unit;
  if (step.kind === 'choice') return `${t.passing}: ${step.passing.join(', ')}`;
  return '';
}

/** The plan for those who may read but not change it. */
export function PlanTable({ steps }: { steps: readonly PlanStep[] }) {
  return (
    // Scrolls sideways on a narrow screen: focusable, so the keyboard can scroll it too.
    <div className="mach-plan__table-wrap" tabIndex={0} role="region" aria-label={t.steps}>
      <table className="mach-plan__table">
        <caption className="sui-visually-hidden">{t.steps}</caption>
        <thead>
          <tr>
            <th scope="col">#</th>
            <th scope="col">{t.titles}</th>
            <th scope="col">{t.kind}</th>
            <th scope="col">{t.limitColumn}</th>
            <th scope="col">{t.parameters}</th>
            <th scope="col">{t.standard}</th>
            <th scope="col">{t.perUnit}</th>
            <th scope="col">{t.requiredColumn}</th>
          </tr>
        </thead>
        <tbody>
          {steps.map((step, index) => (
            <tr key={step.key}>
              <td>{index + 1}</td>
              <td>
                {step.title.de}
                <span className="mach-plan__key">{step.key}</span>
              </td>
              <td>{STEP_KIND_LABELS[step.kind]}</td>
              <td>{acceptance(step)}</td>
              <td>{step.parameters}</td>
              <td>{step.standard}</td>
              <td>{step.per_unit ? t.perUnitYes : t.perUnitNo}</td>
              <td>{step.required ? t.yes : t.no}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
