import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import {
  ApiError,
  CertificateCreateBody,
  CertificateCreateResponse,
  AuditPage,
  CertificateHistory,
  CertificateExportQuery,
  CertificateList,
  CertificateListQuery,
  EventsQuery,
  IdParams,
  IdempotencyHeaders,
  PrintData,
  PrintedBody,
  RevisionBody,
  RevisionParams,
  SerialParams,
  UnitView,
  VoidBody,
  domainName,
  fromWire,
  toWire,
} from 'contracts';
import type { Services } from '../../dependencies';
import { assertAllowed } from '../../plugins/access';

const errors = { 400: ApiError, 401: ApiError, 403: ApiError, 404: ApiError, 409: ApiError };

const certificatesRoutes: FastifyPluginAsyncTypebox<{ services: Services }> = async (app, { services }) => {
  const { certificates } = services;

  app.post(
    '/certificate',
    {
      config: { access: 'certify' },
      schema: {
        headers: IdempotencyHeaders,
        body: CertificateCreateBody,
        response: { 200: CertificateCreateResponse, ...errors },
      },
    },
    async (request) => {
      const idempotencyKey = request.headers['idempotency-key'];
      return [toWire(await certificates.issue(fromWire(request.body), request.userId!, { idempotencyKey }))];
    },
  );

  app.get(
    '/certificates',
    {
      config: { access: 'read' },
      schema: { querystring: CertificateListQuery, response: { 200: CertificateList, ...errors } },
    },
    async (request) => {
      const { sort, ...query } = request.query;
      const { data, total } = await certificates.list({ ...query, sort: sort && domainName(sort) });
      return { data: data.map(toWire), total };
    },
  );

  app.get(
    '/certificates/export',
    {
      config: { access: 'read' },
      schema: {
        querystring: CertificateExportQuery,
        response: {
          200: Type.Unsafe<unknown>({
            type: 'string',
            format: 'binary',
            description: 'the XLSX or CSV file',
          }),
          ...errors,
        },
      },
    },
    async (request, reply) => {
      const file = await certificates.export(request.query, request.userId!);
      return reply
        .header('Content-Type', file.contentType)
        .header('Content-Disposition', `attachment; filename="${file.filename}"`)
        .send(file.body);
    },
  );

  app.post(
    '/certificates/:id/printed',
    {
      config: { access: 'read' },
      schema: { params: IdParams, body: PrintedBody, response: { 204: Type.Null(), ...errors } },
    },
    async (request, reply) => {
      // Anyone may reprint; printing right after issuing and printing labels are the inspector's.
      if (request.body.kind !== 'reprint') assertAllowed(request.account!, 'certify');
      await certificates.printed(request.params.id, request.body.kind, request.userId!);
      return reply.code(204).send(null);
    },
  );

  app.get(
    '/certificates/:id',
    { config: { access: 'read' }, schema: { params: IdParams, response: { 200: PrintData, ...errors } } },
    async (request) => toWire(await certificates.get(request.params.id)),
  );

  // The lifecycle after issuing (docs/architecture.md#certificate-lifecycle).
  app.post(
    '/certificates/:id/revisions',
    {
      config: { access: 'certify' },
      schema: { params: IdParams, body: RevisionBody, response: { 200: PrintData, ...errors } },
    },
    async (request) =>
      toWire(await certificates.revise(request.params.id, fromWire(request.body), request.userId!)),
  );

  app.get(
    '/certificates/:id/revisions/:revision',
    {
      config: { access: 'read' },
      schema: { params: RevisionParams, response: { 200: PrintData, ...errors } },
    },
    async (request) => toWire(await certificates.revision(request.params.id, request.params.revision)),
  );

  app.post(
    '/certificates/:id/void',
    {
      config: { access: 'certify' },
      schema: { params: IdParams, body: VoidBody, response: { 200: PrintData, ...errors } },
    },
    async (request) => toWire(await certificates.void(request.params.id, request.body, request.userId!)),
  );

  app.get(
    '/certificates/:id/history',
    {
      config: { access: 'read' },
      schema: { params: IdParams, response: { 200: CertificateHistory, ...errors } },
    },
    async (request) => certificates.history(request.params.id),
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
    async (request) => certificates.unit(request.params.serial),
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

export default certificatesRoutes;
