import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { ApiError, Brand, BrandBody, BrandList, IdParams } from 'contracts';
import type { Services } from '../../dependencies';

const errors = { 400: ApiError, 401: ApiError, 403: ApiError, 404: ApiError, 409: ApiError };

const brandsRoutes: FastifyPluginAsyncTypebox<{ services: Services }> = async (app, { services }) => {
  const { brands } = services;

  app.get(
    '/brands',
    { config: { access: 'read' }, schema: { response: { 200: BrandList, 401: ApiError, 403: ApiError } } },
    async () => ({
      data: await brands.list(),
    }),
  );

  app.post(
    '/brand',
    { config: { access: 'catalogue' }, schema: { body: BrandBody, response: { 201: Brand, ...errors } } },
    async (request, reply) => reply.code(201).send(await brands.create(request.body, request.accountId!)),
  );

  app.put(
    '/brand/:id',
    {
      config: { access: 'catalogue' },
      schema: { params: IdParams, body: BrandBody, response: { 200: Brand, ...errors } },
    },
    async (request) => brands.update(request.params.id, request.body, request.accountId!),
  );
};

export default brandsRoutes;
