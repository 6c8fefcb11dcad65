import { HttpError, badRequest } from '../../errors';
import { messages } from '../../messages';
import { unfitReason } from '../certificates/measuring-instruments';
import type { InstrumentRow } from '../instruments/instruments.repository';
import type { ImportsRepository } from './imports.repository';
import type { TesterTable } from './tester-file';

/** A file's date as a calendar day (2026-03-12): ISO, with or without a time, or German 12.03.2026. */
function calendarDay(text: string): string | undefined {
  const iso = /^(\d{4})-(\d{2})-(\d{2})(?:[T ]|$)/.exec(text.trim());
  const german = /^(\d{1,2})\.(\d{1,2})\.(\d{4})$/.exec(text.trim());
  const [year, month, day] = iso
    ? [iso[1], iso[2], iso[3]]
    : german
      ? [german[3], german[2].padStart(2, '0'), german[1].padStart(2, '0')]
      : [];
  if (!year) return undefined;
  const value = `${year}-${month}-${day}`;
  // Rejects a day the calendar does not have (2026-02-30, 2026-13-01).
  const time = Date.parse(`${value}T12:00:00Z`);
  return !Number.isNaN(time) && new Date(time).toISOString().startsWith(value) ? value : undefined;
}

/**
 * A Metrel file's instrument (docs/tester-files.md), which must be in the register and fit on `today`, as a typed
 * value's must, and calibrated on the day the register last records; undefined for a file naming none (CSV, XLSX).
 */
export async function instrumentOfFile(
  table: TesterTable,
  today: string,
  repository: Pick<ImportsRepository, 'instrumentsWithSerial'>,
): Promise<InstrumentRow | undefined> {
  if (table.format !== 'padfx') return undefined;
  const serial = table.instrument?.serial;
  if (!serial) throw badRequest(messages.importInstrumentMissing);
  const [row] = await repository.instrumentsWithSerial(serial);
  if (!row) throw new HttpError(409, 'INSTRUMENT_UNFIT', messages.importInstrumentUnknown(serial));
  const reason = unfitReason(row, today);
  if (reason) throw new HttpError(409, 'INSTRUMENT_UNFIT', messages.importInstrumentUnfit(serial, reason));
  // The register is the authority on calibrations: a file calibrated on another day means a calibration the
  // register does not know, or the wrong instrument.
  const calibrated = calendarDay(table.instrument?.calibrationDate ?? '');
  if (!calibrated) throw badRequest(messages.importCalibrationMissing(serial));
  if (calibrated !== row.last_calibrated)
    throw new HttpError(
      409,
      'INSTRUMENT_UNFIT',
      messages.importCalibrationDiffers(serial, calibrated, row.last_calibrated),
    );
  return row;
}
