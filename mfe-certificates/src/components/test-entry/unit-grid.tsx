import { FAIL, PASS, RESULT_VALUE_MAX, ownValue, type PlanStep } from 'contracts';
import { memo, useRef, type ClipboardEvent, type KeyboardEvent } from 'react';
import { useT } from 'shared-ui';
import { certificateCatalogs } from '../../catalogs';
import {
  isMultiCellPaste,
  markOf,
  pastedCells,
  pastedValue,
  stepLimit,
  stepTitle,
  unitValueKey,
  valueFieldId,
} from './step-entry';
import { ValueNote } from './value-note';

/** One value of one unit, as the grid changes it. */
export interface CellChange {
  unit: number;
  key: string;
  value: string;
}

interface UnitGridProps {
  /** The plan's per-unit steps: one column each. */
  steps: readonly PlanStep[];
  /** How many units the certificate will have: one row each, numbered as their serials will be. */
  units: number;
  values: readonly (Record<string, string> | undefined)[];
  /** Messages keyed like the API's 400 (`results.units.<k>.<key>`). */
  errors: Record<string, string>;
  /** Stable across renders: rows are memoised, so typing in one re-renders only that row. */
  onChange: (changes: CellChange[]) => void;
  /** What a paste did, for the status line. */
  onPasted: (filled: number, dropped: number) => void;
}

const columnTitleId = (key: string) => `test-grid-col-${key}`;
const columnLimitId = (key: string) => `test-grid-limit-${key}`;
const rowHeaderId = (unit: number) => `test-grid-unit-${unit}`;

/**
 * The per-unit steps as a grid, units × steps, made for entering a column fast: Enter and the arrow keys move
 * down (Enter never issues the certificate; after the last unit it goes on to the next column), a text pasted
 * from a spreadsheet fills down the column and, with tabs, across. Each header names the step's unit and limit.
 */
export function UnitGrid({ steps, units, values, errors, onChange, onPasted }: UnitGridProps) {
  const t = useT(certificateCatalogs);
  const table = useRef<HTMLTableElement>(null);

  const focusCell = (row: number, column: number) => {
    const cell = table.current?.querySelector<HTMLInputElement | HTMLSelectElement>(
      `[data-row="${row}"][data-column="${column}"]`,
    );
    cell?.focus();
    if (cell instanceof HTMLInputElement) cell.select();
  };

  const position = (target: EventTarget) => {
    const { row, column } = (target as HTMLElement).dataset;
    return row === undefined || column === undefined ? null : { row: Number(row), column: Number(column) };
  };

  const handleKeyDown = (event: KeyboardEvent<HTMLTableElement>) => {
    const at = position(event.target);
    if (!at || event.altKey || event.ctrlKey || event.metaKey) return;
    const down = (event.key === 'Enter' && !event.shiftKey) || event.key === 'ArrowDown';
    const up = (event.key === 'Enter' && event.shiftKey) || event.key === 'ArrowUp';
    if (!down && !up) return;
    // Also keeps a closed select from changing its value with the arrows: in the grid they move.
    event.preventDefault();
    if (down) {
      if (at.row + 1 < units) focusCell(at.row + 1, at.column);
      else if (event.key === 'Enter' && at.column + 1 < steps.length) focusCell(0, at.column + 1);
    } else if (at.row > 0) focusCell(at.row - 1, at.column);
  };

  const handlePaste = (event: ClipboardEvent<HTMLTableElement>) => {
    const at = position(event.target);
    const text = event.clipboardData.getData('text/plain');
    if (!at || !isMultiCellPaste(text)) return;
    event.preventDefault();
    const changes: CellChange[] = [];
    let dropped = 0;
    pastedCells(text).forEach((cells, rowOffset) =>
      cells.forEach((cell, columnOffset) => {
        const unit = at.row + rowOffset;
        const step = steps[at.column + columnOffset];
        if (unit >= units || !step) dropped += cell.trim() ? 1 : 0;
        else changes.push({ unit, key: step.key, value: pastedValue(step, cell) });
      }),
    );
    onChange(changes);
    onPasted(changes.filter((change) => change.value).length, dropped);
  };

  return (
    <div className="test-grid__scroll">
      <table ref={table} className="test-grid" onKeyDown={handleKeyDown} onPaste={handlePaste}>
        <thead>
          <tr>
            <th scope="col" className="test-grid__corner">
              {t('entry.unitColumn')}
            </th>
            {steps.map((step) => {
              const limit = stepLimit(step);
              return (
                <th key={step.key} scope="col">
                  <span id={columnTitleId(step.key)} className="test-grid__title">
                    {stepTitle(step)}
                  </span>
                  {!step.required && <span className="test-entry__optional"> ({t('entry.optional')})</span>}
                  {(limit || step.unit) && (
                    <span id={columnLimitId(step.key)} className="test-grid__limit">
                      {limit ? t('entry.limit', { limit }) : step.unit}
                    </span>
                  )}
                </th>
              );
            })}
          </tr>
        </thead>
        <tbody>
          {Array.from({ length: units }, (_, unit) => (
            <GridRow
              key={unit}
              unit={unit}
              steps={steps}
              values={values[unit]}
              errors={errors}
              onChange={onChange}
            />
          ))}
        </tbody>
      </table>
    </div>
  );
}

const EMPTY: Record<string, string> = {};

const GridRow = memo(function GridRow({
  unit,
  steps,
  values = EMPTY,
  errors,
  onChange,
}: {
  unit: number;
  steps: readonly PlanStep[];
  values: Record<string, string> | undefined;
  errors: Record<string, string>;
  onChange: UnitGridProps['onChange'];
}) {
  const t = useT(certificateCatalogs);
  return (
    <tr>
      <th scope="row" id={rowHeaderId(unit)}>
        {t('entry.unit', { n: unit + 1 })}
      </th>
      {steps.map((step, column) => {
        const id = valueFieldId(unitValueKey(unit, step.key));
        const value = ownValue(values, step.key) ?? '';
        const error = errors[unitValueKey(unit, step.key)];
        const mark = error ? ({ kind: 'malformed', reason: error } as const) : markOf(step, value);
        const marked = mark.kind === 'malformed' || mark.kind === 'fail';
        const control = {
          id,
          'data-row': unit,
          'data-column': column,
          'data-value-error': error ? true : undefined,
          className: `sui-input test-grid__control test-grid__control--${step.kind}`,
          value,
          'aria-labelledby': `${rowHeaderId(unit)} ${columnTitleId(step.key)}`,
          'aria-describedby':
            [stepLimit(step) || step.unit ? columnLimitId(step.key) : '', marked ? `${id}-note` : '']
              .filter(Boolean)
              .join(' ') || undefined,
          'aria-invalid':
            mark.kind === 'malformed' || (mark.kind === 'fail' && step.kind === 'numeric') || undefined,
          onChange: (event: { target: { value: string } }) =>
            onChange([{ unit, key: step.key, value: event.target.value }]),
        };
        return (
          <td key={step.key} className={marked ? `test-grid__cell--${mark.kind}` : undefined}>
            {step.kind === 'pass_fail' || step.kind === 'choice' ? (
              <select {...control}>
                {/* An open step: nothing chosen yet. */}
                <option value="">–</option>
                {step.kind === 'pass_fail' ? (
                  <>
                    <option value={PASS}>{t('entry.pass')}</option>
                    <option value={FAIL}>{t('entry.fail')}</option>
                  </>
                ) : (
                  step.options.map((option) => <option key={option}>{option}</option>)
                )}
              </select>
            ) : (
              <input
                {...control}
                inputMode={step.kind === 'numeric' ? 'decimal' : undefined}
                autoComplete="off"
                maxLength={RESULT_VALUE_MAX}
              />
            )}
            <ValueNote id={`${id}-note`} mark={mark} />
          </td>
        );
      })}
    </tr>
  );
});
