import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Health } from 'contracts';
import { sql } from 'kysely';
import type { Db } from '../../db/database';

const READY_TIMEOUT_MS = 2000;

const healthRoutes: FastifyPluginAsyncTypebox<{ db: Db }> = async (app, { db }) => {
  app.get('/healthz', { config: { access: 'public' }, schema: { response: { 200: Health } } }, async () => ({
    status: 'ok',
  }));

  app.get(
    '/readyz',
    { config: { access: 'public' }, schema: { response: { 200: Health, 503: Health } } },
    async (_request, reply) => {
      let timer: NodeJS.Timeout | undefined;
      const timeout = new Promise<never>((_, reject) => {
        timer = setTimeout(() => reject(new Error('readiness timeout')), READY_TIMEOUT_MS);
      });
      try {
        await Promise.race([sql`select 1`.execute(db), timeout]);
        return { status: 'ready' };
      } catch {
        return reply.code(503).send({ status: 'not ready' });
      } finally {
        clearTimeout(timer);
      }
    },
  );
};

export default healthRoutes;
