import type { ApiErrorCode } from 'contracts';

/** An error with a status and a German message, sent as `{error:{code,message,fields?}}`. */
export class HttpError extends Error {
  constructor(
    readonly statusCode: number,
    readonly code: ApiErrorCode,
    message: string,
    readonly fields?: Record<string, string>,
  ) {
    super(message);
  }
}

export const badRequest = (message: string, fields?: Record<string, string>) =>
  new HttpError(400, 'BAD_REQUEST', message, fields);
export const notFound = (message: string) => new HttpError(404, 'NOT_FOUND', message);
export const conflict = (message: string, fields?: Record<string, string>) =>
  new HttpError(409, 'CONFLICT', message, fields);
