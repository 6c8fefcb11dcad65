import type { FastifyRequest } from 'fastify';
import { HttpError } from '../errors';
import { messages } from '../messages';

const TOKEN_PATTERN = /^[A-Za-z0-9_-]{20,200}$/;

/**
 * The token raw, as the earlier app sent it (docs/earlier-app.md, docs/decisions/0003-raw-token-header.md), or
 * with `Bearer `.
 */
export function tokenOf(request: FastifyRequest): string | undefined {
  const header = request.headers.authorization?.trim();
  if (!header) return undefined;
  const token = header.replace(/^Bearer\s+/i, '');
  return TOKEN_PATTERN.test(token) ? token : undefined;
}

export const unauthorized = () => new HttpError(401, 'UNAUTHORIZED', messages.unauthorized);
