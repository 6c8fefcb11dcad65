import { berlinIsoDate, type PlanStep } from 'contracts';
import type { CertificateTransaction } from './certificate-transaction';
import { HttpError, badRequest } from '../../errors';
import { messages } from '../../messages';
import type { InstrumentRow } from '../instruments/instruments.repository';

/** Why an instrument may not measure on `today` (blocked, retired, calibration overdue), or undefined. */
export function unfitReason(row: Pick<InstrumentRow, 'status' | 'due'>, today: string): string | undefined {
  if (row.status === 'blocked') return messages.instrumentBlocked;
  if (row.status === 'retired') return messages.instrumentRetired;
  return row.due < today ? messages.instrumentOverdue(row.due) : undefined;
}

/**
 * The instrument that took each measured step's values, checked where the issue or retest is written: every step
 * that names an instrument kind has one, of that kind, in use and not overdue on `today` (docs/decisions/
 * 0018-instruments.md). A 400 names a missing or unknown one; a 409 names an unfit one and why.
 */
export function instrumentsOfSteps(
  steps: readonly PlanStep[],
  chosen: Record<string, number>,
  rows: readonly InstrumentRow[],
  { today, field }: { today: string; field: (key: string) => string },
): Map<string, InstrumentRow> {
  const errors: Record<string, string> = {};
  const used = new Map<string, InstrumentRow>();
  for (const key of Object.keys(chosen))
    if (!steps.some((step) => step.key === key && step.instrument_kind))
      errors[field(key)] = messages.instrumentNotNeeded;
  for (const step of steps) {
    if (!step.instrument_kind) continue;
    const id = Object.hasOwn(chosen, step.key) ? chosen[step.key] : undefined;
    const row = rows.find((instrument) => instrument.id === id);
    if (id === undefined) errors[field(step.key)] = `${step.title.de}: ${messages.instrumentMissing}`;
    else if (!row) errors[field(step.key)] = `${step.title.de}: ${messages.instrumentUnknown}`;
    else used.set(step.key, row);
  }
  if (Object.keys(errors).length) throw badRequest(messages.checkResults, errors);
  for (const [key, row] of used) {
    const step = steps.find((s) => s.key === key)!;
    const reason =
      unfitReason(row, today) ??
      (row.kind !== step.instrument_kind ? messages.instrumentWrongKind(step.instrument_kind!) : undefined);
    if (reason)
      throw new HttpError(409, 'INSTRUMENT_UNFIT', messages.instrumentUnfit(row.inventory_number, reason), {
        [field(key)]: reason,
      });
  }
  return used;
}

/**
 * Checks the chosen instruments inside the transaction `trx` (read with a share lock, so none is blocked before
 * the commit) and returns the rows recording which took each step's values in the given attempts.
 */
export async function instrumentRows(
  trx: Pick<CertificateTransaction, 'instruments'>,
  steps: readonly PlanStep[],
  chosen: Record<string, number>,
  {
    certificate_id,
    units,
    now,
    field = (key) => `results.instruments.${key}`,
  }: {
    certificate_id: number;
    units: { unit_index: number; attempt: number }[];
    now: Date;
    field?: (key: string) => string;
  },
) {
  if (!steps.some((step) => step.instrument_kind) && Object.keys(chosen).length === 0) return [];
  const rows = await trx.instruments.forIssue(Object.values(chosen));
  const used = instrumentsOfSteps(steps, chosen, rows, { today: berlinIsoDate(now), field });
  return units.flatMap(({ unit_index, attempt }) =>
    [...used].map(([step_key, instrument]) => ({
      certificate_id,
      unit_index,
      attempt,
      step_key,
      instrument_id: instrument.id,
      inventory_number: instrument.inventory_number,
      due: instrument.due,
      tested_at: now.toISOString(),
    })),
  );
}
