import {
  ownValue,
  type ImportMapping,
  type ImportPreview,
  type PlanStep,
  type TesterFile,
  type TesterFileSource,
} from 'contracts';
import { useId, useState } from 'react';
import { apiErrorMessage, useT } from 'shared-ui';
import { previewTesterFile, saveImportMapping, uploadTesterFile } from '../../api/tester-files';
import { certificateCatalogs } from '../../catalogs';
import { valueText } from '../unit-record/test-attempts';
import { stepTitle } from './step-entry';

/** What the inspector confirms: each unit's values (by its place in `entered`) and the file they came from. */
export interface ImportedValues {
  units: Record<number, Record<string, string>>;
  source: TesterFileSource;
  name: string;
}

type Stage =
  | { kind: 'closed' }
  | { kind: 'choose' }
  | { kind: 'map'; file: TesterFile; mapping: ImportMapping }
  | { kind: 'preview'; file: TesterFile; preview: ImportPreview };

/**
 * „Aus Prüfgerätedatei übernehmen“ (docs/tester-files.md): choose the tester's file, map its columns the first
 * time (saved per machine and tester model), look at the preview with verdicts and conflicts, then take the values
 * into the form, which sends them with the file's id; the API reads them again from the stored file.
 */
export function TesterFileImport({
  machineId,
  steps,
  target,
  entered,
  onConfirm,
}: {
  machineId: number;
  /** The steps measured per unit: the ones a file can fill. */
  steps: readonly PlanStep[];
  /** The create form's units, or the retest's serial. */
  target: { quantity: number } | { serial: string };
  /** The values entered so far, per unit in order (one for a retest). */
  entered: Record<string, string>[];
  onConfirm: (values: ImportedValues) => void;
}) {
  const t = useT(certificateCatalogs);
  const id = useId();
  const [stage, setStage] = useState<Stage>({ kind: 'closed' });
  const [file, setFile] = useState<File | null>(null);
  const [model, setModel] = useState('');
  const [choice, setChoice] = useState<'keep' | 'replace'>('keep');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState('');

  /** Runs one call, saying the API's German reason where it refuses. */
  const run = async (work: () => Promise<void>) => {
    setBusy(true);
    setError('');
    try {
      await work();
    } catch (caught) {
      setError(apiErrorMessage(caught) ?? t('import.unreachable'));
    } finally {
      setBusy(false);
    }
  };
  const preview = (uploaded: TesterFile) =>
    run(async () => {
      const answer = await previewTesterFile(uploaded.id, { ...target, entered });
      setStage({ kind: 'preview', file: uploaded, preview: answer });
    });
  const upload = () =>
    run(async () => {
      if (!file) throw new Error();
      const uploaded = await uploadTesterFile(machineId, file, model.trim());
      if (uploaded.mapping_saved) {
        const answer = await previewTesterFile(uploaded.id, { ...target, entered });
        setStage({ kind: 'preview', file: uploaded, preview: answer });
      } else setStage({ kind: 'map', file: uploaded, mapping: uploaded.mapping });
    });

  if (stage.kind === 'closed')
    return (
      <button
        type="button"
        className="sui-button sui-button--secondary tester-import__open"
        onClick={() => setStage({ kind: 'choose' })}
      >
        {t('import.open')}
      </button>
    );

  const columns = stage.kind === 'choose' ? [] : stage.file.columns;
  const columnLabel = (column: { name: string; unit: string }) =>
    column.unit ? `${column.name} [${column.unit}]` : column.name;
  const conflicts = stage.kind === 'preview' ? stage.preview.units.flatMap((unit) => unit.conflicts) : [];

  const confirm = (shown: ImportPreview, uploaded: TesterFile) => {
    const units: ImportedValues['units'] = {};
    for (const unit of shown.units) {
      // A retest's one unit is the form's only one, whatever its number in the certificate.
      const slot = 'serial' in target ? 0 : unit.unit - 1;
      const typed = Object.fromEntries(
        Object.entries(entered[slot] ?? {}).filter(([, value]) => value.trim()),
      );
      units[slot] = choice === 'keep' ? { ...unit.values, ...typed } : { ...typed, ...unit.values };
    }
    // The form's values after this are what it shows: a value changed later is kept over the file's.
    onConfirm({ units, source: { id: uploaded.id, on_conflict: 'keep' }, name: uploaded.name });
    setStage({ kind: 'closed' });
  };

  return (
    <section className="tester-import" aria-labelledby={`${id}-title`}>
      <h3 id={`${id}-title`} className="test-entry__subheading">
        {t('import.title')}
      </h3>
      {stage.kind === 'choose' && (
        <div className="tester-import__choose">
          <label htmlFor={`${id}-file`}>{t('import.file')}</label>
          <input
            id={`${id}-file`}
            type="file"
            accept=".csv,.txt,.xlsx,.padfx"
            onChange={(event) => setFile(event.target.files?.[0] ?? null)}
          />
          <label htmlFor={`${id}-model`}>{t('import.model')}</label>
          <input
            id={`${id}-model`}
            className="sui-input"
            maxLength={60}
            value={model}
            onChange={(event) => setModel(event.target.value)}
          />
          <p className="test-entry__hint">{t('import.modelHint')}</p>
          <button type="button" className="sui-button" disabled={!file || busy} onClick={() => void upload()}>
            {t('import.read')}
          </button>
        </div>
      )}
      {stage.kind === 'map' && (
        <fieldset className="tester-import__mapping">
          <legend>{t('import.mapping')}</legend>
          <p className="test-entry__hint">
            {t('import.mappingHint', { model: stage.file.tester_model || '–' })}
          </p>
          <label htmlFor={`${id}-serial`}>{t('import.serialColumn')}</label>
          <select
            id={`${id}-serial`}
            className="sui-input"
            value={stage.mapping.serial_column ?? ''}
            onChange={(event) =>
              setStage({
                ...stage,
                mapping: { ...stage.mapping, serial_column: event.target.value || null },
              })
            }
          >
            <option value="">{t('import.rowOrder')}</option>
            {columns.map((column) => (
              <option key={column.name} value={column.name}>
                {columnLabel(column)}
              </option>
            ))}
          </select>
          {steps.map((step) => (
            <div key={step.key} className="tester-import__step">
              <label htmlFor={`${id}-step-${step.key}`}>{stepTitle(step)}</label>
              <select
                id={`${id}-step-${step.key}`}
                className="sui-input"
                value={ownValue(stage.mapping.steps, step.key) ?? ''}
                onChange={(event) => {
                  const others = Object.fromEntries(
                    Object.entries(stage.mapping.steps).filter(([key]) => key !== step.key),
                  );
                  setStage({
                    ...stage,
                    mapping: {
                      ...stage.mapping,
                      steps: event.target.value ? { ...others, [step.key]: event.target.value } : others,
                    },
                  });
                }}
              >
                <option value="">{t('import.noColumn')}</option>
                {columns.map((column) => (
                  <option key={column.name} value={column.name}>
                    {columnLabel(column)}
                  </option>
                ))}
              </select>
            </div>
          ))}
          <button
            type="button"
            className="sui-button"
            disabled={busy}
            onClick={() =>
              void run(async () => {
                await saveImportMapping(machineId, stage.file.tester_model, stage.mapping);
                await preview(stage.file);
              })
            }
          >
            {t('import.saveMapping')}
          </button>
        </fieldset>
      )}
      {stage.kind === 'preview' && (
        <div className="tester-import__preview">
          <p className="test-entry__hint">
            {t('import.fileFacts', {
              name: stage.file.name,
              hash: stage.file.sha256.slice(0, 12),
              rows: stage.file.rows,
            })}
          </p>
          <div className="test-grid__scroll">
            <table className="test-grid">
              <caption>{t('import.previewCaption')}</caption>
              <thead>
                <tr>
                  <th scope="col">{t('entry.unitColumn')}</th>
                  <th scope="col">{t('import.fileRow')}</th>
                  {steps.map((step) => (
                    <th key={step.key} scope="col">
                      {stepTitle(step)}
                    </th>
                  ))}
                  <th scope="col">{t('import.outcome')}</th>
                </tr>
              </thead>
              <tbody>
                {stage.preview.units.map((unit) => (
                  <tr key={unit.unit} data-testid="import-unit">
                    <th scope="row">{t('entry.unit', { n: unit.unit })}</th>
                    <td>{unit.serial ?? t('import.row', { n: unit.row })}</td>
                    {steps.map((step) => {
                      const verdict = ownValue(unit.verdicts, step.key);
                      const refused = ownValue(unit.errors, step.key);
                      const differs = unit.conflicts.find((conflict) => conflict.step === step.key);
                      return (
                        <td key={step.key}>
                          {valueText(t, step, ownValue(unit.values, step.key))}{' '}
                          {verdict === 'pass' && <span className="test-verdict test-verdict--pass">✓</span>}
                          {verdict === 'fail' && (
                            <span className="test-verdict test-verdict--fail">✕ {t('attempts.failed')}</span>
                          )}
                          {refused && <span className="sui-field-error">{refused}</span>}
                          {differs && (
                            <span className="test-attempts__by">
                              {t('import.conflict', { entered: differs.entered })}
                            </span>
                          )}
                        </td>
                      );
                    })}
                    <td>{unit.passed ? t('attempts.passed') : t('attempts.failed')}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
          {stage.preview.not_in_certificate.length > 0 && (
            <p className="test-entry__hint">
              {t('import.notInCertificate', { list: stage.preview.not_in_certificate.join(', ') })}
            </p>
          )}
          {stage.preview.missing_units.length > 0 && (
            <p className="test-entry__hint">
              {t('import.missingUnits', { list: stage.preview.missing_units.join(', ') })}
            </p>
          )}
          {conflicts.length > 0 && (
            <fieldset className="tester-import__choice">
              <legend>{t('import.conflicts', { n: conflicts.length })}</legend>
              <label>
                <input type="radio" checked={choice === 'keep'} onChange={() => setChoice('keep')} />{' '}
                {t('import.keep')}
              </label>
              <label>
                <input type="radio" checked={choice === 'replace'} onChange={() => setChoice('replace')} />{' '}
                {t('import.replace')}
              </label>
            </fieldset>
          )}
          <button type="button" className="sui-button" onClick={() => confirm(stage.preview, stage.file)}>
            {t('import.confirm')}
          </button>
        </div>
      )}
      {error && (
        <p className="sui-field-error" role="alert">
          {error}
        </p>
      )}
      <button
        type="button"
        className="sui-button sui-button--secondary"
        onClick={() => {
          setStage({ kind: 'closed' });
          setError('');
        }}
      >
        {t('import.stop')}
      </button>
    </section>
  );
}
