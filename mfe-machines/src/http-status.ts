/**
 * The HTTP status of a failed request, read from the error's shape: importing axios here would put a second
 * copy of it into this remote's bundle (shared-ui owns the client).
 */
export function httpStatus(error: unknown): number | undefined {
  return (error as { response?: { status?: number } } | null)?.response?.status;
}
