import { fieldMessages, validateMachineFields, type MachineBody, type MachineListQuery } from 'contracts';
import { unlessUnique } from '../../db/errors';
import { badRequest, conflict, notFound } from '../../errors';
import { messages } from '../../messages';
import { pageOf, withPositions } from '../../paging';
import type { brandsRepository } from '../brands/brands.repository';
import { changes, type AuditService } from '../audit/audit.service';
import type { UploadsService } from '../uploads/uploads.service';
import type { MachineInput, machinesRepository } from './machines.repository';

export function machinesService(
  repositories: {
    machines: ReturnType<typeof machinesRepository>;
    brands: ReturnType<typeof brandsRepository>;
  },
  uploads: UploadsService,
  audit: AuditService,
) {
  const { machines, brands } = repositories;
  const nameTaken = () => conflict(messages.machineNameTaken, { name: fieldMessages.nameTaken });

  async function validMachine(body: MachineBody, exceptId?: number): Promise<MachineInput> {
    const input: MachineInput = {
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
    };
    const fields: Record<string, string> = validateMachineFields(input);
    if (!fields.brand_id && !(await brands.get(input.brand_id))) fields.brand_id = fieldMessages.brandMissing;
    const imageError = await uploads.pathError(input.image);
    if (imageError) fields.image = imageError;
    if (Object.keys(fields).length) throw badRequest(messages.checkFields, fields);
    if (await machines.nameTaken(input.brand_id, input.name, exceptId)) throw nameTaken();
    return input;
  }

  async function get(id: number) {
    const machine = await machines.get(id);
    if (!machine) throw notFound(messages.machineNotFound);
    return machine;
  }

  return {
    get,

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

    /** Searched and sorted over the whole catalogue; `pos` is the row's place in that order. */
    async list(request: MachineListQuery) {
      const { limit, offset } = pageOf(request);
      const sort = request.sort ?? 'pos';
      const order = request.order ?? 'asc';
      const search = request.search?.trim() ?? '';
      const { rows, total } = await machines.list({ search, sort, order, limit, offset });
      const byPositionDescending = sort === 'pos' && order === 'desc';
      return { total, data: withPositions(rows, { byPositionDescending, total, offset }) };
    },

    /** The machines the certificate form offers for a brand. */
    async listByBrand(brandId: number) {
      if (!(await brands.get(brandId))) throw notFound(messages.brandNotFound);
      return machines.listByBrand(brandId);
    },
  };
}
