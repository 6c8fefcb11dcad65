/**
 * Every `error.code` the API answers with (docs/architecture.md#api-errors). The UI compares an answer's code
 * against these, never against a string typed again; api/src/plugins/error-codes.test.ts fails when the API
 * sends a code missing here.
 */
export const API_ERROR_CODES = [
  // 400
  'BAD_REQUEST',
  'VALIDATION',
  'MULTIPART_INVALID',
  'ONE_FILE_ONLY',
  // the client hung up mid-request: logged, and the answer reaches nobody
  'CLIENT_CLOSED',
  // 401
  'UNAUTHORIZED',
  'LOGIN_FAILED',
  'SECOND_FACTOR_FAILED',
  'CHALLENGE_EXPIRED',
  // 403
  'FORBIDDEN',
  'PASSWORD_CHANGE_REQUIRED',
  // the tester may not release when a second person must (docs/decisions/0010-test-record.md)
  'SAME_PERSON',
  'TWO_FACTOR_REQUIRED',
  // 404
  'NOT_FOUND',
  'NOTHING_TO_EXPORT',
  // 409
  'CONFLICT',
  'STALE_VERSION',
  'CERTIFICATE_VOIDED',
  'SERIAL_CONFLICT',
  'IDEMPOTENCY_KEY_REUSED',
  // the test record (docs/decisions/0010-test-record.md)
  'PLAN_CHANGED',
  'NOTHING_TO_RELEASE',
  'NOT_RETESTABLE',
  'LABELS_REFUSED',
  // an overdue, blocked, retired or wrong instrument in an issue (docs/decisions/0018-instruments.md)
  'INSTRUMENT_UNFIT',
  // 413
  'PAYLOAD_TOO_LARGE',
  'TOO_MANY_PIXELS',
  // 415
  'UNSUPPORTED_MEDIA_TYPE',
  'UNSUPPORTED_FILE_TYPE',
  'BROKEN_IMAGE',
  // a PDF carrying JavaScript, a launch action, an embedded file, or encrypted (docs/decisions/0012-documents.md)
  'UNSAFE_PDF',
  // 416: a byte range outside a document
  'RANGE_NOT_SATISFIABLE',
  // 429
  'TOO_MANY_REQUESTS',
  'ACCOUNT_LOCKED',
  // 421: a customer page asked for on a host that is not the configured web address
  'WEB_BASE_REQUIRED',
  // 503
  'DATABASE_UNAVAILABLE',
  // a certificate's sealed PDF is still being made (docs/decisions/0020-sealed-certificate.md)
  'DOCUMENT_PENDING',
  // 500: never for bad input; the last resort of the error handler
  'INTERNAL',
] as const;
export type ApiErrorCode = (typeof API_ERROR_CODES)[number];
