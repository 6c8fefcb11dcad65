import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import {
  ApiError,
  BrandIdParams,
  IdParams,
  Machine,
  MachineBody,
  MachineByBrandList,
  MachineList,
  MachineListQuery,
} from 'contracts';
import type { Services } from '../../dependencies';

const errors = { 400: ApiError, 401: ApiError, 404: ApiError, 409: ApiError };

const machinesRoutes: FastifyPluginAsyncTypebox<{ services: Services }> = async (app, { services }) => {
  const { machines } = services;

  app.get(
    '/machines',
    { schema: { querystring: MachineListQuery, response: { 200: MachineList, ...errors } } },
    async (request) => machines.list(request.query),
  );

  app.get(
    '/machine/:id',
    { schema: { params: IdParams, response: { 200: Machine, ...errors } } },
    async (request) => machines.get(request.params.id),
  );

  app.post(
    '/machine',
    { schema: { body: MachineBody, response: { 201: Machine, ...errors } } },
    async (request, reply) => reply.code(201).send(await machines.create(request.body, request.userId!)),
  );

  app.put(
    '/machine/:id',
    { schema: { params: IdParams, body: MachineBody, response: { 200: Machine, ...errors } } },
    async (request) => machines.update(request.params.id, request.body, request.userId!),
  );

  app.get(
    '/machinesByBrand/:brandId',
    { schema: { params: BrandIdParams, response: { 200: MachineByBrandList, ...errors } } },
    async (request) => ({ data: await machines.listByBrand(request.params.brandId) }),
  );
};

export default machinesRoutes;
