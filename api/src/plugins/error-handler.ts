import { STATUS_CODES as HTTP_STATUS_TEXT } from 'node:http';
import type { Socket } from 'node:net';
import type { ApiErrorCode } from 'contracts';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { DatabaseUnreachableError } from '../db/errors';
import { HttpError } from '../errors';
import { messages, type PlainMessage } from '../messages';
import { inLanguageContext } from '../language';
import { languageContextOf } from './request-language';
import { BIDI_KEYWORD, BROKEN_TEXT_KEYWORD, CONTROL_KEYWORD, NUL_KEYWORD } from './validation';

interface AjvError {
  keyword: string;
  instancePath: string;
  params: Record<string, unknown>;
}

/** One message per field from Ajv's errors; the first error of a field wins. */
function fieldErrors(validation: AjvError[]): Record<string, string> {
  const fields: Record<string, string> = {};
  for (const error of validation) {
    const field =
      error.keyword === 'required'
        ? String(error.params.missingProperty)
        : error.instancePath.replace(/^\//, '').split('/')[0] || '_';
    if (fields[field]) continue;
    fields[field] = fieldMessage(error);
  }
  return fields;
}

function fieldMessage(error: AjvError): string {
  switch (error.keyword) {
    case 'required':
      return messages.fieldRequired;
    case 'maxLength':
      return messages.fieldTooLong(Number(error.params.limit));
    case 'minimum':
    case 'maximum':
      return messages.fieldType;
    case NUL_KEYWORD:
      return messages.fieldNul;
    case BIDI_KEYWORD:
      return messages.fieldInvisible;
    case CONTROL_KEYWORD:
      return messages.fieldControlCharacter;
    case BROKEN_TEXT_KEYWORD:
      return messages.fieldBrokenText;
    case 'const':
    case 'enum':
    case 'anyOf':
      return messages.fieldUnknownChoice;
    default:
      return messages.fieldType;
  }
}

/** Errors that mean the database is unreachable or overloaded, not that the request was wrong. */
export function isDatabaseUnavailable(error: unknown): boolean {
  const e = error as { code?: string; message?: string };
  const code = e?.code ?? '';
  return (
    error instanceof DatabaseUnreachableError ||
    [
      'ECONNREFUSED',
      'ECONNRESET',
      'ETIMEDOUT',
      'EPIPE',
      'ENOTFOUND',
      'SQLITE_BUSY',
      'SQLITE_LOCKED',
    ].includes(code) ||
    /^(08|53|57P)/.test(code) ||
    /timeout exceeded when trying to connect|Connection terminated|Query read timeout|is not queryable/i.test(
      e?.message ?? '',
    )
  );
}

/**
 * Fastify's own errors as our codes (contracts' API_ERROR_CODES), with their status and message, named here and
 * read when sent: in the request's language.
 */
export const FASTIFY_CODES: Record<string, [number, ApiErrorCode, PlainMessage]> = {
  FST_ERR_CTP_INVALID_JSON_BODY: [400, 'BAD_REQUEST', 'invalidJson'],
  FST_ERR_CTP_EMPTY_JSON_BODY: [400, 'BAD_REQUEST', 'emptyBody'],
  FST_ERR_CTP_INVALID_MEDIA_TYPE: [415, 'UNSUPPORTED_MEDIA_TYPE', 'unsupportedMediaType'],
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: [400, 'BAD_REQUEST', 'badRequest'],
  FST_ERR_CTP_BODY_TOO_LARGE: [413, 'PAYLOAD_TOO_LARGE', 'bodyTooLarge'],
  FST_ERR_CTP_INVALID_TYPE: [400, 'BAD_REQUEST', 'badRequest'],
  FST_ERR_BAD_URL: [400, 'BAD_REQUEST', 'badRequest'],
  FST_ERR_MAX_PARAM_LENGTH: [400, 'BAD_REQUEST', 'badRequest'],
  FST_ERR_ASYNC_CONSTRAINT: [400, 'BAD_REQUEST', 'badRequest'],
  FST_REQ_FILE_TOO_LARGE: [413, 'PAYLOAD_TOO_LARGE', 'uploadTooLarge'],
  FST_FILES_LIMIT: [413, 'PAYLOAD_TOO_LARGE', 'uploadTooLarge'],
  FST_PARTS_LIMIT: [413, 'PAYLOAD_TOO_LARGE', 'bodyTooLarge'],
  FST_FIELDS_LIMIT: [413, 'PAYLOAD_TOO_LARGE', 'bodyTooLarge'],
  FST_INVALID_MULTIPART_CONTENT_TYPE: [415, 'UNSUPPORTED_MEDIA_TYPE', 'multipartInvalid'],
  FST_PROTO_VIOLATION: [400, 'BAD_REQUEST', 'badRequest'],
};

/** Our code for any other client error Fastify or a plugin raises, by its status. */
export const STATUS_CODES: Record<number, ApiErrorCode> = {
  404: 'NOT_FOUND',
  413: 'PAYLOAD_TOO_LARGE',
  415: 'UNSUPPORTED_MEDIA_TYPE',
};

export function send(
  reply: FastifyReply,
  status: number,
  code: ApiErrorCode,
  message: string,
  fields?: object,
) {
  return reply.code(status).send({ error: { code, message, ...(fields ? { fields } : {}) } });
}

/** In the request's language, also for an error before routing, which no hook saw (plugins/request-language.ts). */
export function errorHandler(error: FastifyError, request: FastifyRequest, reply: FastifyReply) {
  return inLanguageContext(languageContextOf(request), () => answerError(error, request, reply));
}

function answerError(error: FastifyError, request: FastifyRequest, reply: FastifyReply) {
  if (error instanceof HttpError) {
    // A refusal for now (a lock, a busy instance) says when to come back.
    const retryAfter = (error as { retryAfterSeconds?: unknown }).retryAfterSeconds;
    if (typeof retryAfter === 'number') reply.header('Retry-After', String(retryAfter));
    return send(reply, error.statusCode, error.code, error.message, error.fields);
  }
  if (error.validation) {
    const inBody = error.validationContext === 'body';
    const fields = fieldErrors(error.validation as AjvError[]);
    return send(reply, 400, 'VALIDATION', inBody ? messages.checkFields : messages.invalidQuery, fields);
  }
  const known = error.code ? FASTIFY_CODES[error.code] : undefined;
  if (known) return send(reply, known[0], known[1], messages[known[2]]);
  if (error.statusCode === 429) return send(reply, 429, 'TOO_MANY_REQUESTS', messages.tooManyRequests);
  // A client that hung up mid-request leaves a reset of its own socket: no answer can reach it, and it says
  // nothing about the database.
  // The socket, not the request stream: that one also ends as soon as its whole body was read.
  if (request.raw.socket?.destroyed) {
    request.log.info({ code: error.code }, 'client closed the connection');
    return send(reply, 400, 'CLIENT_CLOSED', messages.badRequest);
  }
  if (isDatabaseUnavailable(error)) {
    // One short line: during an outage every request lands here, and stacks would flood the log.
    request.log.warn({ code: error.code, reason: error.message }, 'database unavailable');
    reply.header('Retry-After', '5');
    return send(reply, 503, 'DATABASE_UNAVAILABLE', messages.databaseUnavailable);
  }
  if (error.statusCode && error.statusCode >= 400 && error.statusCode < 500) {
    return send(
      reply,
      error.statusCode,
      STATUS_CODES[error.statusCode] ?? 'BAD_REQUEST',
      messages.badRequest,
    );
  }
  request.log.error({ err: error }, 'unhandled error');
  return send(reply, 500, 'INTERNAL', messages.internal);
}

/**
 * Fastify's errors before routing (a path with broken percent-encoding): the usual answer, with the security
 * headers that the hooks, which never ran, would have added.
 */
export function frameworkErrorHandler(headers: Record<string, string>) {
  return (error: FastifyError, request: FastifyRequest, reply: FastifyReply) => {
    reply.headers(headers);
    return errorHandler(error, request, reply);
  };
}

/** Node's codes for HTTP it could not parse, as the status Fastify's own handler gives them. */
const CLIENT_ERROR_STATUS: Record<string, number> = {
  ERR_HTTP_REQUEST_TIMEOUT: 408,
  HPE_HEADER_OVERFLOW: 431,
};

/**
 * Malformed HTTP that Node refuses before there is a request: Node's and Fastify's default is an English
 * body without security headers; this is the API's envelope with the same headers as every answer, in German: there
 * is no request yet whose language it could speak.
 */
export function clientErrorHandler(headers: Record<string, string>) {
  return (error: NodeJS.ErrnoException, socket: Socket) => {
    if (error.code === 'ECONNRESET' || !socket.writable) return socket.destroy();
    const status = CLIENT_ERROR_STATUS[error.code ?? ''] ?? 400;
    const body = JSON.stringify({ error: { code: 'BAD_REQUEST', message: messages.malformedRequest } });
    const lines = [
      `HTTP/1.1 ${status} ${HTTP_STATUS_TEXT[status]}`,
      ...Object.entries(headers).map(([name, value]) => `${name}: ${value}`),
      'content-type: application/json; charset=utf-8',
      `content-length: ${Buffer.byteLength(body)}`,
      'connection: close',
    ];
    socket.end(`${lines.join('\r\n')}\r\n\r\n${body}`);
  };
}

export function notFoundHandler(_request: FastifyRequest, reply: FastifyReply) {
  return send(reply, 404, 'NOT_FOUND', messages.routeNotFound);
}

export function registerErrorHandling(app: FastifyInstance) {
  app.setErrorHandler(errorHandler);
  app.setNotFoundHandler(notFoundHandler);
}
