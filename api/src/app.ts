import type { Socket } from 'node:net';
import cors from '@fastify/cors';
import helmet from '@fastify/helmet';
import multipart from '@fastify/multipart';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { UPLOAD_MAX_BYTES } from 'contracts';
import Fastify, {
  LogController,
  type FastifyReply,
  type FastifyRequest,
  type FastifyServerOptions,
} from 'fastify';
import type { Config } from './config';
import type { DatabaseHandle } from './db/database';
import auditRoutes from './modules/audit/audit.routes';
import jobsRoutes from './modules/jobs/jobs.routes';
import registrationRoutes from './modules/registrations/registrations.routes';
import serviceRequestRoutes from './modules/service-requests/service-requests.routes';
import authRoutes from './modules/auth/auth.routes';
import directoryRoutes from './modules/auth/directory.routes';
import brandsRoutes from './modules/brands/brands.routes';
import certificatesRoutes from './modules/certificates/certificates.routes';
import lifecycleRoutes from './modules/certificates/lifecycle.routes';
import unitsRoutes from './modules/certificates/units.routes';
import testPlansRoutes from './modules/test-plans/test-plans.routes';
import failureReasonsRoutes from './modules/failure-reasons/failure-reasons.routes';
import testRecordRoutes from './modules/certificates/test-record.routes';
import testRecordReportsRoutes from './modules/reports/test-record-reports.routes';
import instrumentsRoutes from './modules/instruments/instruments.routes';
import noticesRoutes from './modules/notices/notices.routes';
import importsRoutes from './modules/imports/imports.routes';
import healthRoutes, { refuseUntilStarted } from './modules/health/health.routes';
import landingRoutes from './modules/landing/landing.routes';
import resolverRoutes from './modules/landing/resolver.routes';
import documentsRoutes from './modules/documents/documents.routes';
import documentHistoryRoutes from './modules/certificate-pdf/document-history.routes';
import certificateArchiveRoutes from './modules/certificate-pdf/certificate-archive.routes';
import machinesRoutes from './modules/machines/machines.routes';
import reportsRoutes from './modules/reports/reports.routes';
import uploadsRoutes from './modules/uploads/uploads.routes';
import accountsRoutes, { meRoutes } from './modules/accounts/accounts.routes';
import { assertRouteAccess, checkAccess } from './plugins/access';
import { registerMetrics } from './plugins/metrics';
import { registerRequestLanguage } from './plugins/request-language';
import frontends from './plugins/frontends';
import { registerOpenApi } from './plugins/openapi';
import {
  clientErrorHandler,
  frameworkErrorHandler,
  notFoundHandler,
  registerErrorHandling,
} from './plugins/error-handler';
import { helmetOptions, securityHeaders } from './plugins/security-headers';
import { warnAboutForwardedHeaders } from './plugins/forwarded-warning';
import { requestId, sendRequestId } from './plugins/request-id';
import { refuseWritesWhenOutdated } from './plugins/schema-guard';
import { validatorCompiler } from './plugins/validation';
import { createRepositories, createServices } from './dependencies';
import type { ScryptCost } from './modules/users/password';

export interface AppOptions {
  config: Config;
  database: DatabaseHandle;
  logger?: FastifyServerOptions['logger'];
  /** Serve the built frontends on the same port (single-host mode, docs/architecture.md#deployment). */
  serveFrontends?: boolean;
  /** scrypt cost of passwords set through the API; only tests lower it. */
  passwordCost?: ScryptCost;
  /** False while main.ts still waits for the database: /readyz says not ready, other API calls 503. */
  isStarted?: () => boolean;
  /** True once main.ts was asked to stop: /readyz answers 503 while requests in flight finish. */
  isStopping?: () => boolean;
}

declare module 'fastify' {
  interface FastifyInstance {
    /**
     * Once the database is ready (main.ts): reads the seal and names the development seal in the log
     * (api/src/modules/certificate-pdf/certificate-archive.wiring.ts).
     */
    startSealedDocuments(): Promise<void>;
  }
}

/**
 * What the staff app and the customer page send to the API from another origin (docs/architecture.md#deployment).
 * Every method a route under /api answers is listed; api/src/cors.test.ts fails when a route adds another.
 */
export const CORS_METHODS = ['GET', 'HEAD', 'POST', 'PUT', 'DELETE'];
export const CORS_HEADERS = ['Authorization', 'Content-Type', 'Idempotency-Key'];
/** Seconds a browser may reuse a preflight answer before asking again. */
export const CORS_MAX_AGE = 600;

/** Tokens never reach a log line, not even one the external label page puts into a URL. */
const redact = (url: string) => url.replace(/([?&]token=)[^&]*/gi, '$1[redacted]');

/** Silence after which a connection is closed, mid-request or between keep-alive requests. */
export const SOCKET_IDLE_MS = 10_000;
/**
 * How long an idle keep-alive connection stays open, said to clients in the Keep-Alive header. Shorter than
 * SOCKET_IDLE_MS: announced longer (Fastify's default is 72 s), a client or proxy reused a connection the idle
 * limit had just closed, and its request failed with "other side closed" (nginx answers a POST with 502 then);
 * deploy/nginx/pruefbericht.conf keeps its idle upstream connections shorter still.
 */
export const KEEP_ALIVE_MS = 5_000;

/**
 * The idle limit (SOCKET_IDLE_MS) is meant for a silent client. Node applies it to the socket, so once a request
 * had arrived whole, silence while the server worked on it (a sign-in waiting for its hash on a busy machine)
 * closed the connection unanswered: the client saw "other side closed". Cut off still: a request still arriving,
 * and an answer under way that the client stopped reading.
 */
async function answerEvenWhenSlow(request: FastifyRequest, reply: FastifyReply) {
  reply.raw.on('timeout', (socket: Socket) => {
    if (!request.raw.complete || reply.raw.headersSent) socket.destroy();
  });
}

/** Helmet's default value: a year, subdomains included. */
const HSTS = 'max-age=31536000; includeSubDomains';

export async function buildApp({
  config,
  database,
  logger = false,
  serveFrontends = false,
  passwordCost,
  isStarted = () => true,
  isStopping = () => false,
}: AppOptions) {
  const app = Fastify({
    logger,
    // One line per request, written by the onResponse hook below instead of Fastify's two.
    logController: new LogController({ disableRequestLogging: true }),
    genReqId: requestId,
    // Only named proxies (config.ts refuses `true`); a number trusts that many hops in front.
    trustProxy: (config.trustProxy ?? false) as FastifyServerOptions['trustProxy'],
    bodyLimit: 1024 * 1024,
    // A client that sends headers and part of a body, then nothing, must not hold a connection for ever:
    // silence of 10 s closes it, and a whole request (a 5 MB upload on a slow line) gets 60 s.
    connectionTimeout: SOCKET_IDLE_MS,
    keepAliveTimeout: KEEP_ALIVE_MS,
    requestTimeout: 60_000,
    // Fastify's own errors (a bad URL encoding, an overlong parameter) and HTTP that Node cannot parse get
    // the same German JSON answer and security headers as every other (plugins/error-handler.ts).
    frameworkErrors: frameworkErrorHandler(securityHeaders(config)),
    clientErrorHandler: clientErrorHandler(securityHeaders(config)),
  }).withTypeProvider<TypeBoxTypeProvider>();

  // Headers arrive first and are small: 10 s for them (Node checks this and requestTimeout every 30 s).
  app.server.headersTimeout = 10_000;
  app.addHook('onRequest', answerEvenWhenSlow);
  app.setValidatorCompiler(validatorCompiler);
  registerRequestLanguage(app);
  const repositories = createRepositories(database);
  const services = createServices(repositories, config, passwordCost);
  const { certificateDocuments } = services;
  app.decorate('startSealedDocuments', () => certificateDocuments.start(app.log));
  registerErrorHandling(app);
  registerMetrics(app, { config, jobs: repositories.jobs, poolInUse: database.poolInUse });
  // The API speaks JSON (and multipart for uploads); plain text is refused with 415, not parsed.
  app.removeContentTypeParser('text/plain');

  app.addHook('onRequest', sendRequestId);
  app.addHook('onRequest', refuseWritesWhenOutdated(database.db));
  if (!config.trustProxy) app.addHook('onRequest', warnAboutForwardedHeaders(app.log));
  app.addHook('onResponse', async (request, reply) => {
    request.log.info(
      {
        method: request.method,
        url: redact(request.url),
        status: reply.statusCode,
        ms: Math.round(reply.elapsedTime),
        ip: request.ip,
        account: request.accountId,
      },
      'request',
    );
  });

  await app.register(helmet, helmetOptions(config));
  app.addHook('onSend', async (request, reply) => {
    // request.protocol is the socket's, or X-Forwarded-Proto from a proxy trusted by TRUST_PROXY.
    if (request.protocol === 'https') reply.header('Strict-Transport-Security', HSTS);
  });

  await registerOpenApi(app);
  await app.register(
    async (api) => {
      api.setNotFoundHandler(notFoundHandler);
      await api.register(cors, {
        origin: config.corsOrigins.length ? config.corsOrigins : false,
        // The plugin's default methods (GET, HEAD, POST) would make the browser refuse every PUT.
        methods: CORS_METHODS,
        allowedHeaders: CORS_HEADERS,
        // The customer page takes the copyright year from the server's clock, not the phone's.
        exposedHeaders: ['Date'],
        maxAge: CORS_MAX_AGE,
      });
      await api.register(multipart, {
        // Two files, so that the upload route sees the second one and refuses it with its own message.
        limits: { fileSize: UPLOAD_MAX_BYTES, files: 2, fields: 5, parts: 7, headerPairs: 50 },
      });
      // Staff answers are personal and change with every write: never kept by a browser or proxy. The
      // public customer call and stored images say how they may be cached themselves.
      api.addHook('onSend', async (_request, reply) => {
        if (!reply.hasHeader('cache-control')) reply.header('Cache-Control', 'no-store');
      });
      // Every route says who may call it (its config.access); checked on every request, before the body is read.
      api.addHook('onRoute', assertRouteAccess);
      api.addHook('onRequest', refuseUntilStarted(isStarted));
      api.addHook('onRequest', checkAccess(services.auth));
      await api.register(healthRoutes, {
        db: database.db,
        jobs: repositories.jobs,
        isStarted,
        isStopping,
        notices: () => certificateDocuments.notices(),
      });
      await api.register(authRoutes, { services });
      await api.register(directoryRoutes, { services });
      await api.register(landingRoutes, { services, config });
      await api.register(documentsRoutes, { services, config });
      await api.register(certificateArchiveRoutes, { services, config });
      await api.register(documentHistoryRoutes, { services });
      await api.register(uploadsRoutes, { services });
      await api.register(brandsRoutes, { services });
      await api.register(machinesRoutes, { services });
      await api.register(certificatesRoutes, { services });
      await api.register(lifecycleRoutes, { services });
      await api.register(unitsRoutes, { services });
      await api.register(testPlansRoutes, { services });
      await api.register(failureReasonsRoutes, { services });
      await api.register(testRecordRoutes, { services });
      await api.register(testRecordReportsRoutes, { services });
      await api.register(instrumentsRoutes, { services });
      await api.register(noticesRoutes, { services });
      await api.register(importsRoutes, { services });
      await api.register(auditRoutes, { services });
      await api.register(reportsRoutes, { services });
      await api.register(accountsRoutes, { services });
      await api.register(meRoutes, { services });
      await api.register(jobsRoutes, { services });
      await api.register(registrationRoutes, { services, config });
      await api.register(serviceRequestRoutes, { services });
    },
    { prefix: '/api' },
  );
  // The GS1 Digital Link resolver (/01/…, /.well-known/gs1resolver) lives outside /api, before the frontends' fallback.
  await app.register(resolverRoutes, { services, config, serveFrontends });
  if (serveFrontends) await app.register(frontends, { config });

  return app;
}

export type App = Awaited<ReturnType<typeof buildApp>>;
