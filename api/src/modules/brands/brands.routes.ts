import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import {
  ApiError,
  Brand,
  BrandBody,
  BrandIdParams,
  BrandList,
  IdParams,
  MachineByBrandList,
  validateBrandFields,
  fieldMessages,
} from 'contracts';
import { badRequest, conflict, notFound } from '../../errors';
import { messages } from '../../messages';
import { isUniqueViolation } from '../../plugins/error-handler';
import type { Services } from '../../services';
import { checkUploadPath } from '../uploads/uploads.repository';

const errors = { 400: ApiError, 401: ApiError, 404: ApiError, 409: ApiError };

const brandsRoutes: FastifyPluginAsyncTypebox<{ services: Services }> = async (app, { services }) => {
  const { brands, machines, uploads } = services;

  const nameTaken = () => conflict(messages.brandNameTaken, { name: fieldMessages.brandNameTaken });

  async function validBrand(body: BrandBody, exceptId?: number) {
    const input = {
      name: body.name.trim(),
      logo: body.logo?.trim() ?? '',
      email: body.email?.trim() ?? '',
      website_link: body.website_link?.trim() ?? '',
    };
    const fields: Record<string, string> = validateBrandFields(input);
    const logoError = await checkUploadPath(uploads, input.logo);
    if (logoError) fields.logo = logoError;
    if (Object.keys(fields).length) throw badRequest(messages.checkFields, fields);
    if (await brands.nameTaken(input.name, exceptId)) throw nameTaken();
    return input;
  }

  /** Another request may take the name between the check and the write; the UNIQUE index decides. */
  async function unlessNameTaken<T>(write: Promise<T>): Promise<T> {
    try {
      return await write;
    } catch (error) {
      throw isUniqueViolation(error) ? nameTaken() : error;
    }
  }

  app.get('/brands', { schema: { response: { 200: BrandList, 401: ApiError } } }, async () => ({
    data: await brands.list(),
  }));

  app.post(
    '/brand',
    { schema: { body: BrandBody, response: { 201: Brand, ...errors } } },
    async (request, reply) => {
      const brand = await unlessNameTaken(brands.create(await validBrand(request.body)));
      return reply.code(201).send(brand);
    },
  );

  app.put(
    '/brand/:id',
    { schema: { params: IdParams, body: BrandBody, response: { 200: Brand, ...errors } } },
    async (request) => {
      if (!(await brands.get(request.params.id))) throw notFound(messages.brandNotFound);
      const input = await validBrand(request.body, request.params.id);
      const brand = await unlessNameTaken(brands.update(request.params.id, input));
      if (!brand) throw notFound(messages.brandNotFound);
      return brand;
    },
  );

  app.get(
    '/machinesByBrand/:brandId',
    { schema: { params: BrandIdParams, response: { 200: MachineByBrandList, ...errors } } },
    async (request) => {
      if (!(await brands.get(request.params.brandId))) throw notFound(messages.brandNotFound);
      return { data: await machines.listByBrand(request.params.brandId) };
    },
  );
};

export default brandsRoutes;
