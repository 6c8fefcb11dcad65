import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import {
  ApiError,
  CertificateCreateBody,
  CertificateCreateResponse,
  CertificateList,
  CertificateListQuery,
  IdParams,
  IdempotencyHeaders,
  PrintData,
  PrintedBody,
  domainName,
  fromWire,
  toWire,
} from 'contracts';
import type { Services } from '../../dependencies';

const errors = { 400: ApiError, 401: ApiError, 404: ApiError, 409: ApiError };

const certificatesRoutes: FastifyPluginAsyncTypebox<{ services: Services }> = async (app, { services }) => {
  const { certificates } = services;

  app.post(
    '/certificate',
    {
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
    { schema: { querystring: CertificateListQuery, response: { 200: CertificateList, ...errors } } },
    async (request) => {
      const { sort, ...query } = request.query;
      const { data, total } = await certificates.list({ ...query, sort: sort && domainName(sort) });
      return { data: data.map(toWire), total };
    },
  );

  app.post(
    '/certificates/:id/printed',
    { schema: { params: IdParams, body: PrintedBody, response: { 204: Type.Null(), ...errors } } },
    async (request, reply) => {
      await certificates.printed(request.params.id, request.body.kind, request.userId!);
      return reply.code(204).send(null);
    },
  );

  app.get(
    '/certificates/:id',
    { schema: { params: IdParams, response: { 200: PrintData, ...errors } } },
    async (request) => toWire(await certificates.get(request.params.id)),
  );
};

export default certificatesRoutes;
