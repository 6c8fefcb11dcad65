import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Health } from 'contracts';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { sql } from 'kysely';
import type { Db } from '../../db/database';
import { messages } from '../../messages';
import type { JobsRepository } from '../../platform/jobs.repository';
import { send } from '../../plugins/error-handler';

const READY_TIMEOUT_MS = 2000;

/** Calls answered while the process still waits for the database at start (main.ts). */
const ALWAYS = new Set(['/api/healthz', '/api/readyz']);

/**
 * Until the database is migrated, every API call but health and readiness is a 503 that says so: a table
 * that is not there yet must not turn into a 500.
 */
export const refuseUntilStarted =
  (isStarted: () => boolean) => async (request: FastifyRequest, reply: FastifyReply) => {
    if (isStarted() || ALWAYS.has(request.url.split('?')[0])) return;
    reply.header('Retry-After', '5');
    return send(reply, 503, 'DATABASE_UNAVAILABLE', messages.databaseUnavailable);
  };

/** The jobs' backlog as readiness names it: an operator sees work piling up before anyone complains. */
async function jobsOf(jobs: JobsRepository, now = Date.now()) {
  const { counts, oldestQueued } = await jobs.backlog();
  const sum = (state: string) =>
    counts.filter((row) => row.state === state).reduce((total, row) => total + row.count, 0);
  return {
    queued: sum('queued'),
    running: sum('running'),
    failed: sum('failed'),
    oldest_queued_seconds: oldestQueued
      ? Math.max(0, Math.round((now - Date.parse(oldestQueued)) / 1000))
      : null,
  };
}

const healthRoutes: FastifyPluginAsyncTypebox<{
  db: Db;
  jobs: JobsRepository;
  isStarted: () => boolean;
  /** True from the moment the process was asked to stop: a balancer sends no new requests, those in flight finish. */
  isStopping: () => boolean;
  /** What readiness names besides (the development seal, api/src/modules/certificate-pdf/seal-service.ts). */
  notices: () => Promise<string[]>;
}> = async (app, { db, jobs, isStarted, isStopping, notices }) => {
  app.get('/healthz', { config: { access: 'public' }, schema: { response: { 200: Health } } }, async () => ({
    status: 'ok',
  }));

  app.get(
    '/readyz',
    { config: { access: 'public' }, schema: { response: { 200: Health, 503: Health } } },
    async (_request, reply) => {
      if (isStopping()) return reply.code(503).send({ status: 'stopping' });
      if (!isStarted()) return reply.code(503).send({ status: 'not ready' });
      let timer: NodeJS.Timeout | undefined;
      const timeout = new Promise<never>((_, reject) => {
        timer = setTimeout(() => reject(new Error('readiness timeout')), READY_TIMEOUT_MS);
      });
      try {
        await Promise.race([sql`select 1`.execute(db), timeout]);
        const said = await Promise.race([notices(), timeout]);
        const backlog = await Promise.race([jobsOf(jobs), timeout]);
        return { status: 'ready', ...(said.length && { notices: said }), jobs: backlog };
      } catch {
        return reply.code(503).send({ status: 'not ready' });
      } finally {
        clearTimeout(timer);
      }
    },
  );
};

export default healthRoutes;
