import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import { ApiError, LoginBody, LoginResponse, SecondFactorBody, TokenResponse } from 'contracts';
import type { Services } from '../../dependencies';
import { tokenOf, unauthorized } from '../../plugins/authenticate';

const authRoutes: FastifyPluginAsyncTypebox<{ services: Services }> = async (app, { services }) => {
  const { auth } = services;

  app.post(
    '/login',
    {
      config: { access: 'public' },
      schema: { body: LoginBody, response: { 200: LoginResponse, 401: ApiError, 429: ApiError } },
    },
    // A refusal's Retry-After is set by the error handler (plugins/error-handler.ts).
    async (request) => auth.login(request.body.username, request.body.password, request.ip),
  );

  app.post(
    '/login/second-factor',
    {
      config: { access: 'public' },
      schema: { body: SecondFactorBody, response: { 200: TokenResponse, 401: ApiError, 429: ApiError } },
    },
    async (request) => ({
      token: await auth.secondFactor(request.body.challenge, request.body.code, request.ip),
    }),
  );

  app.post(
    '/logout',
    { config: { access: 'session' }, schema: { response: { 204: Type.Null(), 401: ApiError } } },
    async (request, reply) => {
      const token = tokenOf(request);
      if (!token || !(await auth.logout(token))) throw unauthorized();
      return reply.code(204).send(null);
    },
  );
};

export default authRoutes;
