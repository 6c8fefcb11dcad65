import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import {
  ApiError,
  CertificateCreateBody,
  CertificateCreateResponse,
  CertificateExportQuery,
  CertificateExportStatus,
  CertificateList,
  CertificateListQuery,
  CertificateTotals,
  IdParams,
  IdempotencyHeaders,
  PrintData,
  apiPaths,
  domainName,
  fromWire,
  toWire,
} from 'contracts';
import type { Services } from '../../dependencies';
import { storedFileResponses } from '../../platform/stored-file-reply';

/** A list query without its page and order: what the totals of the filtered set count. */
const filterOf = ({
  sort: _sort,
  page: _page,
  per_page: _perPage,
  order: _order,
  ...filter
}: CertificateListQuery) => filter;

const errors = { 400: ApiError, 401: ApiError, 403: ApiError, 404: ApiError, 409: ApiError };

/** Issuing, the list, its exports as files (docs/decisions/0037-exports-as-files.md) and one certificate as it prints. */
const certificatesRoutes: FastifyPluginAsyncTypebox<{ services: Services }> = async (app, { services }) => {
  const { certificates } = services;

  app.post(
    '/certificate',
    {
      config: { access: 'certify' },
      schema: {
        headers: IdempotencyHeaders,
        body: CertificateCreateBody,
        response: { 200: CertificateCreateResponse, ...errors },
      },
    },
    async (request) => {
      const idempotencyKey = request.headers['idempotency-key'];
      return [
        toWire(await certificates.issue(fromWire(request.body), request.accountId!, { idempotencyKey })),
      ];
    },
  );

  app.get(
    '/certificates',
    {
      config: { access: 'read' },
      schema: { querystring: CertificateListQuery, response: { 200: CertificateList, ...errors } },
    },
    async (request) => {
      const { sort, ...query } = request.query;
      const { data, total } = await certificates.list({ ...query, sort: sort && domainName(sort) });
      return { data: data.map(toWire), total };
    },
  );

  app.get(
    '/certificates/totals',
    {
      config: { access: 'read' },
      schema: { querystring: CertificateListQuery, response: { 200: CertificateTotals, ...errors } },
    },
    async (request) => certificates.totals(filterOf(request.query)),
  );

  app.post(
    '/certificates/exports',
    {
      config: { access: 'read' },
      schema: {
        querystring: CertificateExportQuery,
        response: { 202: CertificateExportStatus, ...errors, 429: ApiError },
      },
    },
    async (request, reply) => {
      const { sort, ...query } = request.query;
      const status = await certificates.askExport(
        { ...query, sort: sort && domainName(sort) },
        request.accountId!,
        request.query,
      );
      return reply
        .code(202)
        .header('Location', `/api${apiPaths.certificatesExport(status.id)}`)
        .send(status);
    },
  );

  app.get(
    '/certificates/exports/:id',
    {
      config: { access: 'read' },
      schema: { params: IdParams, response: { 200: CertificateExportStatus, ...errors } },
    },
    async (request, reply) => {
      // Its progress changes while it is written: never answered from a cache.
      reply.header('Cache-Control', 'no-store');
      return certificates.exportStatus(request.params.id, request.accountId!);
    },
  );

  app.get(
    '/certificates/exports/:id/file',
    {
      config: { access: 'read' },
      schema: { params: IdParams, response: { ...storedFileResponses, ...errors } },
    },
    async (request, reply) => {
      const file = await certificates.exportFile(request.params.id, request.accountId!);
      return services.storedFiles.send(request, reply, file.read, file.content, {
        fileName: file.fileName,
        download: true,
        // The asking account's alone: kept by its browser only, and asked again with the ETag.
        cacheControl: 'private, no-cache',
        contentType: file.contentType,
      });
    },
  );

  app.delete(
    '/certificates/exports/:id',
    {
      config: { access: 'read' },
      schema: { params: IdParams, response: { 204: Type.Null(), ...errors } },
    },
    async (request, reply) => {
      await certificates.cancelExport(request.params.id, request.accountId!);
      return reply.code(204).send(null);
    },
  );

  app.get(
    '/certificates/:id',
    { config: { access: 'read' }, schema: { params: IdParams, response: { 200: PrintData, ...errors } } },
    async (request) => toWire(await certificates.get(request.params.id)),
  );
};

export default certificatesRoutes;
