import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import {
  ApiError,
  AuditPage,
  EventsQuery,
  IdParams,
  PrintedBody,
  SerialParams,
  UnitView,
  toWire,
} from 'contracts';
import type { Services } from '../../dependencies';
import { assertAllowed } from '../../plugins/access';

const errors = { 400: ApiError, 401: ApiError, 403: ApiError, 404: ApiError, 409: ApiError };

/** A unit from its serial, the events of a unit or a certificate, and what staff printed. */
const unitsRoutes: FastifyPluginAsyncTypebox<{ services: Services }> = async (app, { services }) => {
  const { certificates } = services;

  app.post(
    '/certificates/:id/printed',
    {
      config: { access: 'read' },
      schema: { params: IdParams, body: PrintedBody, response: { 204: Type.Null(), ...errors } },
    },
    async (request, reply) => {
      // Anyone may reprint; printing right after issuing and printing labels are the inspector's.
      if (request.body.kind !== 'reprint') assertAllowed(request.account!, 'certify');
      await certificates.printed(
        request.params.id,
        request.body.kind,
        request.accountId!,
        request.body.serials,
      );
      return reply.code(204).send(null);
    },
  );

  app.get(
    '/certificates/:id/events',
    {
      config: { access: 'read' },
      schema: { params: IdParams, querystring: EventsQuery, response: { 200: AuditPage, ...errors } },
    },
    async (request) => certificates.events(request.params.id, request.query),
  );

  app.get(
    '/units/:serial',
    { config: { access: 'read' }, schema: { params: SerialParams, response: { 200: UnitView, ...errors } } },
    async (request) => {
      const { certificate, ...rest } = await certificates.unit(request.params.serial);
      return { ...rest, certificate: toWire(certificate) };
    },
  );

  app.get(
    '/units/:serial/events',
    {
      config: { access: 'read' },
      schema: { params: SerialParams, querystring: EventsQuery, response: { 200: AuditPage, ...errors } },
    },
    async (request) => certificates.unitEvents(request.params.serial, request.query),
  );
};

export default unitsRoutes;
