import type { PlanStep, SavedImportMapping } from 'contracts';
import { useId, useState } from 'react';
import { apiErrorMessage, ConfirmDialog, formatDayTime, notify, Spinner, useT } from 'shared-ui';
import { machineCatalogs } from '../../../catalogs';
import { MappingEditor, modelName } from './mapping-editor';
import { useChangeImportMappings, useImportMappings } from './tester-files-api';
import './tester-files.css';

/**
 * „Zuordnungen der Prüfgerätedateien“: the mappings saved for this machine per tester model (docs/tester-files.md),
 * made at a file's first import; the quality role changes or deletes them here.
 */
export function ImportMappingsPanel({ machineId, steps }: { machineId: number; steps: readonly PlanStep[] }) {
  const t = useT(machineCatalogs);
  const id = useId();
  const mappings = useImportMappings(machineId);
  const { remove } = useChangeImportMappings(machineId);
  const [editing, setEditing] = useState<SavedImportMapping | null>(null);
  const [removing, setRemoving] = useState<SavedImportMapping | null>(null);
  const unitSteps = steps.filter((step) => step.per_unit);
  const titleOf = (key: string) =>
    unitSteps.find((step) => step.key === key)?.title.de ?? t('mappings.notInPlan', { key });

  const confirmRemove = () => {
    const mapping = removing!;
    remove.mutate(mapping.id, {
      onSuccess: () => {
        notify.success(t('mappings.removed', { model: modelName(mapping.tester_model, t) }));
        if (editing?.id === mapping.id) setEditing(null);
      },
      onError: (error) => notify.error(apiErrorMessage(error) ?? t('mappings.failed')),
      onSettled: () => setRemoving(null),
    });
  };

  function list(data: SavedImportMapping[]) {
    if (data.length === 0) return <p className="mach-hint">{t('mappings.none')}</p>;
    return (
      <div className="mach-plan__table-wrap">
        <table className="mach-plan__table mach-mappings__table">
          <thead>
            <tr>
              <th scope="col">{t('mappings.model')}</th>
              <th scope="col">{t('mappings.serial')}</th>
              <th scope="col">{t('mappings.columns')}</th>
              <th scope="col">{t('mappings.updated')}</th>
              <th scope="col">
                <span className="sui-visually-hidden">{t('mappings.actions')}</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {data.map((mapping) => {
              const model = modelName(mapping.tester_model, t);
              return (
                <tr key={mapping.id}>
                  <th scope="row">{model}</th>
                  <td>{mapping.serial_column ?? t('mappings.rowOrder')}</td>
                  <td>
                    <ul className="mach-mappings__columns">
                      {Object.entries(mapping.steps).map(([key, column]) => (
                        <li key={key}>
                          {titleOf(key)}: <span className="mach-mappings__column">{column}</span>
                        </li>
                      ))}
                    </ul>
                  </td>
                  <td>
                    {t('mappings.updatedBy', {
                      name: mapping.updated_by_name,
                      at: formatDayTime(mapping.updated_at),
                    })}
                  </td>
                  <td className="mach-reasons__actions">
                    <button
                      type="button"
                      className="sui-link-button"
                      aria-label={t('mappings.editOf', { model })}
                      onClick={() => setEditing(mapping)}
                    >
                      {t('mappings.edit')}
                    </button>
                    <button
                      type="button"
                      className="sui-link-button"
                      aria-label={t('mappings.removeOf', { model })}
                      onClick={() => setRemoving(mapping)}
                    >
                      {t('mappings.remove')}
                    </button>
                  </td>
                </tr>
              );
            })}
          </tbody>
        </table>
      </div>
    );
  }

  return (
    <section
      className="mach-card mach-mappings"
      aria-labelledby={`${id}-heading`}
      data-testid="import-mappings"
    >
      <h2 id={`${id}-heading`} className="mach-subtitle">
        {t('mappings.heading')}
      </h2>
      <p className="mach-hint">{t('mappings.intro')}</p>
      {mappings.isPending ? (
        <Spinner />
      ) : mappings.isError ? (
        <p role="alert">{apiErrorMessage(mappings.error) ?? t('mappings.loadFailed')}</p>
      ) : (
        list(mappings.data.data)
      )}
      {editing && (
        <MappingEditor key={editing.id} mapping={editing} steps={unitSteps} onDone={() => setEditing(null)} />
      )}
      <ConfirmDialog
        open={removing !== null}
        title={t('mappings.removeHeading')}
        message={t('mappings.removeQuestion', { model: removing ? modelName(removing.tester_model, t) : '' })}
        confirmLabel={t('mappings.remove')}
        cancelLabel={t('mappings.cancel')}
        busy={remove.isPending}
        onConfirm={confirmRemove}
        onCancel={() => setRemoving(null)}
      />
    </section>
  );
}
