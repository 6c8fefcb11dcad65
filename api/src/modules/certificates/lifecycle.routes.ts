import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import {
  ApiError,
  CertificateHistory,
  IdParams,
  PrintData,
  RevisionBody,
  RevisionParams,
  VoidBody,
  fromWire,
  toWire,
} from 'contracts';
import type { Services } from '../../dependencies';

const errors = { 400: ApiError, 401: ApiError, 403: ApiError, 404: ApiError, 409: ApiError };

/** The lifecycle after issuing: revisions, voids, the history (docs/architecture.md#certificate-lifecycle). */
const lifecycleRoutes: FastifyPluginAsyncTypebox<{ services: Services }> = async (app, { services }) => {
  const { certificates } = services;

  app.post(
    '/certificates/:id/revisions',
    {
      config: { access: 'revise' },
      schema: { params: IdParams, body: RevisionBody, response: { 200: PrintData, ...errors } },
    },
    async (request) =>
      toWire(await certificates.revise(request.params.id, fromWire(request.body), request.accountId!)),
  );

  app.get(
    '/certificates/:id/revisions/:revision',
    {
      config: { access: 'read' },
      schema: { params: RevisionParams, response: { 200: PrintData, ...errors } },
    },
    async (request) => toWire(await certificates.revision(request.params.id, request.params.revision)),
  );

  app.post(
    '/certificates/:id/void',
    {
      config: { access: 'certify' },
      schema: { params: IdParams, body: VoidBody, response: { 200: PrintData, ...errors } },
    },
    async (request) => toWire(await certificates.void(request.params.id, request.body, request.accountId!)),
  );

  app.get(
    '/certificates/:id/history',
    {
      config: { access: 'read' },
      schema: { params: IdParams, response: { 200: CertificateHistory, ...errors } },
    },
    async (request) => certificates.history(request.params.id),
  );
};

export default lifecycleRoutes;
