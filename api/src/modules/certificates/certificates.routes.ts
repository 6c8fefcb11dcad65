import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import {
  ApiError,
  CertificateCreateBody,
  CertificateCreateResponse,
  CertificateExportQuery,
  CertificateList,
  CertificateListQuery,
  CertificateTotals,
  IdParams,
  IdempotencyHeaders,
  PrintData,
  domainName,
  fromWire,
  toWire,
} from 'contracts';
import type { Services } from '../../dependencies';

/** A list query without its page and order: what the totals of the filtered set count. */
const filterOf = ({
  sort: _sort,
  page: _page,
  per_page: _perPage,
  order: _order,
  ...filter
}: CertificateListQuery) => filter;

const errors = { 400: ApiError, 401: ApiError, 403: ApiError, 404: ApiError, 409: ApiError };

/** Issuing, the list, its export and one certificate as it prints. */
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

  app.get(
    '/certificates/export',
    {
      config: { access: 'read' },
      schema: {
        querystring: CertificateExportQuery,
        response: {
          200: Type.Unsafe<unknown>({
            type: 'string',
            format: 'binary',
            description: 'the XLSX or CSV file',
          }),
          ...errors,
        },
      },
    },
    async (request, reply) => {
      const { sort, ...query } = request.query;
      const file = await certificates.export(
        { ...query, sort: sort && domainName(sort) },
        request.accountId!,
        request.query,
      );
      return reply
        .header('Content-Type', file.contentType)
        .header('Content-Disposition', `attachment; filename="${file.filename}"`)
        .send(file.body);
    },
  );

  app.get(
    '/certificates/:id',
    { config: { access: 'read' }, schema: { params: IdParams, response: { 200: PrintData, ...errors } } },
    async (request) => toWire(await certificates.get(request.params.id)),
  );
};

export default certificatesRoutes;
