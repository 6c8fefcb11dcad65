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
  // sign-in with the company account did not complete (state, token or the provider's refusal)
  'COMPANY_SIGN_IN_FAILED',
  // 403
  'FORBIDDEN',
  'PASSWORD_CHANGE_REQUIRED',
  // the tester may not release when a second person must (docs/decisions/0010-test-record.md)
  'SAME_PERSON',
  'TWO_FACTOR_REQUIRED',
  // the company account: no mapped group, the account disabled here, or local sign-in refused („Nur Firmenkonto“)
  'NO_MAPPED_ROLE',
  'ACCOUNT_DISABLED',
  'COMPANY_ACCOUNT_ONLY',
  // 404
  'NOT_FOUND',
  'NOTHING_TO_EXPORT',
  // 409
  'CONFLICT',
  'STALE_VERSION',
  'CERTIFICATE_VOIDED',
  'SERIAL_CONFLICT',
  'IDEMPOTENCY_KEY_REUSED',
  // the company account's e-mail belongs to a local account and the provider did not assert it verified
  'EMAIL_TAKEN',
  // the test record (docs/decisions/0010-test-record.md)
  'PLAN_CHANGED',
  'NOTHING_TO_RELEASE',
  // an export's file asked for before it is ready, or after it failed (docs/decisions/0037-exports-as-files.md)
  'EXPORT_NOT_READY',
  'NOT_RETESTABLE',
  'LABELS_REFUSED',
  // an overdue, blocked, retired or wrong instrument in an issue (docs/decisions/0018-instruments.md)
  'INSTRUMENT_UNFIT',
  // values of a tester's file that differ from those entered, sent without keep or replace (docs/tester-files.md)
  'IMPORT_CONFLICT',
  // a tester's file previewed before its columns are mapped to the plan's steps
  'IMPORT_MAPPING_MISSING',
  // 413
  'PAYLOAD_TOO_LARGE',
  'TOO_MANY_PIXELS',
  // a PDF whose check would exceed its bounds (docs/decisions/0025-pdf-check-in-a-worker.md)
  'PDF_TOO_COMPLEX',
  // 415
  'UNSUPPORTED_MEDIA_TYPE',
  'UNSUPPORTED_FILE_TYPE',
  'BROKEN_IMAGE',
  // a PDF with active content or encrypted (docs/decisions/0026-pdf-active-content.md)
  'UNSAFE_PDF',
  // 416: a byte range outside a document
  'RANGE_NOT_SATISFIABLE',
  // 429
  'TOO_MANY_REQUESTS',
  // one address holds too many downloads of stored files open (docs/decisions/0027-stored-bytes.md)
  'TOO_MANY_DOWNLOADS',
  'ACCOUNT_LOCKED',
  // 421: a customer page asked for on a host that is not the configured web address
  'WEB_BASE_REQUIRED',
  // 503
  'DATABASE_UNAVAILABLE',
  'PROVIDER_UNAVAILABLE',
  // a certificate's sealed PDF is still being made (docs/decisions/0020-sealed-certificate.md)
  'DOCUMENT_PENDING',
  // a write asked of a program older than its database's migrations (docs/decisions/0021-jobs-and-one-worker.md)
  'SCHEMA_NEWER',
  // 500: stored bytes that differ from their SHA-256, never sent (docs/decisions/0027-stored-bytes.md)
  'DOCUMENT_INTEGRITY',
  // 500: never for bad input; the last resort of the error handler
  'INTERNAL',
] as const;
export type ApiErrorCode = (typeof API_ERROR_CODES)[number];
