import type { PlanDiff, PlanStep } from 'contracts';
import { activeLocale, useT } from 'shared-ui';
import { machineCatalogs } from '../../../catalogs';
import { fieldChanges } from '../plan-changes';

const stepLabel = (step: PlanStep) => `${step.title.de} (${step.key})`;

/** The steps added, removed and changed from one version to another, each field as before → after. */
export function PlanDiffView({ diff }: { diff: PlanDiff }) {
  const t = useT(machineCatalogs);
  const { added, removed, changed } = diff;
  return (
    <section className="mach-plan__diff" aria-labelledby="plan-diff-heading" data-testid="plan-diff">
      <h3 id="plan-diff-heading" className="mach-plan__diff-heading">
        {t('history.diffHeading', { from: diff.from, to: diff.to })}
      </h3>
      {added.length + removed.length + changed.length === 0 && <p>{t('history.same')}</p>}
      {added.length > 0 && (
        <>
          <h4>{t('history.added')}</h4>
          <ul className="mach-plan__diff-list mach-plan__diff-list--added">
            {added.map((step) => (
              <li key={step.key}>{stepLabel(step)}</li>
            ))}
          </ul>
        </>
      )}
      {removed.length > 0 && (
        <>
          <h4>{t('history.removed')}</h4>
          <ul className="mach-plan__diff-list mach-plan__diff-list--removed">
            {removed.map((step) => (
              <li key={step.key}>{stepLabel(step)}</li>
            ))}
          </ul>
        </>
      )}
      {changed.length > 0 && (
        <>
          <h4>{t('history.changed')}</h4>
          <ul className="mach-plan__diff-list">
            {changed.map((change) => (
              <li key={change.after.key}>
                {stepLabel(change.after)}
                <ul>
                  {fieldChanges(change, t, activeLocale()).map(({ field, before, after }) => (
                    <li key={field}>
                      {field}: <del>{before}</del> → <ins>{after}</ins>
                    </li>
                  ))}
                </ul>
              </li>
            ))}
          </ul>
        </>
      )}
    </section>
  );
}
