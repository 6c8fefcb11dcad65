import { Readable } from 'node:stream';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import {
  ApiError,
  CALIBRATION_CERTIFICATE_MAX_BYTES,
  Calibration,
  CalibrationBody,
  CalibrationList,
  CalibrationRecorded,
  IdParams,
  ImpactCloseBody,
  ImpactEntry,
  ImpactExportQuery,
  ImpactList,
  ImpactQuery,
  Instrument,
  InstrumentBody,
  InstrumentList,
} from 'contracts';
import type { Services } from '../../dependencies';
import { readMultipart } from '../../http/read-multipart';
import { messages } from '../../messages';
import { storedFileResponses } from '../../platform/stored-file-reply';

const errors = { 400: ApiError, 401: ApiError, 403: ApiError, 404: ApiError, 409: ApiError };
/** Every role reads the register; the quality role (Freigabe) keeps it (docs/decisions/0018-instruments.md). */
const read = { access: 'read' } as const;
const release = { access: 'release' } as const;
const CalibrationParams = Type.Object({ id: IdParams.properties.id, calibrationId: IdParams.properties.id });
const binary = (description: string) =>
  Type.Unsafe<Readable>({ type: 'string', format: 'binary', description });

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
        response: { 200: CalibrationRecorded, ...errors },
      },
    },
    (request) => instruments.calibrate(request.params.id, request.body, request.accountId!),
  );
  app.get(
    '/instruments/:id/calibrations',
    { config: read, schema: { params: IdParams, response: { 200: CalibrationList, ...errors } } },
    (request) => instruments.calibrations(request.params.id),
  );
  app.post(
    '/instruments/:id/calibrations/:calibrationId/certificate',
    {
      config: release,
      schema: {
        params: CalibrationParams,
        response: { 200: Calibration, ...errors, 413: ApiError, 415: ApiError },
      },
    },
    async (request) => {
      const { bytes } = await readMultipart(request, {
        maxBytes: CALIBRATION_CERTIFICATE_MAX_BYTES,
        tooLarge: messages.calibrationCertificateTooLarge,
        missing: messages.calibrationCertificateMissing,
        fields: [],
      });
      return instruments.uploadCertificate(
        request.params.id,
        request.params.calibrationId,
        bytes,
        request.accountId!,
      );
    },
  );
  app.get(
    '/instruments/:id/calibrations/:calibrationId/certificate',
    {
      config: read,
      schema: {
        params: CalibrationParams,
        querystring: Type.Object({ download: Type.Optional(Type.Literal('1')) }),
        response: { ...storedFileResponses, ...errors },
      },
    },
    async (request, reply) => {
      const file = await instruments.certificate(request.params.id, request.params.calibrationId);
      // A later upload replaces the calibration's certificate, and staff answers stay out of caches (app.ts).
      return services.storedFiles.send(request, reply, file.bytes, file, {
        fileName: file.fileName,
        download: !!request.query.download,
        cacheControl: 'no-store',
      });
    },
  );
  app.get(
    '/instrument-impacts',
    { config: read, schema: { querystring: ImpactQuery, response: { 200: ImpactList, ...errors } } },
    (request) => instruments.impacts(request.query),
  );
  app.get(
    '/instrument-impacts/export',
    {
      config: read,
      schema: {
        querystring: ImpactExportQuery,
        response: { 200: binary('the XLSX or CSV file'), ...errors },
      },
    },
    async (request, reply) => {
      const file = await instruments.exportImpacts(request.query, request.accountId!);
      return reply
        .header('Content-Type', file.contentType)
        .header('Content-Disposition', `attachment; filename="${file.filename}"`)
        .send(file.body);
    },
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
