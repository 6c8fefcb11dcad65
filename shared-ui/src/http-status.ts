/**
 * The HTTP status of a failed request, or undefined when no answer came (network error, timeout, not an HTTP
 * error at all). Read from the error's shape, so that callers need no axios of their own.
 */
export function httpStatus(error: unknown): number | undefined {
  const status = (error as { response?: { status?: unknown } } | null | undefined)?.response?.status;
  return typeof status === 'number' ? status : undefined;
}

/** The seconds a throttled request's `Retry-After` header asks to wait, or undefined without one. */
export function retryAfterSeconds(error: unknown): number | undefined {
  const headers = (error as { response?: { headers?: Record<string, unknown> } } | null | undefined)?.response
    ?.headers;
  const seconds = Number(headers?.['retry-after']);
  return Number.isFinite(seconds) && seconds > 0 ? seconds : undefined;
}
