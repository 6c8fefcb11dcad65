import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import {
  ApiError,
  FailureReasonsQuery,
  FailureReasonsReport,
  FirstPassYieldQuery,
  FirstPassYieldReport,
  StepTrendQuery,
  StepTrendReport,
} from 'contracts';
import type { Services } from '../../dependencies';

const errors = { 400: ApiError, 401: ApiError, 403: ApiError };

/** The test record's charts: reads, for every role. */
const testRecordReportsRoutes: FastifyPluginAsyncTypebox<{ services: Services }> = async (
  app,
  { services },
) => {
  const { testReports } = services;
  app.get(
    '/reports/first-pass-yield',
    {
      config: { access: 'read' },
      schema: { querystring: FirstPassYieldQuery, response: { 200: FirstPassYieldReport, ...errors } },
    },
    (request) => testReports.firstPassYield(request.query),
  );
  app.get(
    '/reports/step-trend',
    {
      config: { access: 'read' },
      schema: { querystring: StepTrendQuery, response: { 200: StepTrendReport, ...errors } },
    },
    (request) => testReports.stepTrend(request.query),
  );
  app.get(
    '/reports/failure-reasons',
    {
      config: { access: 'read' },
      schema: { querystring: FailureReasonsQuery, response: { 200: FailureReasonsReport, ...errors } },
    },
    (request) => testReports.failureReasons(request.query),
  );
};

export default testRecordReportsRoutes;
