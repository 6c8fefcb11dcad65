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
