import {
  addMonths,
  berlinDayStart,
  berlinIsoDate,
  type CalibrationBody,
  type ImpactCloseBody,
  type ImpactEntry,
  type ImpactValue,
  numberOf,
  parseKeyedMap,
  type PlanStep,
  STEP_DECIMALS_MAX,
  type ImpactQuery,
  type Instrument,
  type InstrumentBody,
} from 'contracts';
import { unlessUnique } from '../../db/errors';
import { HttpError, badRequest, conflict, notFound } from '../../errors';
import { messages } from '../../messages';
import type { AuditService } from '../audit/audit.service';
import type { InTransaction } from '../../platform/transactions';
import type { ChunkStore } from '../../platform/chunk-store';
import { stepsOf } from '../certificates/test-results';
import { calibrationCertificates } from './calibration-certificates';
import { impactExport } from './impact-export';
import type { InstrumentRow, InstrumentsRepository } from './instruments.repository';
import { instrumentsRepository } from './instruments.repository';

/**
 * How far a value lies inside the nearer limit, in the step's unit (negative outside): what a quality person weighs
 * when deciding whether a suspect instrument's error could have changed the verdict. Rounded to the decimals a plan
 * allows, so 0,3 − 0,1 reads 0,2.
 */
export function limitMargin(step: Pick<PlanStep, 'lower' | 'upper'>, value: number): number | null {
  const distances = [
    ...(step.lower === null ? [] : [value - step.lower]),
    ...(step.upper === null ? [] : [step.upper - value]),
  ];
  if (distances.length === 0) return null;
  return Number(Math.min(...distances).toFixed(STEP_DECIMALS_MAX));
}

/** One value an instrument measured, with its step as tested (a step gone from the plan keeps its key). */
function impactValue(row: Awaited<ReturnType<InstrumentsRepository['valuesMeasured']>>[number]): ImpactValue {
  const step = stepsOf(row).find((candidate) => candidate.key === row.step_key);
  const value = parseKeyedMap<string>(row.values)[row.step_key] ?? '';
  const number = numberOf(value);
  const numeric = step?.kind === 'numeric';
  return {
    serial: row.serial,
    attempt: row.attempt,
    step_key: row.step_key,
    title: { de: step?.title.de || row.step_key, en: step?.title.en || step?.title.de || row.step_key },
    value,
    unit: numeric ? step.unit : '',
    lower: numeric ? step.lower : null,
    upper: numeric ? step.upper : null,
    margin: numeric && number !== undefined ? limitMargin(step, number) : null,
  };
}

const isDay = (day: string) => berlinDayStart(day) !== undefined;

/** The body's errors by field, in German; empty when it can be stored. */
function instrumentErrors(body: InstrumentBody): Record<string, string> {
  const errors: Record<string, string> = {};
  for (const field of ['inventory_number', 'name'] as const)
    if (!body[field].trim()) errors[field] = messages.fields.required;
  if (body.interval_months < 1) errors.interval_months = messages.intervalPositive;
  for (const field of ['last_calibrated', 'due'] as const)
    if (!isDay(body[field])) errors[field] = messages.dayInvalid;
  if (!errors.due && !errors.last_calibrated && body.due < body.last_calibrated)
    errors.due = messages.dueBeforeCalibration;
  return errors;
}

/** What an instrument's row says that its body can change. */
const bodyOf = ({ created_at: _c, updated_at: _u, inventory_key: _k, id: _i, ...body }: InstrumentRow) =>
  body;

const tidy = (body: InstrumentBody) => ({
  ...body,
  inventory_number: body.inventory_number.trim(),
  name: body.name.trim(),
  maker: body.maker.trim(),
  model: body.model.trim(),
  serial_number: body.serial_number.trim(),
});

/** The day `months` after `day` (the last day of a shorter month when it has no such day). */
function addMonthsToDay(day: string, months: number): string {
  const target = addMonths(day.slice(0, 7), months);
  const [year, month] = target.split('-').map(Number);
  const last = new Date(Date.UTC(year, month, 0)).getUTCDate();
  return `${target}-${String(Math.min(Number(day.slice(8)), last)).padStart(2, '0')}`;
}

/**
 * The instrument register (docs/decisions/0018-instruments.md): instruments, their calibrations, and the impact
 * entries an instrument out of tolerance leaves until a quality person closes each.
 */
export function instrumentsService(
  deps: {
    instruments: InstrumentsRepository;
    chunks: ChunkStore;
    inTransaction: InTransaction;
  },
  audit: AuditService,
) {
  const { instruments, inTransaction } = deps;
  async function existing(id: number): Promise<InstrumentRow> {
    const row = await instruments.get(id);
    if (!row) throw notFound(messages.instrumentNotFound);
    return row;
  }
  const inventoryTaken = () =>
    conflict(messages.inventoryTaken, { inventory_number: messages.inventoryTaken });

  /** The impact entries, open ones first, each with the serials and values the instrument measured. */
  async function impacts(query: ImpactQuery): Promise<{ data: ImpactEntry[] }> {
    const rows = await instruments.impacts(query);
    const byInstrument = new Map<number, number[]>();
    for (const row of rows)
      byInstrument.set(row.instrument_id, [
        ...(byInstrument.get(row.instrument_id) ?? []),
        row.certificate_id,
      ]);
    const measured = new Map<string, ImpactValue[]>();
    for (const [instrumentId, certificateIds] of byInstrument)
      for (const row of await instruments.valuesMeasured(instrumentId, certificateIds)) {
        const key = `${instrumentId}:${row.certificate_id}`;
        measured.set(key, [...(measured.get(key) ?? []), impactValue(row)]);
      }
    return {
      data: rows.map((row) => {
        const values = measured.get(`${row.instrument_id}:${row.certificate_id}`) ?? [];
        return {
          id: row.id,
          instrument_id: row.instrument_id,
          inventory_number: row.inventory_number,
          suspect_since: row.suspect_since ?? '',
          certificate_id: row.certificate_id,
          serials: [...new Set(values.map((value) => value.serial))],
          values,
          tested_at: row.tested_at,
          closed_as: row.closed_as,
          note: row.note,
          closed_by_name: row.closed_by_name,
          closed_at: row.closed_at,
        };
      }),
    };
  }

  return {
    list: async () => ({ data: await instruments.list() }),

    async create(input: InstrumentBody, accountId: number, now = new Date()): Promise<Instrument> {
      const body = tidy(input);
      const errors = instrumentErrors(body);
      if (Object.keys(errors).length) throw badRequest(messages.checkFields, errors);
      const at = now.toISOString();
      const row = await unlessUnique(
        instruments.create({
          ...body,
          inventory_key: body.inventory_number.toLowerCase(),
          created_at: at,
          updated_at: at,
        }),
        inventoryTaken,
      );
      await audit.record(
        {
          accountId,
          action: 'instrument.created',
          subject: { type: 'instrument', id: row.id },
          details: body,
        },
        now,
      );
      return row;
    },

    async update(
      id: number,
      input: InstrumentBody,
      accountId: number,
      now = new Date(),
    ): Promise<Instrument> {
      const before = await existing(id);
      const body = tidy(input);
      const errors = instrumentErrors(body);
      if (Object.keys(errors).length) throw badRequest(messages.checkFields, errors);
      const row = await unlessUnique(
        instruments.update(id, {
          ...body,
          inventory_key: body.inventory_number.toLowerCase(),
          updated_at: now.toISOString(),
        }),
        inventoryTaken,
      );
      const was = bodyOf(before);
      await audit.record(
        {
          accountId,
          action: 'instrument.changed',
          subject: { type: 'instrument', id },
          details: { before: was, after: body },
        },
        now,
      );
      return row!;
    },

    /**
     * Records a calibration. In tolerance: the next one is due an interval later. Out of tolerance: the
     * instrument is blocked, and every certificate it measured for since `suspect_since` gets an impact entry.
     */
    async calibrate(id: number, body: CalibrationBody, accountId: number, now = new Date()) {
      const instrument = await existing(id);
      const errors: Record<string, string> = {};
      const out = body.result === 'out_of_tolerance';
      if (!isDay(body.calibrated_on) || body.calibrated_on > berlinIsoDate(now))
        errors.calibrated_on = messages.calibrationDay;
      if (
        out &&
        (!body.suspect_since || !isDay(body.suspect_since) || body.suspect_since > body.calibrated_on)
      )
        errors.suspect_since = messages.suspectSince;
      if (!out && body.suspect_since !== undefined) errors.suspect_since = messages.suspectOnlyOut;
      if (Object.keys(errors).length) throw badRequest(messages.checkFields, errors);
      const at = now.toISOString();
      return inTransaction(async (trx) => {
        const repository = instrumentsRepository(trx);
        const calibration = await repository.addCalibration({
          instrument_id: id,
          calibrated_on: body.calibrated_on,
          result: body.result,
          suspect_since: out ? body.suspect_since! : null,
          note: body.note?.trim() ?? '',
          recorded_by: accountId,
          recorded_at: at,
        });
        const updated = await repository.setCalibration(
          id,
          out
            ? {
                last_calibrated: instrument.last_calibrated,
                due: instrument.due,
                status: 'blocked',
                updated_at: at,
              }
            : {
                last_calibrated: body.calibrated_on,
                due: addMonthsToDay(body.calibrated_on, instrument.interval_months),
                status: instrument.status,
                updated_at: at,
              },
        );
        const affected = out
          ? await repository.measuredSince(id, berlinDayStart(body.suspect_since!)!.toISOString())
          : [];
        await repository.addImpacts(
          affected.map((certificate_id) => ({
            calibration_id: calibration.id,
            instrument_id: id,
            certificate_id,
          })),
        );
        await audit.within(trx).record(
          {
            accountId,
            action: 'instrument.calibrated',
            subject: { type: 'instrument', id },
            details: { ...body, affected_certificates: affected.length },
          },
          now,
        );
        return { calibration_id: calibration.id, instrument: updated!, affected_certificates: affected };
      });
    },

    impacts,
    exportImpacts: impactExport(impacts, audit),
    ...calibrationCertificates(deps, audit),

    /**
     * Closes an impact entry: "ohne Auswirkung" with a note, or as revised or voided once the certificate was
     * revised or voided after the instrument was found out of tolerance.
     */
    async closeImpact(id: number, { closed_as, note }: ImpactCloseBody, accountId: number, now = new Date()) {
      const entry = (await instruments.impacts({})).find((row) => row.id === id);
      if (!entry) throw notFound(messages.impactNotFound);
      const text = note.trim();
      if (closed_as === 'no_effect' && !text)
        throw badRequest(messages.checkFields, { note: messages.impactNote });
      if (closed_as === 'revised' && !(entry.revised_at && entry.revised_at >= entry.recorded_at))
        throw new HttpError(409, 'CONFLICT', messages.impactNotRevised);
      if (closed_as === 'voided' && entry.status !== 'voided' && entry.status !== 'partly_voided')
        throw new HttpError(409, 'CONFLICT', messages.impactNotVoided);
      const closed = await instruments.close(id, {
        closed_as,
        note: text,
        closed_by: accountId,
        closed_at: now.toISOString(),
      });
      if (!closed) throw new HttpError(409, 'CONFLICT', messages.impactClosed);
      await audit.record(
        {
          accountId,
          action: 'impact.closed',
          subject: { type: 'certificate', id: entry.certificate_id },
          details: { instrument_id: entry.instrument_id, closed_as, note: text },
        },
        now,
      );
      return (await impacts({})).data.find((row) => row.id === id)!;
    },
  };
}

export type InstrumentsService = ReturnType<typeof instrumentsService>;
