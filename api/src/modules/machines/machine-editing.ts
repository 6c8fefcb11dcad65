import { validateMachineFields, type MachineBody } from 'contracts';
import { unlessUnique } from '../../db/errors';
import { badRequest, conflict, notFound } from '../../errors';
import { messages } from '../../messages';
import { hasInvisible } from '../../text';
import { changes, type AuditService } from '../audit/audit.service';
import type { BrandsRepository } from '../brands/brands.repository';
import type { UploadsService } from '../uploads/uploads.service';
import type { MachineInput, MachinesRepository } from './machines.repository';

/** The body as stored: texts trimmed, the optional ones empty when not given. */
const inputOf = (body: MachineBody): MachineInput => ({
  brand_id: body.brand_id,
  name: body.name.trim(),
  serial_prefix: body.serial_prefix.trim(),
  ean_number: body.ean_number?.trim() ?? '',
  link_en: body.link_en?.trim() ?? '',
  link_ger: body.link_ger?.trim() ?? '',
  image: body.image?.trim() ?? '',
  electronic_circuit_board: body.electronic_circuit_board,
  voltage_resistance: body.voltage_resistance?.trim() ?? '',
  observation: body.observation?.trim() ?? '',
  description: body.description?.trim() ?? '',
});

/** Staff add a machine to the catalogue or change one; each is recorded in the audit trail. */
export function machineEditing({
  machines,
  brands,
  uploads,
  audit,
  get,
}: {
  machines: Pick<MachinesRepository, 'nameTaken' | 'create' | 'update'>;
  brands: Pick<BrandsRepository, 'get'>;
  uploads: Pick<UploadsService, 'pathError'>;
  audit: Pick<AuditService, 'record'>;
  /** The machine as stored, or a 404 (machines.service.ts). */
  get: (id: number) => Promise<NonNullable<Awaited<ReturnType<MachinesRepository['get']>>>>;
}) {
  const nameTaken = () => conflict(messages.machineNameTaken, { name: messages.fields.nameTaken });

  async function validMachine(body: MachineBody, exceptId?: number): Promise<MachineInput> {
    const input = inputOf(body);
    const fields: Record<string, string> = validateMachineFields(input, messages.fields);
    if (!fields.name && hasInvisible(input.name)) fields.name = messages.fieldInvisible;
    if (!fields.brand_id && !(await brands.get(input.brand_id)))
      fields.brand_id = messages.fields.brandMissing;
    const imageError = await uploads.pathError(input.image);
    if (imageError) fields.image = imageError;
    if (Object.keys(fields).length) throw badRequest(messages.checkFields, fields);
    if (await machines.nameTaken(input.brand_id, input.name, exceptId)) throw nameTaken();
    return input;
  }

  return {
    async create(body: MachineBody, accountId: number) {
      const input = await validMachine(body);
      const machine = await unlessUnique(machines.create(input), nameTaken);
      await audit.record({
        accountId,
        action: 'machine.created',
        subject: { type: 'machine', id: machine.id },
        details: input,
      });
      return machine;
    },

    async update(id: number, body: MachineBody, accountId: number) {
      const before = await get(id);
      const machine = await unlessUnique(machines.update(id, await validMachine(body, id)), nameTaken);
      if (!machine) throw notFound(messages.machineNotFound);
      await audit.record({
        accountId,
        action: 'machine.changed',
        subject: { type: 'machine', id },
        details: changes(before, machine),
      });
      return machine;
    },
  };
}
