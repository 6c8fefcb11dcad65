import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { ApiError, LoginBody, LoginResponse } from 'contracts';
import { Type } from '@sinclair/typebox';
import { HttpError } from '../../errors';
import { messages } from '../../messages';
import { tokenOf, unauthorized } from '../../plugins/authenticate';
import type { Services } from '../../services';
import { dummyPasswordHash, verifyPassword } from '../users/password';
import { normalizeEmail } from '../users/users.repository';

const ACCOUNT_RULE = { limit: 5, windowMinutes: 15, lockMinutes: 15 };
const ADDRESS_RULE = { limit: 30, windowMinutes: 15, lockMinutes: 15 };

const minutesUntil = (date: Date) => Math.max(1, Math.ceil((date.getTime() - Date.now()) / 60_000));

const authRoutes: FastifyPluginAsyncTypebox<{ services: Services }> = async (app, { services }) => {
  const { users, sessions, throttle } = services;

  app.post(
    '/login',
    {
      schema: {
        body: LoginBody,
        response: { 200: LoginResponse, 401: ApiError, 429: ApiError },
      },
    },
    async (request, reply) => {
      const addressKey = `ip:${request.ip}`;
      const accountKey = `user:${normalizeEmail(request.body.username)}`;
      const addressLock = await throttle.lockedUntil(addressKey);
      if (addressLock) {
        reply.header('Retry-After', String(minutesUntil(addressLock) * 60));
        throw new HttpError(429, 'TOO_MANY_REQUESTS', messages.tooManyRequests);
      }
      const accountLock = await throttle.lockedUntil(accountKey);
      if (accountLock) {
        reply.header('Retry-After', String(minutesUntil(accountLock) * 60));
        throw new HttpError(429, 'ACCOUNT_LOCKED', messages.accountLocked(minutesUntil(accountLock)));
      }

      const user = await users.findByEmail(request.body.username);
      // Unknown and disabled accounts still pay for one scrypt, so timing does not reveal which exist.
      const passwordOk = await verifyPassword(
        request.body.password,
        user?.password_hash ?? (await dummyPasswordHash()),
      );
      if (!user || user.disabled || !passwordOk) {
        await throttle.recordFailure(accountKey, ACCOUNT_RULE);
        await throttle.recordFailure(addressKey, ADDRESS_RULE);
        throw new HttpError(401, 'LOGIN_FAILED', messages.loginFailed);
      }
      await throttle.clear(accountKey);
      return { token: await sessions.create(user.id) };
    },
  );

  app.post(
    '/logout',
    { schema: { response: { 204: Type.Null(), 401: ApiError } } },
    async (request, reply) => {
      const token = tokenOf(request);
      if (!token || !(await sessions.resolve(token))) throw unauthorized();
      await sessions.revoke(token);
      return reply.code(204).send(null);
    },
  );
};

export default authRoutes;
