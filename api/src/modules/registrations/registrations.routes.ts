import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import {
  ApiError,
  IdParams,
  RegistrationAnswer,
  RegistrationBody,
  RegistrationConfirmBody,
  RegistrationDeleteBody,
  RegistrationList,
  RegistrationsQuery,
  UnsubscribeQuery,
} from 'contracts';
import { Type } from '@sinclair/typebox';
import type { Config } from '../../config';
import type { Services } from '../../dependencies';
import { publicOrigin } from '../../http/public-origin';

/** A serial as the customer page's path carries it (contracts' landingUrl). */
const SerialParams = Type.Object({ serial: Type.String({ minLength: 1, maxLength: 100 }) });

/** Registration from the unit's page (public) and the owners' list for the quality department (api/src/modules/registrations). */
const registrationRoutes: FastifyPluginAsyncTypebox<{ services: Services; config: Config }> = async (
  app,
  { services, config },
) => {
  const { registrations } = services;

  app.post(
    '/public/units/:serial/registration',
    {
      config: { access: 'public' },
      schema: {
        params: SerialParams,
        body: RegistrationBody,
        response: { 201: RegistrationAnswer, 400: ApiError, 404: ApiError, 409: ApiError, 429: ApiError },
      },
    },
    async (request, reply) =>
      reply.code(201).send(
        await registrations.register(request.params.serial.trim(), request.body, {
          address: request.ip,
          origin: publicOrigin(config, request),
        }),
      ),
  );

  app.post(
    '/public/registrations/confirm',
    {
      config: { access: 'public' },
      schema: {
        body: RegistrationConfirmBody,
        response: { 204: Type.Null(), 400: ApiError, 404: ApiError, 429: ApiError },
      },
    },
    async (request, reply) => {
      await registrations.confirm(request.body.token, request.ip);
      return reply.code(204).send(null);
    },
  );

  // RFC 8058's one-click POST sends `List-Unsubscribe=One-Click` as a form; the token is in the address, so the
  // body is read as text and left alone (in this plugin only: the rest of the API takes JSON).
  app.addContentTypeParser(
    'application/x-www-form-urlencoded',
    { parseAs: 'string', bodyLimit: 1024 },
    (_request, _body, done) => done(null, undefined),
  );
  app.post(
    '/public/unsubscribe',
    {
      config: { access: 'public' },
      schema: {
        querystring: UnsubscribeQuery,
        response: { 204: Type.Null(), 400: ApiError, 404: ApiError, 429: ApiError },
      },
    },
    async (request, reply) => {
      await registrations.unsubscribe(request.query.token, request.ip);
      return reply.code(204).send(null);
    },
  );

  app.get(
    '/public/unsubscribe',
    {
      config: { access: 'public' },
      schema: {
        querystring: UnsubscribeQuery,
        response: { 303: Type.Null(), 400: ApiError, 404: ApiError, 429: ApiError },
      },
    },
    async (request, reply) =>
      reply.redirect(await registrations.unsubscribePage(request.query.token, request.ip), 303),
  );

  app.get(
    '/registrations',
    {
      config: { access: 'release' },
      schema: {
        querystring: RegistrationsQuery,
        response: { 200: RegistrationList, 400: ApiError, 401: ApiError, 403: ApiError },
      },
    },
    async (request) => ({ data: await registrations.list(request.query.serial) }),
  );

  app.delete(
    '/registrations/:id',
    {
      config: { access: 'release' },
      schema: {
        params: IdParams,
        body: RegistrationDeleteBody,
        response: { 204: Type.Null(), 400: ApiError, 401: ApiError, 403: ApiError, 404: ApiError },
      },
    },
    async (request, reply) => {
      await registrations.remove(request.params.id, request.body.reason, request.accountId!);
      return reply.code(204).send(null);
    },
  );
};

export default registrationRoutes;
