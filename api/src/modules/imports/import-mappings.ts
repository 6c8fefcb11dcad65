import {
  allows,
  type ImportMappingBody,
  type ImportMappingList,
  type MeasurementIds,
  type PlanStep,
  type Role,
} from 'contracts';
import { HttpError, badRequest, notFound } from '../../errors';
import { messages } from '../../messages';
import type { InTransaction } from '../../platform/transactions';
import { nowIso } from '../../text';
import type { AuditRecorder } from '../audit/audit.service';
import type { MachinesRepository } from '../machines/machines.repository';
import type { TestPlansService } from '../test-plans/test-plans.service';
import { importsRepository, type ImportsRepository } from './imports.repository';

/** A stored mapping as the trail writes it (contracts/src/audit-details.ts). */
const words = (row: { serial_column: string | null; steps: string }) => ({
  serial_column: row.serial_column,
  columns: JSON.parse(row.steps) as Record<string, string>,
});

/** A vendor's ids as the trail writes them: „68/135 = isolation“. */
const idWords = (rows: MeasurementIds['data']) => rows.map((row) => `${row.column_key} = ${row.step_key}`);

/**
 * What the quality role keeps for tester files (docs/tester-files.md): the mappings of columns to steps per machine
 * and tester model, and a vendor's measurement ids. Every change is in the audit trail, a mapping's under its
 * machine (so the machine's history shows it), the ids under their vendor.
 */
export function importMappings({
  repository,
  inTransaction,
  machines,
  plans,
  audit,
}: {
  repository: ImportsRepository;
  inTransaction: InTransaction;
  machines: Pick<MachinesRepository, 'get'>;
  plans: Pick<TestPlansService, 'current'>;
  audit: AuditRecorder;
}) {
  /** The steps a file may fill: those measured per unit (a file's rows are units). */
  const unitSteps = async (machineId: number): Promise<PlanStep[]> =>
    (await plans.current(machineId)).steps.filter((step) => step.per_unit);

  async function machine(machineId: number) {
    if (!(await machines.get(machineId)))
      throw badRequest(messages.checkFields, { machine_id: messages.fields.machineMissing });
  }

  return {
    /** The mappings saved for a machine. */
    async list(machineId: number): Promise<ImportMappingList> {
      await machine(machineId);
      const rows = await repository.mappingsOf(machineId);
      return {
        data: rows.map((row) => ({
          id: row.id,
          machine_id: row.machine_id,
          tester_model: row.tester_model,
          serial_column: row.serial_column,
          steps: JSON.parse(row.steps) as Record<string, string>,
          updated_at: row.updated_at,
          updated_by_name: row.updated_by_name,
        })),
      };
    },

    /**
     * Saves a mapping for a machine and tester model: the first by whoever tests, a change of a saved one only by
     * the quality role (release). Every step it names is one of the machine's plan measured per unit.
     */
    async save(body: ImportMappingBody, account: { id: number; roles: Role[] }) {
      await machine(body.machine_id);
      const steps = await unitSteps(body.machine_id);
      const errors: Record<string, string> = {};
      for (const key of Object.keys(body.steps))
        if (!steps.some((step) => step.key === key)) errors[`steps.${key}`] = messages.importMappingStep(key);
      if (Object.keys(errors).length) throw badRequest(messages.checkFields, errors);
      const tester_model = body.tester_model.trim();
      const saved = await repository.mapping(body.machine_id, tester_model);
      if (!allows(account.roles, 'release') && (saved || !allows(account.roles, 'certify')))
        throw new HttpError(403, 'FORBIDDEN', messages.importMappingChange);
      const row = { serial_column: body.serial_column, steps: JSON.stringify(body.steps) };
      const subject = { type: 'machine', id: String(body.machine_id) };
      await repository.saveMapping({
        machine_id: body.machine_id,
        tester_model,
        ...row,
        updated_by: account.id,
        updated_at: nowIso(),
      });
      if (!saved)
        await audit.record({
          accountId: account.id,
          action: 'import_mapping.saved',
          subject,
          details: { tester_model, ...words(row) },
        });
      else if (saved.serial_column !== row.serial_column || saved.steps !== row.steps)
        await audit.record({
          accountId: account.id,
          action: 'import_mapping.changed',
          subject,
          details: { tester_model, before: words(saved), after: words(row) },
        });
      return { serial_column: body.serial_column, steps: body.steps };
    },

    /** Removes a saved mapping (the quality role): the next file of that model is mapped anew. */
    async remove(id: number, accountId: number) {
      const saved = await repository.mappingById(id);
      if (!saved) throw notFound(messages.importMappingNotFound);
      await repository.removeMapping(id);
      await audit.record({
        accountId,
        action: 'import_mapping.removed',
        subject: { type: 'machine', id: String(saved.machine_id) },
        details: { tester_model: saved.tester_model, ...words(saved) },
      });
    },

    /** A vendor's measurement ids and the steps they fill by default, in key order. */
    async measurementIds(vendor: string): Promise<MeasurementIds> {
      const rows = await repository.measurementIds(vendor);
      return {
        data: rows
          .map(({ column_key, step_key }) => ({ column_key, step_key }))
          .sort((a, b) => a.column_key.localeCompare(b.column_key, 'en', { numeric: true })),
      };
    },

    /** Replaces a vendor's measurement ids (the quality role): each id once. */
    async saveMeasurementIds(vendor: string, { data }: MeasurementIds, accountId: number) {
      const twice = data.find(
        (row, k) => data.findIndex((other) => other.column_key === row.column_key) !== k,
      );
      if (twice)
        throw badRequest(messages.checkFields, { data: messages.importMeasurementIdTwice(twice.column_key) });
      const before = idWords((await this.measurementIds(vendor)).data);
      await inTransaction((trx) => importsRepository(trx).replaceMeasurementIds(vendor, data));
      const saved = await this.measurementIds(vendor);
      const after = idWords(saved.data);
      if (before.join('\n') !== after.join('\n'))
        await audit.record({
          accountId,
          action: 'measurement_ids.changed',
          subject: { type: 'tester_measurement_ids', id: vendor },
          details: { before: { ids: before }, after: { ids: after } },
        });
      return saved;
    },
  };
}

export type ImportMappings = ReturnType<typeof importMappings>;
