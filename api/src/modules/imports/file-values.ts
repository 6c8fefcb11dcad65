import { FAIL, keyedMap, PASS, type PlanStep } from 'contracts';
import { badRequest } from '../../errors';
import { messages } from '../../messages';
import type { TesterTable } from './tester-file';

/** Decimal prefixes a tester writes before a unit (µ in two spellings, and u where µ cannot be typed). */
const PREFIXES: Record<string, number> = { G: 9, M: 6, k: 3, '': 0, m: -3, µ: -6, μ: -6, u: -6 };
const BASES = ['Ω', 'Hz', 'V', 'A', 's', 'W'];

/** "MOhm" → {exponent 6, base Ω}; undefined for a unit not written as prefix and base. */
function unitOf(text: string): { exponent: number; base: string } | undefined {
  const unit = text.trim().replace(/ohm$/i, 'Ω');
  const base = BASES.find((each) => unit.endsWith(each));
  if (!base) return undefined;
  const exponent = PREFIXES[unit.slice(0, -base.length)];
  return exponent === undefined ? undefined : { exponent, base };
}

/**
 * How many places a value in the column's unit moves to read in the step's unit (kΩ → MΩ: -3). Refused where the
 * two are not the same quantity or either is unknown; a column stating no unit is taken in the step's unit.
 */
export function unitShift(column: string, columnUnit: string, step: PlanStep): number {
  if (!columnUnit.trim() || !step.unit.trim() || columnUnit.trim() === step.unit.trim()) return 0;
  const from = unitOf(columnUnit);
  const to = unitOf(step.unit);
  if (!from || !to || from.base !== to.base)
    throw badRequest(messages.importUnitMismatch(column, columnUnit, step.unit));
  return from.exponent - to.exponent;
}

/**
 * A decimal number as written ("0,25" or "250.5") with its point moved `places` to the right, exactly (no binary
 * floating point), keeping the file's separator; anything else is returned unchanged for the verdict to refuse.
 */
export function shiftDecimal(value: string, places: number): string {
  const match = /^([+-]?)(\d+)(?:([.,])(\d+))?$/.exec(value.trim());
  if (!match || places === 0) return value;
  const [, sign, whole, separator = ',', fraction = ''] = match;
  const digits = whole + fraction;
  const point = whole.length + places;
  const padded = point <= 0 ? '0'.repeat(1 - point) + digits : digits.padEnd(point, '0');
  const at = Math.max(point, 1);
  const integer = padded.slice(0, at).replace(/^0+(?=\d)/, '');
  const decimals = padded.slice(at).replace(/0+$/, '');
  return `${sign}${integer}${decimals ? `${separator}${decimals}` : ''}`;
}

/** What testers write for a passed or failed check, read as the plan's pass and fail. */
const PASS_WORDS = new Set(['pass', 'passed', 'ok', 'bestanden', 'i.o.', 'io', 'true', 'gut']);
const FAIL_WORDS = new Set(['fail', 'failed', 'not ok', 'nok', 'nicht bestanden', 'n.i.o.', 'nio', 'false']);

function passFailOfCell(cell: string): string {
  const word = cell.trim().toLowerCase();
  return PASS_WORDS.has(word) ? PASS : FAIL_WORDS.has(word) ? FAIL : cell.trim();
}

/** One row of the file read as one unit's values of the mapped steps, in the steps' units. */
export interface FileRow {
  /** 1-based, the header not counted. */
  row: number;
  serial: string | null;
  values: Record<string, string>;
}

/**
 * The file's rows as values of the plan's steps by the mapping (step key → column): numbers moved into the step's
 * unit, pass/fail words read as pass and fail. A mapped column the file lacks, or a unit that cannot be converted,
 * refuses the whole file.
 */
export function rowsOf(
  table: TesterTable,
  mapping: { serial_column: string | null; steps: Record<string, string> },
  steps: readonly PlanStep[],
): FileRow[] {
  const indexOf = (column: string) => {
    const index = table.columns.indexOf(column);
    if (index < 0) throw badRequest(messages.importColumnMissing(column));
    return index;
  };
  const serialIndex = mapping.serial_column === null ? null : indexOf(mapping.serial_column);
  const readers = Object.entries(mapping.steps).map(([key, column]) => {
    const step = steps.find((each) => each.key === key);
    if (!step) throw badRequest(messages.importMappingStep(key));
    const index = indexOf(column);
    const shift = step.kind === 'numeric' ? unitShift(column, table.units[index] ?? '', step) : 0;
    const read = (cell: string) =>
      step.kind === 'pass_fail' ? passFailOfCell(cell) : shiftDecimal(cell.trim(), shift);
    return { key, index, read };
  });
  return table.rows.map((cells, k) => {
    const values = keyedMap<string>();
    for (const { key, index, read } of readers) {
      const cell = cells[index] ?? '';
      if (cell.trim()) values[key] = read(cell);
    }
    const serial = serialIndex === null ? null : (cells[serialIndex] ?? '').trim() || null;
    return { row: k + 1, serial, values };
  });
}
