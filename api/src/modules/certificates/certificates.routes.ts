import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import {
  ApiError,
  CertificateCreateBody,
  CertificateCreateResponse,
  CertificateList,
  CertificateListQuery,
  IdParams,
  PrintData,
  fieldMessages,
} from 'contracts';
import { HttpError, badRequest, notFound } from '../../errors';
import { messages } from '../../messages';
import type { Services } from '../../services';

const errors = { 400: ApiError, 401: ApiError, 404: ApiError, 409: ApiError };

const isUniqueViolation = (error: unknown) => {
  const code = (error as { code?: string }).code;
  return code === '23505' || code === 'SQLITE_CONSTRAINT_UNIQUE' || code === 'SQLITE_CONSTRAINT_PRIMARYKEY';
};

const certificatesRoutes: FastifyPluginAsyncTypebox<{ services: Services }> = async (app, { services }) => {
  const { certificates, machines, brands } = services;

  app.post(
    '/certificate',
    { schema: { body: CertificateCreateBody, response: { 200: CertificateCreateResponse, ...errors } } },
    async (request) => {
      const body = { ...request.body, checked_by: request.body.checked_by.trim() };
      const fields: Record<string, string> = {};
      if (!body.checked_by) fields.checked_by = fieldMessages.enter;
      // Everything the certificate prints about the machine and brand comes from the database.
      const machine = await machines.get(body.machine_id);
      const brand = await brands.get(body.brand_id);
      if (!brand) fields.brand_id = fieldMessages.brandMissing;
      if (!machine) fields.machine_id = fieldMessages.machineMissing;
      else if (brand && machine.brand_id !== brand.id) fields.machine_id = messages.machineNotOfBrand;
      if (Object.keys(fields).length || !machine || !brand) throw badRequest(messages.checkFields, fields);
      try {
        return [await certificates.create(body, { machine, brand }, request.userId!)];
      } catch (error) {
        if (isUniqueViolation(error)) throw new HttpError(409, 'SERIAL_CONFLICT', messages.serialConflict);
        throw error;
      }
    },
  );

  app.get(
    '/certificates',
    { schema: { querystring: CertificateListQuery, response: { 200: CertificateList, ...errors } } },
    async (request) => certificates.list(request.query),
  );

  app.get(
    '/certificates/:id',
    { schema: { params: IdParams, response: { 200: PrintData, ...errors } } },
    async (request) => {
      const certificate = await certificates.get(request.params.id);
      if (!certificate) throw notFound(messages.certificateNotFound);
      return certificate;
    },
  );
};

export default certificatesRoutes;
