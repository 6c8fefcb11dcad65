import {
  berlinIsoDate,
  judgeValue,
  keyedMap,
  type ImportMapping,
  type ImportPreview,
  type ImportPreviewBody,
  type PlanStep,
  type TesterFile,
  type TesterFileSource,
} from 'contracts';
import { HttpError, badRequest, notFound } from '../../errors';
import { currentLocale } from '../../language';
import { messages } from '../../messages';
import { chunkStore as chunkStoreIn, type ChunkStore } from '../../platform/chunk-store';
import type { InTransaction } from '../../platform/transactions';
import type { CertificatesRepository } from '../certificates/certificates.repository';
import { stepsOf } from '../certificates/test-results';
import type { UnitsRepository } from '../certificates/units.repository';
import type { InstrumentRow } from '../instruments/instruments.repository';
import type { MachinesRepository } from '../machines/machines.repository';
import type { TestPlansService } from '../test-plans/test-plans.service';
import { rowsOf, type FileRow } from './file-values';
import { importsRepository, type ImportsRepository, type TesterFileRow } from './imports.repository';
import { instrumentOfFile } from './file-instrument';
import { readTesterFile, type TesterTable } from './tester-file';

/** What a file fills: the units of a certificate being issued (in row order), or one unit's retest. */
type Target =
  | { kind: 'issue'; machine_id: number; steps: readonly PlanStep[]; quantity: number }
  | {
      kind: 'retest';
      machine_id: number;
      steps: readonly PlanStep[];
      certificate_id: number;
      serial: string;
    };

/** The file's values per unit (index in the certificate) and what it holds beyond the certificate. */
interface Assigned {
  file: NonNullable<TesterFileRow>;
  instrument?: InstrumentRow;
  units: (FileRow & { unit_index: number })[];
  not_in_certificate: string[];
  missing_units: number[];
}

/** The uploaded file's own name, without a client's folder or control characters, shortened: it is printed. */
const fileName = (name: string) =>
  name
    .replace(/^.*[\\/]/, '')
    // eslint-disable-next-line no-control-regex
    .replace(/[\u0000-\u001f\u007f]/g, '')
    .slice(0, 200);

/** Step key → entered value differs from the file's (blank entries are no conflict). */
function conflictsOf(entered: Record<string, string> | undefined, values: Record<string, string>) {
  return Object.entries(values)
    .filter(([key, value]) => {
      const typed = entered && Object.hasOwn(entered, key) ? entered[key].trim() : '';
      return typed !== '' && typed !== value;
    })
    .map(([step, file]) => ({ step, entered: entered![step].trim(), file }));
}

/**
 * Values from a tester's file (docs/tester-files.md): the upload (stored with its SHA-256 once it is read and its
 * instrument is fit), the mapping of its columns to a plan's steps, the preview, and the values an issue or a
 * retest takes from it (api/src/modules/certificates/issuing.ts, releasing.ts), read from the stored file on the
 * server, never taken from the client.
 */
export function testerImports({
  repository,
  chunks,
  inTransaction,
  machines,
  plans,
  units,
  certificates,
}: {
  repository: ImportsRepository;
  chunks: Pick<ChunkStore, 'range'>;
  inTransaction: InTransaction;
  machines: Pick<MachinesRepository, 'get'>;
  plans: Pick<TestPlansService, 'current'>;
  units: Pick<UnitsRepository, 'bySerial'>;
  certificates: Pick<CertificatesRepository, 'get'>;
}) {
  async function tableOf(file: NonNullable<TesterFileRow>): Promise<TesterTable> {
    const parts: Buffer[] = [];
    for await (const part of chunks.range(file, 0, file.size - 1)) parts.push(part);
    return readTesterFile(Buffer.concat(parts));
  }

  /** The steps a file may fill: those measured per unit (a file's rows are units). */
  const unitSteps = (steps: readonly PlanStep[]) => steps.filter((step) => step.per_unit);

  /**
   * A first mapping to show: Metrel's ids by the data table, a column named like a step's title or key, and a
   * column named like a serial number; the inspector corrects it before it is saved.
   */
  async function suggestion(table: TesterTable, steps: readonly PlanStep[]): Promise<ImportMapping> {
    const mapped = keyedMap<string>();
    const known = unitSteps(steps);
    if (table.format === 'padfx') {
      for (const { column_key, step_key } of await repository.measurementIds('metrel'))
        if (table.columns.includes(column_key) && known.some((step) => step.key === step_key))
          mapped[step_key] ??= column_key;
    }
    const plain = (text: string) => text.trim().toLowerCase();
    for (const step of known) {
      const column = table.columns.find((name) =>
        [step.key, step.title.de, step.title.en].some((label) => plain(label) === plain(name)),
      );
      if (column) mapped[step.key] ??= column;
    }
    const serial = table.columns.find((name) => /serial|seriennummer|^sn$|^soser$/i.test(name.trim()));
    return { serial_column: serial ?? null, steps: mapped };
  }

  async function mappingFor(machineId: number, testerModel: string) {
    const row = await repository.mapping(machineId, testerModel);
    return (
      row && { serial_column: row.serial_column, steps: JSON.parse(row.steps) as Record<string, string> }
    );
  }

  async function storedFile(id: number) {
    const file = await repository.file(id);
    if (!file) throw notFound(messages.importFileNotFound);
    return file;
  }

  /** The file's rows assigned to the target's units, after every refusal a whole file gets. */
  async function assign(fileId: number, target: Target, today: string): Promise<Assigned> {
    const file = await storedFile(fileId);
    if (file.machine_id !== target.machine_id) throw badRequest(messages.importOtherMachine);
    const table = await tableOf(file);
    const instrument = await instrumentOfFile(table, today, repository);
    const mapping = await mappingFor(file.machine_id, file.tester_model);
    if (!mapping) throw new HttpError(409, 'IMPORT_MAPPING_MISSING', messages.importMappingMissing);
    const rows = rowsOf(table, mapping, unitSteps(target.steps));
    const serials = rows.flatMap((row) => (row.serial === null ? [] : [row.serial]));
    const twice = serials.find((serial, k) => serials.indexOf(serial) !== k);
    if (twice !== undefined) throw badRequest(messages.importTwoRows(twice));
    const owned = await repository.unitsOf(serials);
    const other = owned.find(
      (unit) => target.kind === 'issue' || unit.certificate_id !== target.certificate_id,
    );
    if (other) throw badRequest(messages.importSerialOfOther(other.serial));
    const label = (row: FileRow) => row.serial ?? messages.importRow(row.row);
    if (target.kind === 'issue') {
      return {
        file,
        instrument,
        units: rows.slice(0, target.quantity).map((row, unit_index) => ({ ...row, unit_index })),
        not_in_certificate: rows.slice(target.quantity).map(label),
        missing_units: Array.from(
          { length: Math.max(target.quantity - rows.length, 0) },
          (_, k) => rows.length + k + 1,
        ),
      };
    }
    const unit = await units.bySerial(target.serial);
    const own =
      mapping.serial_column === null
        ? rows.length === 1
          ? rows[0]
          : undefined
        : rows.find((row) => row.serial === target.serial);
    if (!own && mapping.serial_column === null) throw badRequest(messages.importNeedsSerial);
    if (!own || !unit) throw badRequest(messages.importUnitNotInFile(target.serial));
    return {
      file,
      instrument,
      units: [{ ...own, serial: target.serial, unit_index: unit.unit_index }],
      not_in_certificate: rows.filter((row) => row !== own).map(label),
      missing_units: [],
    };
  }

  /**
   * The values one unit is confirmed with: the entered ones and the file's; where both name a step and differ, the
   * choice decides (keep: the entered one, replace: the file's), without one the confirmation is refused.
   */
  function merged(entered: Record<string, string>, values: Record<string, string>, source: TesterFileSource) {
    const conflicts = conflictsOf(entered, values);
    if (conflicts.length && !source.on_conflict)
      throw new HttpError(
        409,
        'IMPORT_CONFLICT',
        messages.importConflict(conflicts.map((c) => `${c.step}: ${c.entered} ≠ ${c.file}`).join('; ')),
      );
    return source.on_conflict === 'keep'
      ? keyedMap({ ...values, ...Object.fromEntries(Object.entries(entered).filter(([, v]) => v.trim())) })
      : keyedMap({ ...entered, ...values });
  }

  /** A Metrel file's instrument for every step it fills that needs one and was not chosen. */
  function instrumentsWith(
    chosen: Record<string, number>,
    filled: string[],
    steps: readonly PlanStep[],
    instrument: InstrumentRow | undefined,
  ) {
    if (!instrument) return chosen;
    const needed = steps.filter((step) => step.instrument_kind && filled.includes(step.key));
    return keyedMap({
      ...Object.fromEntries(needed.map((step) => [step.key, instrument.id])),
      ...chosen,
    });
  }

  const toWire = (file: NonNullable<TesterFileRow>) => ({
    id: file.id,
    name: file.name,
    sha256: file.sha256,
  });

  return {
    /** Reads and stores a tester's file for a machine; a file refused is not stored. */
    async upload(
      bytes: Buffer,
      { name, machine_id, tester_model }: { name: string; machine_id: number; tester_model: string },
      accountId: number,
      now = new Date(),
    ): Promise<TesterFile> {
      const table = await readTesterFile(bytes);
      const machine = await machines.get(machine_id);
      if (!machine) throw badRequest(messages.checkFields, { machine_id: messages.fields.machineMissing });
      await instrumentOfFile(table, berlinIsoDate(now), repository);
      const model = (table.instrument?.model ?? tester_model).trim();
      const file = await inTransaction(async (trx) => {
        const sha256 = await chunkStoreIn(trx).store(bytes);
        const { id } = await importsRepository(trx).insertFile({
          sha256,
          size: bytes.length,
          name: fileName(name),
          format: table.format,
          tester_model: model,
          tester_serial: table.instrument?.serial ?? '',
          machine_id,
          uploaded_by: accountId,
          uploaded_at: now.toISOString(),
        });
        return (await importsRepository(trx).file(id))!;
      });
      const saved = await mappingFor(machine_id, model);
      const plan = await plans.current(machine_id);
      return {
        id: file.id,
        name: file.name,
        sha256: file.sha256,
        size: file.size,
        format: file.format,
        machine_id,
        tester_model: file.tester_model,
        tester_serial: file.tester_serial,
        columns: table.columns.map((column, k) => ({ name: column, unit: table.units[k] ?? '' })),
        rows: table.rows.length,
        sample: table.rows.slice(0, 5),
        mapping: saved ?? (await suggestion(table, plan.steps)),
        mapping_saved: saved !== undefined,
      };
    },

    /** Per unit the values the file gives, their verdicts and what differs from the entered; nothing stored. */
    async preview(fileId: number, body: ImportPreviewBody, now = new Date()): Promise<ImportPreview> {
      const file = await storedFile(fileId);
      let target: Target;
      if (body.serial !== undefined) {
        const unit = await units.bySerial(body.serial);
        const row = unit && (await certificates.get(unit.certificate_id));
        if (!unit || !row) throw notFound(messages.unitNotFound);
        target = {
          kind: 'retest',
          machine_id: row.machine_id,
          steps: stepsOf(row),
          certificate_id: row.id,
          serial: unit.serial,
        };
      } else if (body.quantity !== undefined) {
        const plan = await plans.current(file.machine_id);
        target = { kind: 'issue', machine_id: file.machine_id, steps: plan.steps, quantity: body.quantity };
      } else throw badRequest(messages.importTarget);
      const assigned = await assign(fileId, target, berlinIsoDate(now));
      return {
        file: toWire(assigned.file),
        units: assigned.units.map((unit) => {
          const verdicts = keyedMap<'pass' | 'fail' | 'open'>();
          const errors = keyedMap<string>();
          let passed = true;
          for (const [key, value] of Object.entries(unit.values)) {
            const step = target.steps.find((each) => each.key === key)!;
            const judged = judgeValue(step, value, messages.results, currentLocale());
            if (judged.error !== undefined) errors[key] = judged.error;
            else verdicts[key] = judged.verdict;
            if (judged.error !== undefined || (judged.verdict === 'fail' && step.required)) passed = false;
          }
          const entered = body.entered?.[target.kind === 'issue' ? unit.unit_index : 0];
          return {
            unit: unit.unit_index + 1,
            serial: unit.serial,
            row: unit.row,
            values: unit.values,
            verdicts,
            errors,
            passed,
            conflicts: conflictsOf(entered, unit.values),
          };
        }),
        not_in_certificate: assigned.not_in_certificate,
        missing_units: assigned.missing_units,
      };
    },

    /** The values and instruments a new certificate's units are issued with, and which units the file filled. */
    async forIssue(
      source: TesterFileSource,
      target: { machine_id: number; steps: readonly PlanStep[]; quantity: number },
      entered: { units: Record<string, string>[]; instruments: Record<string, number> },
      now: Date,
    ) {
      const assigned = await assign(source.id, { kind: 'issue', ...target }, berlinIsoDate(now));
      const values = Array.from(
        { length: target.quantity },
        (_, k) => entered.units[k] ?? keyedMap<string>(),
      );
      const filled = new Set<string>();
      for (const unit of assigned.units) {
        values[unit.unit_index] = merged(values[unit.unit_index], unit.values, source);
        Object.keys(unit.values).forEach((key) => filled.add(key));
      }
      return {
        file_id: assigned.file.id,
        units: values,
        covered: assigned.units.map((unit) => unit.unit_index),
        instruments: instrumentsWith(entered.instruments, [...filled], target.steps, assigned.instrument),
      };
    },

    /** The values and instruments one unit is retested with from the file. */
    async forRetest(
      source: TesterFileSource,
      target: { machine_id: number; steps: readonly PlanStep[]; certificate_id: number; serial: string },
      entered: { values: Record<string, string>; instruments: Record<string, number> },
      now: Date,
    ) {
      const assigned = await assign(source.id, { kind: 'retest', ...target }, berlinIsoDate(now));
      const [unit] = assigned.units;
      return {
        file_id: assigned.file.id,
        values: merged(entered.values, unit.values, source),
        instruments: instrumentsWith(
          entered.instruments,
          Object.keys(unit.values),
          target.steps,
          assigned.instrument,
        ),
      };
    },
  };
}

export type TesterImports = ReturnType<typeof testerImports>;
