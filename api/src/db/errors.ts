/**
 * A UNIQUE constraint or primary key refused a row: another request took the name or serial first, between
 * the check and the write. PostgreSQL reports both as 23505; SQLite names them apart.
 */
export function isUniqueViolation(error: unknown): boolean {
  const code = (error as { code?: string })?.code;
  return code === '23505' || code === 'SQLITE_CONSTRAINT_UNIQUE' || code === 'SQLITE_CONSTRAINT_PRIMARYKEY';
}

/** Runs `write`; when a UNIQUE constraint refuses it, throws `conflict()` instead. */
export async function unlessUnique<T>(write: Promise<T>, conflict: () => Error): Promise<T> {
  try {
    return await write;
  } catch (error) {
    throw isUniqueViolation(error) ? conflict() : error;
  }
}

/**
 * The database could not be reached: no connection could be made (refused, not accepting connections, a name
 * that does not resolve) or the SQLite file is no longer the one opened. Always a 503 and, at start, a reason to
 * wait (api/src/plugins/error-handler.ts isDatabaseUnavailable), whatever the driver's own code says.
 */
export class DatabaseUnreachableError extends Error {
  readonly code: string | undefined;
  constructor(message: string, options: { cause?: unknown; code?: string } = {}) {
    super(message, { cause: options.cause });
    this.code = options.code;
  }
}
