import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import {
  ApiError,
  IdParams,
  ImportMapping,
  ImportMappingBody,
  ImportMappingList,
  ImportMappingsQuery,
  ImportPreview,
  ImportPreviewBody,
  MeasurementIdParams,
  MeasurementIds,
  TESTER_MODEL_MAX,
  TesterFile,
} from 'contracts';
import type { Services } from '../../dependencies';
import { badRequest } from '../../errors';
import { readMultipart } from '../../http/read-multipart';
import { messages } from '../../messages';
import { TESTER_FILE_MAX_BYTES } from './tester-file';

const errors = { 400: ApiError, 401: ApiError, 403: ApiError, 404: ApiError, 409: ApiError };
const certify = { access: 'certify' } as const;

/** A multipart field holding a database id. */
function idField(value: string | undefined, field: string): number {
  const id = /^[1-9]\d{0,9}$/.test(value ?? '') ? Number(value) : NaN;
  if (!(id <= 2_147_483_647)) throw badRequest(messages.checkFields, { [field]: messages.fields.enter });
  return id;
}

/** Values from a tester's file (docs/tester-files.md): upload, mapping, preview; confirmed by issue or retest. */
const importsRoutes: FastifyPluginAsyncTypebox<{ services: Services }> = async (app, { services }) => {
  const { testerImports, importMappings } = services;

  app.post(
    '/tester-files',
    {
      config: certify,
      schema: { response: { 201: TesterFile, ...errors, 413: ApiError, 415: ApiError } },
    },
    async (request, reply) => {
      const { bytes, fields, name } = await readMultipart(request, {
        maxBytes: TESTER_FILE_MAX_BYTES,
        tooLarge: messages.importTooLarge,
        missing: messages.importFileMissing,
        fields: ['machine_id', 'tester_model'],
      });
      const tester_model = fields.tester_model ?? '';
      if (tester_model.length > TESTER_MODEL_MAX)
        throw badRequest(messages.checkFields, { tester_model: messages.fields.tooLong(TESTER_MODEL_MAX) });
      const machine_id = idField(fields.machine_id, 'machine_id');
      const file = await testerImports.upload(bytes, { name, machine_id, tester_model }, request.accountId!);
      return reply.code(201).send(file);
    },
  );

  app.post(
    '/tester-files/:id/preview',
    {
      config: certify,
      schema: { params: IdParams, body: ImportPreviewBody, response: { 200: ImportPreview, ...errors } },
    },
    async (request) => testerImports.preview(request.params.id, request.body),
  );

  app.get(
    '/tester-measurement-ids/:vendor',
    {
      config: { access: 'read' },
      schema: { params: MeasurementIdParams, response: { 200: MeasurementIds, ...errors } },
    },
    async (request) => importMappings.measurementIds(request.params.vendor),
  );

  app.put(
    '/tester-measurement-ids/:vendor',
    {
      config: { access: 'release' },
      schema: {
        params: MeasurementIdParams,
        body: MeasurementIds,
        response: { 200: MeasurementIds, ...errors },
      },
    },
    async (request) =>
      importMappings.saveMeasurementIds(request.params.vendor, request.body, request.accountId!),
  );

  app.get(
    '/import-mappings',
    {
      config: { access: 'release' },
      schema: { querystring: ImportMappingsQuery, response: { 200: ImportMappingList, ...errors } },
    },
    async (request) => importMappings.list(request.query.machine_id),
  );

  app.delete(
    '/import-mappings/:id',
    {
      config: { access: 'release' },
      schema: { params: IdParams, response: { 204: Type.Null(), ...errors } },
    },
    async (request, reply) => {
      await importMappings.remove(request.params.id, request.accountId!);
      return reply.code(204).send(null);
    },
  );

  // Whoever tests saves the first mapping, the quality role (release) changes it: both roles reach the route,
  // and import-mappings.ts's save decides.
  app.put(
    '/import-mappings',
    {
      config: { access: 'read' },
      schema: { body: ImportMappingBody, response: { 200: ImportMapping, ...errors } },
    },
    async (request) => importMappings.save(request.body, request.account!),
  );
};

export default importsRoutes;
