import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import {
  ApiError,
  AuditPage,
  BrandIdParams,
  EventsQuery,
  IdParams,
  Machine,
  MachineBody,
  MachineByBrandList,
  MachineList,
  MachineListQuery,
} from 'contracts';
import type { Services } from '../../dependencies';

const errors = { 400: ApiError, 401: ApiError, 403: ApiError, 404: ApiError, 409: ApiError };

const machinesRoutes: FastifyPluginAsyncTypebox<{ services: Services }> = async (app, { services }) => {
  const { machines } = services;

  app.get(
    '/machines',
    {
      config: { access: 'read' },
      schema: { querystring: MachineListQuery, response: { 200: MachineList, ...errors } },
    },
    async (request) => machines.list(request.query),
  );

  app.get(
    '/machine/:id',
    { config: { access: 'read' }, schema: { params: IdParams, response: { 200: Machine, ...errors } } },
    async (request) => machines.get(request.params.id),
  );

  app.post(
    '/machine',
    { config: { access: 'catalogue' }, schema: { body: MachineBody, response: { 201: Machine, ...errors } } },
    async (request, reply) => reply.code(201).send(await machines.create(request.body, request.accountId!)),
  );

  app.put(
    '/machine/:id',
    {
      config: { access: 'catalogue' },
      schema: { params: IdParams, body: MachineBody, response: { 200: Machine, ...errors } },
    },
    async (request) => machines.update(request.params.id, request.body, request.accountId!),
  );

  app.get(
    '/machine/:id/events',
    {
      config: { access: 'read' },
      schema: { params: IdParams, querystring: EventsQuery, response: { 200: AuditPage, ...errors } },
    },
    async (request) => {
      await machines.get(request.params.id);
      return services.audit.ofSubjects([{ type: 'machine', ids: [request.params.id] }], request.query);
    },
  );

  app.get(
    '/machinesByBrand/:brandId',
    {
      config: { access: 'read' },
      schema: { params: BrandIdParams, response: { 200: MachineByBrandList, ...errors } },
    },
    async (request) => ({ data: await machines.listByBrand(request.params.brandId) }),
  );
};

export default machinesRoutes;
