import type { TestPlan } from 'contracts';
import { useCallback, useMemo, useState } from 'react';
import { useT } from 'shared-ui';
import { certificateCatalogs } from '../../catalogs';
import {
  allPassed,
  certificateInstrumentKey,
  certificateValueKey,
  unitValueKey,
  valueFieldId,
  type TestValues,
} from './step-entry';
import { InstrumentChoices } from './instrument-choices';
import { TesterFileImport, type ImportedValues } from './tester-file-import';
import { StepValueField } from './step-value-field';
import { UnitGrid, type CellChange } from './unit-grid';
import './test-entry.css';

export interface TestEntryProps {
  plan: TestPlan;
  /** The certificate's quantity: one grid row per unit. */
  units: number;
  values: TestValues;
  /** Changes the values from the current ones; `changed` names the value keys whose messages go. */
  update: (next: (current: TestValues) => TestValues, changed: string[]) => void;
  /**
   * Messages keyed like the API's 400 and 409 `fields` (`results.certificate.<key>`, `results.units.<k>.<key>`,
   * `results.instruments.<key>`).
   */
  errors: Record<string, string>;
}

/**
 * The machine's test plan on the create form (its own chunk, docs/architecture.md#budgets): the instrument of
 * each measured step that names one, the steps measured once for the certificate, then the per-unit steps as a
 * grid, and "Alle bestanden" for every open step that can simply pass (step-entry.ts).
 */
export default function TestEntry({ plan, units, values, update, errors }: TestEntryProps) {
  const t = useT(certificateCatalogs);
  const [status, setStatus] = useState('');
  const certificateSteps = useMemo(() => plan.steps.filter((step) => !step.per_unit), [plan.steps]);
  // The same array while the plan is: the grid's rows are memoised on it (a 100 × 10 grid stays quick to type in).
  const unitSteps = useMemo(() => plan.steps.filter((step) => step.per_unit), [plan.steps]);

  const changeCells = useCallback(
    (changes: CellChange[]) =>
      update(
        (current) => {
          const next = [...current.units];
          for (const { unit, key, value } of changes) next[unit] = { ...next[unit], [key]: value };
          return { ...current, units: next };
        },
        changes.map(({ unit, key }) => unitValueKey(unit, key)),
      ),
    [update],
  );
  const pasted = useCallback(
    (filled: number, dropped: number) =>
      setStatus(dropped ? t('entry.pastedDropped', { filled, dropped }) : t('entry.pasted', { filled })),
    [t],
  );
  const chooseInstrument = useCallback(
    (stepKey: string, instrumentId: number | undefined) =>
      update(
        ({ instruments: { [stepKey]: _replaced, ...others } = {}, ...current }) => ({
          ...current,
          instruments: instrumentId === undefined ? others : { ...others, [stepKey]: instrumentId },
        }),
        [certificateInstrumentKey(stepKey)],
      ),
    [update],
  );

  const takeFromFile = useCallback(
    ({ units: imported, source, name }: ImportedValues) => {
      update(
        (current) => ({
          ...current,
          units: Array.from({ length: units }, (_, unit) => imported[unit] ?? current.units[unit] ?? {}),
          tester_file: source,
        }),
        Object.entries(imported).flatMap(([unit, values]) =>
          Object.keys(values).map((key) => unitValueKey(Number(unit), key)),
        ),
      );
      setStatus(t('import.taken', { name }));
    },
    [update, units, t],
  );

  const passAll = () => {
    const { count } = allPassed(plan.steps, values, units);
    update((current) => allPassed(plan.steps, current, units).values, []);
    setStatus(count ? t('entry.allPassedDone', { count }) : t('entry.nothingOpen'));
  };

  return (
    <section className="test-entry" aria-labelledby="test-entry-title">
      <div className="test-entry__head">
        <h2 id="test-entry-title" className="test-entry__heading">
          {t('entry.heading')}
        </h2>
        <span className="test-entry__version">
          {plan.version === 0 ? t('entry.defaultPlan') : t('entry.planVersion', { version: plan.version })}
        </span>
        <button type="button" className="sui-button sui-button--secondary" onClick={passAll}>
          {t('entry.allPassed')}
        </button>
      </div>
      <InstrumentChoices
        // Another plan (another machine) starts its preselection afresh.
        key={`${plan.machine_id}-${plan.version}`}
        steps={plan.steps}
        chosen={values.instruments}
        keyOf={certificateInstrumentKey}
        errors={errors}
        onChoose={chooseInstrument}
      />
      {certificateSteps.length > 0 && (
        <div className="test-entry__part">
          <h3 className="test-entry__subheading">{t('entry.certificateSteps')}</h3>
          <div className="test-entry__steps">
            {certificateSteps.map((step) => {
              const key = certificateValueKey(step.key);
              return (
                <StepValueField
                  key={step.key}
                  id={valueFieldId(key)}
                  step={step}
                  value={values.certificate[step.key] ?? ''}
                  error={errors[key]}
                  onChange={(value) =>
                    update(
                      (current) => ({
                        ...current,
                        certificate: { ...current.certificate, [step.key]: value },
                      }),
                      [key],
                    )
                  }
                />
              );
            })}
          </div>
        </div>
      )}
      {unitSteps.length > 0 && (
        <div className="test-entry__part">
          <h3 className="test-entry__subheading">{t('entry.unitSteps')}</h3>
          <p className="test-entry__hint">
            {t('entry.unitsNote')} {t('entry.gridHint')}
          </p>
          <TesterFileImport
            machineId={plan.machine_id}
            steps={unitSteps}
            target={{ quantity: units }}
            entered={Array.from({ length: units }, (_, unit) => values.units[unit] ?? {})}
            onConfirm={takeFromFile}
          />
          <UnitGrid
            steps={unitSteps}
            units={units}
            values={values.units}
            errors={errors}
            onChange={changeCells}
            onPasted={pasted}
          />
        </div>
      )}
      <p className="test-entry__status" role="status">
        {status}
      </p>
    </section>
  );
}
