import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import {
  ApiError,
  IdParams,
  Machine,
  MachineBody,
  MachineList,
  MachineListQuery,
  fieldMessages,
  validateMachineFields,
} from 'contracts';
import { badRequest, conflict, notFound } from '../../errors';
import { messages } from '../../messages';
import { isUniqueViolation } from '../../plugins/error-handler';
import type { Services } from '../../services';
import { checkUploadPath } from '../uploads/uploads.repository';
import type { MachineInput } from './machines.repository';

const errors = { 400: ApiError, 401: ApiError, 404: ApiError, 409: ApiError };

const machinesRoutes: FastifyPluginAsyncTypebox<{ services: Services }> = async (app, { services }) => {
  const { machines, brands, uploads } = services;

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
    const imageError = await checkUploadPath(uploads, input.image);
    if (imageError) fields.image = imageError;
    if (Object.keys(fields).length) throw badRequest(messages.checkFields, fields);
    if (await machines.nameTaken(input.brand_id, input.name, exceptId)) throw nameTaken();
    return input;
  }

  /** Another request may take the article number between the check and the write; the UNIQUE index decides. */
  async function unlessNameTaken<T>(write: Promise<T>): Promise<T> {
    try {
      return await write;
    } catch (error) {
      throw isUniqueViolation(error) ? nameTaken() : error;
    }
  }

  app.get(
    '/machines',
    { schema: { querystring: MachineListQuery, response: { 200: MachineList, ...errors } } },
    async (request) => machines.list(request.query),
  );

  app.get(
    '/machine/:id',
    { schema: { params: IdParams, response: { 200: Machine, ...errors } } },
    async (request) => {
      const machine = await machines.get(request.params.id);
      if (!machine) throw notFound(messages.machineNotFound);
      return machine;
    },
  );

  app.post(
    '/machine',
    { schema: { body: MachineBody, response: { 201: Machine, ...errors } } },
    async (request, reply) => {
      const machine = await unlessNameTaken(machines.create(await validMachine(request.body)));
      return reply.code(201).send(machine);
    },
  );

  app.put(
    '/machine/:id',
    { schema: { params: IdParams, body: MachineBody, response: { 200: Machine, ...errors } } },
    async (request) => {
      if (!(await machines.get(request.params.id))) throw notFound(messages.machineNotFound);
      const input = await validMachine(request.body, request.params.id);
      const machine = await unlessNameTaken(machines.update(request.params.id, input));
      if (!machine) throw notFound(messages.machineNotFound);
      return machine;
    },
  );
};

export default machinesRoutes;
