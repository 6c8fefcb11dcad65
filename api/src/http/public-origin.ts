import type { FastifyRequest } from 'fastify';
import type { Config } from '../config';

const LOCAL_HOST = /^(localhost|127\.0\.0\.1|\[::1\])(:\d{1,5})?$/;

/**
 * The origin of links that leave the request (a redirect, a cached linkset, a mailed link): WEB_BASE, else this
 * machine itself in development. Any other Host header is the client's word and must not go into them (as
 * api/src/plugins/frontends.ts decides for QR codes): null then.
 */
export const publicOrigin = (config: Pick<Config, 'webBase'>, request: FastifyRequest): string | null =>
  (
    config.webBase ?? (LOCAL_HOST.test(request.host) ? `${request.protocol}://${request.host}` : null)
  )?.replace(/\/+$/, '') ?? null;
