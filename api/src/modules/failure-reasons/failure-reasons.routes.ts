import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import {
  ApiError,
  FailureReason,
  FailureReasonBody,
  FailureReasonList,
  FailureReasonRename,
  IdParams,
} from 'contracts';
import type { Services } from '../../dependencies';

const errors = { 400: ApiError, 401: ApiError, 403: ApiError, 404: ApiError, 409: ApiError };
/** Every role reads the catalogue (the inspector chooses from it); the quality role keeps it, as it keeps plans. */
const read = { access: 'read' } as const;
const release = { access: 'release' } as const;

const failureReasonsRoutes: FastifyPluginAsyncTypebox<{ services: Services }> = async (app, { services }) => {
  const { failureReasons } = services;

  app.get(
    '/failure-reasons',
    { config: read, schema: { response: { 200: FailureReasonList, ...errors } } },
    () => failureReasons.list(),
  );
  app.post(
    '/failure-reasons',
    { config: release, schema: { body: FailureReasonBody, response: { 201: FailureReason, ...errors } } },
    async (request, reply) =>
      reply.code(201).send(await failureReasons.create(request.body, request.accountId!)),
  );
  app.put(
    '/failure-reasons/:id',
    {
      config: release,
      schema: { params: IdParams, body: FailureReasonRename, response: { 200: FailureReason, ...errors } },
    },
    (request) => failureReasons.rename(request.params.id, request.body.name, request.accountId!),
  );
  app.delete(
    '/failure-reasons/:id',
    { config: release, schema: { params: IdParams, response: { 204: Type.Null(), ...errors } } },
    async (request, reply) => {
      await failureReasons.remove(request.params.id, request.accountId!);
      return reply.code(204).send(null);
    },
  );
};

export default failureReasonsRoutes;
