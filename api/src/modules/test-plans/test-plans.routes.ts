import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import {
  ApiError,
  CopyPlanBody,
  IdParams,
  PlanDiff,
  TestPlan,
  TestPlanBody,
  TestPlanVersions,
} from 'contracts';
import type { Services } from '../../dependencies';

const errors = { 400: ApiError, 401: ApiError, 403: ApiError, 404: ApiError, 409: ApiError };
const Version = Type.Integer({ minimum: 0, maximum: 1_000_000 });

/** A machine's test plan: every role reads it, the release right changes it (docs/decisions/0010-test-record.md). */
const testPlansRoutes: FastifyPluginAsyncTypebox<{ services: Services }> = async (app, { services }) => {
  const { testPlans } = services;

  app.get(
    '/machine/:id/test-plan',
    {
      config: { access: 'read' },
      schema: {
        params: IdParams,
        querystring: Type.Object({ version: Type.Optional(Version) }),
        response: { 200: TestPlan, ...errors },
      },
    },
    async (request) => testPlans.get(request.params.id, request.query.version),
  );

  app.get(
    '/machine/:id/test-plan/versions',
    {
      config: { access: 'read' },
      schema: { params: IdParams, response: { 200: TestPlanVersions, ...errors } },
    },
    async (request) => testPlans.versions(request.params.id),
  );
  app.get(
    '/machine/:id/test-plan/diff',
    {
      config: { access: 'read' },
      schema: {
        params: IdParams,
        querystring: Type.Object({ from: Version, to: Version }),
        response: { 200: PlanDiff, ...errors },
      },
    },
    async (request) => testPlans.diff(request.params.id, request.query.from, request.query.to),
  );
  app.put(
    '/machine/:id/test-plan',
    {
      config: { access: 'release' },
      schema: { params: IdParams, body: TestPlanBody, response: { 200: TestPlan, ...errors } },
    },
    async (request) => testPlans.save(request.params.id, request.body, request.accountId!),
  );

  app.post(
    '/machine/:id/test-plan/copy',
    {
      config: { access: 'release' },
      schema: { params: IdParams, body: CopyPlanBody, response: { 200: TestPlan, ...errors } },
    },
    async (request) => testPlans.copy(request.params.id, request.body.from_machine_id, request.accountId!),
  );
};

export default testPlansRoutes;
