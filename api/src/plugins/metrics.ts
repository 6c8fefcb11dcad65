import crypto from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { Counter, Gauge, Histogram, Registry, collectDefaultMetrics } from 'prom-client';
import type { Config } from '../config';
import type { JobsRepository } from '../platform/jobs.repository';

const JOB_STATES = ['queued', 'running', 'failed'] as const;

/** Compares without telling by its time how much of the token was right. */
const sameToken = (given: string, token: string) => {
  const a = crypto.createHash('sha256').update(given).digest();
  const b = crypto.createHash('sha256').update(token).digest();
  return crypto.timingSafeEqual(a, b);
};

/**
 * `GET /metrics` in Prometheus' text format (prom-client): request durations by route and status, the jobs
 * queued, running and failed by kind and the age of the oldest waiting one (docs/decisions/0021-jobs-and-one-worker.md),
 * the database connections in use, and Node's own figures. Off with METRICS=0; with METRICS_TOKEN only for
 * `Authorization: Bearer <token>`. Each app has its own registry, so several apps in one process (tests) never
 * share or double their series.
 */
export function registerMetrics(
  app: FastifyInstance,
  { config, jobs, poolInUse }: { config: Config; jobs: JobsRepository; poolInUse: () => number | null },
) {
  if (!config.metrics.enabled) return;
  const registry = new Registry();
  collectDefaultMetrics({ register: registry });
  const durations = new Histogram({
    name: 'http_request_duration_seconds',
    help: 'Time from a request to its answer, by route and status',
    labelNames: ['method', 'route', 'status'] as const,
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
    registers: [registry],
  });
  new Gauge({
    name: 'pruefbericht_jobs',
    help: 'Background jobs by kind and state (done ones are not counted)',
    labelNames: ['kind', 'state'] as const,
    registers: [registry],
    async collect() {
      this.reset();
      const { counts } = await jobs.backlog();
      for (const { kind, state, count } of counts) this.set({ kind, state }, count);
      // Every state of a kind seen is reported, zeros included, so a rate never misses a series.
      for (const kind of new Set(counts.map((row) => row.kind)))
        for (const state of JOB_STATES)
          if (!counts.some((row) => row.kind === kind && row.state === state)) this.set({ kind, state }, 0);
    },
  });
  new Gauge({
    name: 'pruefbericht_jobs_oldest_queued_seconds',
    help: 'Age of the oldest waiting job; 0 when none waits',
    registers: [registry],
    async collect() {
      const { oldestQueued } = await jobs.backlog();
      this.set(oldestQueued ? Math.max(0, (Date.now() - Date.parse(oldestQueued)) / 1000) : 0);
    },
  });
  new Gauge({
    name: 'pruefbericht_db_pool_in_use',
    help: 'Database connections in use by this process (PostgreSQL; SQLite has one connection)',
    registers: [registry],
    collect() {
      this.set(poolInUse() ?? 0);
    },
  });
  const refused = new Counter({
    name: 'pruefbericht_metrics_refused_total',
    help: 'Requests for /metrics without the right token',
    registers: [registry],
  });

  app.addHook('onResponse', async (request, reply) => {
    // Unknown URLs share one label, so a scan of random paths cannot grow the series without end.
    const route = request.routeOptions.url ?? 'unknown';
    durations.observe(
      { method: request.method, route, status: String(reply.statusCode) },
      reply.elapsedTime / 1000,
    );
  });

  app.get('/metrics', { config: { access: 'public' }, schema: { hide: true } }, async (request, reply) => {
    const token = config.metrics.token;
    const given = /^Bearer (.+)$/.exec(request.headers.authorization ?? '')?.[1];
    if (token && !(given && sameToken(given, token))) {
      refused.inc();
      return reply
        .code(401)
        .header('WWW-Authenticate', 'Bearer')
        .send({ error: { code: 'UNAUTHORIZED', message: 'Für /metrics ist METRICS_TOKEN nötig.' } });
    }
    reply.header('Content-Type', registry.contentType).header('Cache-Control', 'no-store');
    return registry.metrics();
  });
}
