import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import {
  ApiError,
  CheckerList,
  ReportPeriodQuery,
  TopMachinesQuery,
  TopMachinesReport,
  UnitsByBrandReport,
  UnitsByCheckerReport,
} from 'contracts';
import type { Services } from '../../dependencies';

const errors = { 400: ApiError, 401: ApiError, 403: ApiError };
/** Reports are reads: every role. */
const read = { access: 'read' } as const;

/** The numbers behind the charts of the reports view (docs/architecture.md#reports-filters-exports-charts). */
const reportsRoutes: FastifyPluginAsyncTypebox<{ services: Services }> = async (app, { services }) => {
  const { reports } = services;
  app.get(
    '/reports/units-by-brand',
    {
      config: read,
      schema: { querystring: ReportPeriodQuery, response: { 200: UnitsByBrandReport, ...errors } },
    },
    (request) => reports.unitsByBrand(request.query),
  );
  app.get(
    '/reports/top-machines',
    {
      config: read,
      schema: { querystring: TopMachinesQuery, response: { 200: TopMachinesReport, ...errors } },
    },
    (request) => reports.topMachines(request.query),
  );
  app.get(
    '/reports/units-by-checker',
    {
      config: read,
      schema: { querystring: ReportPeriodQuery, response: { 200: UnitsByCheckerReport, ...errors } },
    },
    (request) => reports.unitsByChecker(request.query),
  );
  app.get(
    '/reports/checkers',
    { config: read, schema: { response: { 200: CheckerList, ...errors } } },
    async () => ({
      data: await reports.checkers(),
    }),
  );
};

export default reportsRoutes;
