import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import { ApiError, LoginBody, LoginResponse } from 'contracts';
import type { Services } from '../../dependencies';
import { tokenOf, unauthorized } from '../../plugins/authenticate';
import { ThrottledError } from './auth.service';

const authRoutes: FastifyPluginAsyncTypebox<{ services: Services }> = async (app, { services }) => {
  const { auth } = services;

  app.post(
    '/login',
    { schema: { body: LoginBody, response: { 200: LoginResponse, 401: ApiError, 429: ApiError } } },
    async (request, reply) => {
      try {
        return { token: await auth.login(request.body.username, request.body.password, request.ip) };
      } catch (error) {
        if (error instanceof ThrottledError) reply.header('Retry-After', String(error.retryAfterSeconds));
        throw error;
      }
    },
  );

  app.post(
    '/logout',
    { schema: { response: { 204: Type.Null(), 401: ApiError } } },
    async (request, reply) => {
      const token = tokenOf(request);
      if (!token || !(await auth.logout(token))) throw unauthorized();
      return reply.code(204).send(null);
    },
  );
};

export default authRoutes;
