import crypto from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import type { FastifyReply, FastifyRequest } from 'fastify';

/** What a balancer or a tracing system sends as an id (a UUID, hex, base64url); anything else could forge log lines. */
const ACCEPTED = /^[\w.:-]{1,128}$/;

/**
 * The request's id: the client's or balancer's `X-Request-Id` when it looks like one, else a new UUID, so one
 * id follows a request through the balancer's log and every instance's (a per-process counter repeats across
 * instances and restarts).
 */
export function requestId(request: IncomingMessage): string {
  const incoming = request.headers['x-request-id'];
  return typeof incoming === 'string' && ACCEPTED.test(incoming) ? incoming : crypto.randomUUID();
}

/** The id goes back in the answer, so a user's report or a support ticket can name it. */
export async function sendRequestId(request: FastifyRequest, reply: FastifyReply) {
  reply.header('X-Request-Id', request.id);
}
