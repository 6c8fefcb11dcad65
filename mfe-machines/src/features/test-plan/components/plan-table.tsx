import { limitText, type PlanStep } from 'contracts';
import { activeLocale, useT } from 'shared-ui';
import { machineCatalogs } from '../../../catalogs';

/** What a step accepts: its limits, or the options that pass. */
function acceptance(step: PlanStep, t: typeof machineCatalogs.t) {
  if (step.kind === 'numeric') return limitText(step, activeLocale()) || step.unit;
  if (step.kind === 'choice') return `${t('plan.passing')}: ${step.passing.join(', ')}`;
  return '';
}

/** The plan for those who may read but not change it. */
export function PlanTable({ steps }: { steps: readonly PlanStep[] }) {
  const t = useT(machineCatalogs);
  return (
    // Scrolls sideways on a narrow screen: focusable, so the keyboard can scroll it too.
    <div className="mach-plan__table-wrap" tabIndex={0} role="region" aria-label={t('plan.steps')}>
      <table className="mach-plan__table">
        <caption className="sui-visually-hidden">{t('plan.steps')}</caption>
        <thead>
          <tr>
            <th scope="col">#</th>
            <th scope="col">{t('plan.titles')}</th>
            <th scope="col">{t('plan.kind')}</th>
            <th scope="col">{t('plan.limitColumn')}</th>
            <th scope="col">{t('plan.parameters')}</th>
            <th scope="col">{t('plan.standard')}</th>
            <th scope="col">{t('plan.perUnit')}</th>
            <th scope="col">{t('plan.requiredColumn')}</th>
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
              <td>
                {t(`stepKind.${step.kind}`)}
                {step.instrument_kind && ' '}
                {step.instrument_kind && (
                  <span className="mach-plan__key">{t(`instrumentKind.${step.instrument_kind}`)}</span>
                )}
              </td>
              <td>{acceptance(step, t)}</td>
              <td>{step.parameters}</td>
              <td>{step.standard}</td>
              <td>{step.per_unit ? t('plan.perUnitYes') : t('plan.perUnitNo')}</td>
              <td>{step.required ? t('plan.yes') : t('plan.no')}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
