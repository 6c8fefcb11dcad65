import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import {
  Account,
  AccountCreateBody,
  AccountList,
  ApiError,
  CurrentPasswordBody,
  IdParams,
  LanguageBody,
  Me,
  OwnPasswordBody,
  PasswordBody,
  RecoveryCodes,
  RolesBody,
  Settings,
  SettingsChange,
  SignInList,
  TwoFactorCodeBody,
  TwoFactorRequiredBody,
  TwoFactorResetBody,
  TwoFactorSetup,
} from 'contracts';
import type { FastifyInstance } from 'fastify';
import type { Services } from '../../dependencies';
import { ThrottledError } from '../auth/sign-in-throttle';

const errors = { 400: ApiError, 401: ApiError, 403: ApiError, 404: ApiError, 409: ApiError, 429: ApiError };
const administer = { access: 'administer' } as const;

/** A throttled check of the current password (current-password.ts) tells the client when to try again. */
function sendRetryAfter(app: FastifyInstance) {
  app.addHook('onError', async (_request, reply, error) => {
    if (error instanceof ThrottledError) reply.header('Retry-After', String(error.retryAfterSeconds));
  });
}

/** The admin area's calls: staff accounts and the settings for all of them. */
const accountsRoutes: FastifyPluginAsyncTypebox<{ services: Services }> = async (app, { services }) => {
  const { accounts } = services;

  app.get(
    '/accounts',
    { config: administer, schema: { response: { 200: AccountList, 401: ApiError, 403: ApiError } } },
    async () => ({ data: await accounts.list() }),
  );

  app.post(
    '/accounts',
    { config: administer, schema: { body: AccountCreateBody, response: { 201: Account, ...errors } } },
    async (request, reply) => reply.code(201).send(await accounts.create(request.body, request.accountId!)),
  );

  app.put(
    '/accounts/:id/roles',
    {
      config: administer,
      schema: { params: IdParams, body: RolesBody, response: { 200: Account, ...errors } },
    },
    async (request) => accounts.setRoles(request.params.id, request.body.roles, request.accountId!),
  );

  for (const [action, change] of [
    ['disable', accounts.disable],
    ['enable', accounts.enable],
  ] as const)
    app.post(
      `/accounts/:id/${action}`,
      { config: administer, schema: { params: IdParams, response: { 200: Account, ...errors } } },
      async (request) => change(request.params.id, request.accountId!),
    );

  app.post(
    '/accounts/:id/password',
    {
      config: administer,
      schema: { params: IdParams, body: PasswordBody, response: { 200: Account, ...errors } },
    },
    async (request) => accounts.resetPassword(request.params.id, request.body.password, request.accountId!),
  );

  app.post(
    '/accounts/:id/two-factor/reset',
    {
      config: administer,
      schema: { params: IdParams, body: TwoFactorResetBody, response: { 200: Account, ...errors } },
    },
    async (request) => accounts.resetTwoFactor(request.params.id, request.body.reason, request.accountId!),
  );

  app.put(
    '/accounts/:id/two-factor/required',
    {
      config: administer,
      schema: { params: IdParams, body: TwoFactorRequiredBody, response: { 200: Account, ...errors } },
    },
    async (request) =>
      accounts.requireTwoFactor(request.params.id, request.body.required, request.accountId!),
  );

  app.post(
    '/accounts/:id/unlock',
    { config: administer, schema: { params: IdParams, response: { 200: Account, ...errors } } },
    async (request) => accounts.unlock(request.params.id, request.accountId!),
  );

  app.get(
    '/settings',
    { config: administer, schema: { response: { 200: Settings, 401: ApiError, 403: ApiError } } },
    async () => accounts.getSettings(),
  );

  app.put(
    '/settings',
    { config: administer, schema: { body: SettingsChange, response: { 200: Settings, ...errors } } },
    async (request) => accounts.setSettings(request.body, request.accountId!),
  );
};

/** The signed-in account's own: who it is, its password, its sessions and two-factor sign-in. */
export const meRoutes: FastifyPluginAsyncTypebox<{ services: Services }> = async (app, { services }) => {
  const { accounts } = services;
  const session = { access: 'session' } as const;
  sendRetryAfter(app);
  const done = { 204: Type.Null(), ...errors };

  app.get('/me', { config: session, schema: { response: { 200: Me, 401: ApiError } } }, async (request) =>
    accounts.me(request.account!),
  );

  app.post(
    '/me/password',
    { config: session, schema: { body: OwnPasswordBody, response: done } },
    async (request, reply) => {
      await accounts.changeOwnPassword(
        request.account!,
        request.body.current_password,
        request.body.new_password,
        request.ip,
      );
      return reply.code(204).send(null);
    },
  );

  app.put(
    '/me/language',
    { config: session, schema: { body: LanguageBody, response: done } },
    async (request, reply) => {
      await accounts.setOwnLanguage(request.account!, request.body.language);
      return reply.code(204).send(null);
    },
  );

  app.post(
    '/me/sign-out-everywhere',
    { config: session, schema: { response: done } },
    async (request, reply) => {
      await accounts.signOutEverywhere(request.account!);
      return reply.code(204).send(null);
    },
  );

  app.get(
    '/me/sign-ins',
    { config: session, schema: { response: { 200: SignInList, 401: ApiError } } },
    async (request) => accounts.signIns(request.account!),
  );

  app.post(
    '/me/two-factor/setup',
    { config: session, schema: { body: CurrentPasswordBody, response: { 200: TwoFactorSetup, ...errors } } },
    async (request) => accounts.startTwoFactor(request.account!, request.body.current_password, request.ip),
  );

  app.post(
    '/me/two-factor/confirm',
    { config: session, schema: { body: TwoFactorCodeBody, response: { 200: RecoveryCodes, ...errors } } },
    async (request) => accounts.confirmTwoFactor(request.account!, request.body.code),
  );

  app.post(
    '/me/two-factor/disable',
    { config: session, schema: { body: PasswordBody, response: done } },
    async (request, reply) => {
      await accounts.disableTwoFactor(request.account!, request.body.password, request.ip);
      return reply.code(204).send(null);
    },
  );
};

export default accountsRoutes;
