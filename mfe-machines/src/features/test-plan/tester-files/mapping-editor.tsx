import type { PlanStep, SavedImportMapping } from 'contracts';
import { useId, useState, type FormEvent } from 'react';
import { apiErrorMessage, notify, useT } from 'shared-ui';
import { machineCatalogs } from '../../../catalogs';
import { useChangeImportMappings } from './tester-files-api';

/** The model as the screen names it: a CSV or XLSX mapping may be saved without one. */
export const modelName = (model: string, t: typeof machineCatalogs.t) => model || t('mappings.noModel');

/**
 * Edits a saved mapping: which column names the unit's serial (or the rows are the units in order), and which
 * column fills each step the plan measures per unit. A column left empty is not taken from the file.
 */
export function MappingEditor({
  mapping,
  steps,
  onDone,
}: {
  mapping: SavedImportMapping;
  steps: readonly PlanStep[];
  onDone: () => void;
}) {
  const t = useT(machineCatalogs);
  const id = useId();
  const { save } = useChangeImportMappings(mapping.machine_id);
  const [byRows, setByRows] = useState(mapping.serial_column === null);
  const [serial, setSerial] = useState(mapping.serial_column ?? '');
  const [columns, setColumns] = useState<Record<string, string>>(() =>
    Object.fromEntries(steps.map((step) => [step.key, mapping.steps[step.key] ?? ''])),
  );
  const [serialError, setSerialError] = useState('');
  const model = modelName(mapping.tester_model, t);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!byRows && !serial.trim()) {
      setSerialError(t('mappings.serialMissing'));
      return document.getElementById(`${id}-serial`)?.focus();
    }
    const filled = Object.entries(columns)
      .map(([key, column]) => [key, column.trim()] as const)
      .filter(([, column]) => column);
    save.mutate(
      {
        machine_id: mapping.machine_id,
        tester_model: mapping.tester_model,
        serial_column: byRows ? null : serial.trim(),
        steps: Object.fromEntries(filled),
      },
      {
        onSuccess: () => {
          notify.success(t('mappings.saved', { model }));
          onDone();
        },
        onError: (error) => notify.error(apiErrorMessage(error) ?? t('mappings.failed')),
      },
    );
  };

  return (
    <form
      className="mach-mappings__editor"
      aria-labelledby={`${id}-heading`}
      noValidate
      onSubmit={submit}
      data-testid="mapping-editor"
    >
      <h3 id={`${id}-heading`} className="mach-mappings__editor-title">
        {t('mappings.editHeading', { model })}
      </h3>
      <fieldset className="mach-mappings__fieldset">
        <legend>{t('mappings.serialLegend')}</legend>
        <label className="mach-mappings__choice">
          <input type="radio" name={`${id}-by`} checked={!byRows} onChange={() => setByRows(false)} />
          {t('mappings.serialFrom')}
        </label>
        <div className="sui-field mach-mappings__serial">
          <label htmlFor={`${id}-serial`}>{t('mappings.serialColumn')}</label>
          <input
            id={`${id}-serial`}
            className="sui-input"
            maxLength={500}
            value={serial}
            disabled={byRows}
            onChange={(event) => {
              setSerial(event.target.value);
              setSerialError('');
            }}
            aria-invalid={serialError ? true : undefined}
            aria-errormessage={serialError ? `${id}-serial-error` : undefined}
          />
          {serialError && (
            <p id={`${id}-serial-error`} className="sui-field-error" role="alert">
              {serialError}
            </p>
          )}
        </div>
        <label className="mach-mappings__choice">
          <input
            type="radio"
            name={`${id}-by`}
            checked={byRows}
            onChange={() => {
              setByRows(true);
              setSerialError('');
            }}
          />
          {t('mappings.byRows')}
        </label>
      </fieldset>
      <fieldset className="mach-mappings__fieldset">
        <legend>{t('mappings.stepsLegend')}</legend>
        {steps.map((step) => (
          <div key={step.key} className="sui-field">
            <label htmlFor={`${id}-${step.key}`}>
              {step.title.de}
              {step.unit && ` [${step.unit}]`}
            </label>
            <input
              id={`${id}-${step.key}`}
              className="sui-input"
              maxLength={500}
              value={columns[step.key]}
              onChange={(event) => setColumns({ ...columns, [step.key]: event.target.value })}
            />
          </div>
        ))}
      </fieldset>
      <div className="mach-mappings__buttons">
        <button type="submit" className="sui-button" disabled={save.isPending}>
          {t('mappings.save')}
        </button>
        <button type="button" className="sui-button sui-button--secondary" onClick={onDone}>
          {t('mappings.cancel')}
        </button>
      </div>
    </form>
  );
}
