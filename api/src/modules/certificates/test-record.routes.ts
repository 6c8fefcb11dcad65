import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import {
  ApiError,
  IdParams,
  PrintData,
  ReleaseBody,
  ReleaseQueue,
  ReleaseQueueQuery,
  RetestBody,
  SerialParams,
  toWire,
} from 'contracts';
import type { Services } from '../../dependencies';

const errors = { 400: ApiError, 401: ApiError, 403: ApiError, 404: ApiError, 409: ApiError };

/** The units waiting for release, release by a second person or by deviation, and the retest of a failed unit (docs/decisions/0010-test-record.md). */
const testRecordRoutes: FastifyPluginAsyncTypebox<{ services: Services }> = async (app, { services }) => {
  const { certificates } = services;

  // Who may release reads what waits for it; others never see the queue.
  app.get(
    '/release-queue',
    {
      config: { access: 'release' },
      schema: { querystring: ReleaseQueueQuery, response: { 200: ReleaseQueue, ...errors } },
    },
    async (request) => certificates.awaitingRelease(request.query),
  );

  app.post(
    '/certificates/:id/release',
    {
      config: { access: 'release' },
      schema: { params: IdParams, body: ReleaseBody, response: { 200: PrintData, ...errors } },
    },
    async (request) =>
      toWire(await certificates.release(request.params.id, request.body, request.accountId!)),
  );

  app.post(
    '/units/:serial/attempts',
    {
      config: { access: 'certify' },
      schema: { params: SerialParams, body: RetestBody, response: { 200: PrintData, ...errors } },
    },
    async (request) =>
      toWire(await certificates.retest(request.params.serial, request.body, request.accountId!)),
  );
};

export default testRecordRoutes;
