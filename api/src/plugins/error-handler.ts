import type { ApiErrorCode } from 'contracts';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { HttpError } from '../errors';
import { messages } from '../messages';
import { NUL_KEYWORD } from './validation';

interface AjvError {
  keyword: string;
  instancePath: string;
  params: Record<string, unknown>;
}

/** One German message per field from Ajv's errors; the first error of a field wins. */
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
    case 'const':
    case 'enum':
    case 'anyOf':
      return messages.fieldUnknownChoice;
    default:
      return messages.fieldType;
  }
}

/** Errors that mean the database is unreachable or overloaded, not that the request was wrong. */
function isDatabaseUnavailable(error: unknown): boolean {
  const e = error as { code?: string; message?: string };
  const code = e?.code ?? '';
  return (
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

/** Fastify's own errors as our codes (contracts' API_ERROR_CODES), with their status and German message. */
export const FASTIFY_CODES: Record<string, [number, ApiErrorCode, string]> = {
  FST_ERR_CTP_INVALID_JSON_BODY: [400, 'BAD_REQUEST', messages.invalidJson],
  FST_ERR_CTP_EMPTY_JSON_BODY: [400, 'BAD_REQUEST', messages.emptyBody],
  FST_ERR_CTP_INVALID_MEDIA_TYPE: [415, 'UNSUPPORTED_MEDIA_TYPE', messages.unsupportedMediaType],
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: [400, 'BAD_REQUEST', messages.badRequest],
  FST_ERR_CTP_BODY_TOO_LARGE: [413, 'PAYLOAD_TOO_LARGE', messages.bodyTooLarge],
  FST_ERR_CTP_INVALID_TYPE: [400, 'BAD_REQUEST', messages.badRequest],
  FST_ERR_BAD_URL: [400, 'BAD_REQUEST', messages.badRequest],
  FST_ERR_MAX_PARAM_LENGTH: [400, 'BAD_REQUEST', messages.badRequest],
  FST_ERR_ASYNC_CONSTRAINT: [400, 'BAD_REQUEST', messages.badRequest],
  FST_REQ_FILE_TOO_LARGE: [413, 'PAYLOAD_TOO_LARGE', messages.uploadTooLarge],
  FST_FILES_LIMIT: [413, 'PAYLOAD_TOO_LARGE', messages.uploadTooLarge],
  FST_PARTS_LIMIT: [413, 'PAYLOAD_TOO_LARGE', messages.bodyTooLarge],
  FST_FIELDS_LIMIT: [413, 'PAYLOAD_TOO_LARGE', messages.bodyTooLarge],
  FST_INVALID_MULTIPART_CONTENT_TYPE: [415, 'UNSUPPORTED_MEDIA_TYPE', messages.multipartInvalid],
  FST_PROTO_VIOLATION: [400, 'BAD_REQUEST', messages.badRequest],
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

export function errorHandler(error: FastifyError, request: FastifyRequest, reply: FastifyReply) {
  if (error instanceof HttpError)
    return send(reply, error.statusCode, error.code, error.message, error.fields);
  if (error.validation) {
    const inBody = error.validationContext === 'body';
    const fields = fieldErrors(error.validation as AjvError[]);
    return send(reply, 400, 'VALIDATION', inBody ? messages.checkFields : messages.invalidQuery, fields);
  }
  const known = error.code ? FASTIFY_CODES[error.code] : undefined;
  if (known) return send(reply, ...known);
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

export function notFoundHandler(_request: FastifyRequest, reply: FastifyReply) {
  return send(reply, 404, 'NOT_FOUND', messages.routeNotFound);
}

export function registerErrorHandling(app: FastifyInstance) {
  app.setErrorHandler(errorHandler);
  app.setNotFoundHandler(notFoundHandler);
}
