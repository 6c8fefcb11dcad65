import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import {
  ApiError,
  CalibrationBody,
  IdParams,
  ImpactCloseBody,
  ImpactEntry,
  ImpactList,
  ImpactQuery,
  Instrument,
  InstrumentBody,
  InstrumentList,
} from 'contracts';
import type { Services } from '../../dependencies';

const errors = { 400: ApiError, 401: ApiError, 403: ApiError, 404: ApiError, 409: ApiError };
/** Every role reads the register; the quality role (Freigabe) keeps it (docs/decisions/0018-instruments.md). */
const read = { access: 'read' } as const;
const release = { access: 'release' } as const;

const instrumentsRoutes: FastifyPluginAsyncTypebox<{ services: Services }> = async (app, { services }) => {
  const { instruments } = services;

  app.get('/instruments', { config: read, schema: { response: { 200: InstrumentList, ...errors } } }, () =>
    instruments.list(),
  );
  app.post(
    '/instruments',
    { config: release, schema: { body: InstrumentBody, response: { 201: Instrument, ...errors } } },
    async (request, reply) =>
      reply.code(201).send(await instruments.create(request.body, request.accountId!)),
  );
  app.put(
    '/instruments/:id',
    {
      config: release,
      schema: { params: IdParams, body: InstrumentBody, response: { 200: Instrument, ...errors } },
    },
    (request) => instruments.update(request.params.id, request.body, request.accountId!),
  );
  app.post(
    '/instruments/:id/calibrations',
    {
      config: release,
      schema: {
        params: IdParams,
        body: CalibrationBody,
        response: {
          200: Type.Object({ instrument: Instrument, affected_certificates: Type.Array(Type.Integer()) }),
          ...errors,
        },
      },
    },
    (request) => instruments.calibrate(request.params.id, request.body, request.accountId!),
  );
  app.get(
    '/instrument-impacts',
    { config: read, schema: { querystring: ImpactQuery, response: { 200: ImpactList, ...errors } } },
    (request) => instruments.impacts(request.query),
  );
  app.post(
    '/instrument-impacts/:id/close',
    {
      config: release,
      schema: { params: IdParams, body: ImpactCloseBody, response: { 200: ImpactEntry, ...errors } },
    },
    (request) => instruments.closeImpact(request.params.id, request.body, request.accountId!),
  );
};

export default instrumentsRoutes;
