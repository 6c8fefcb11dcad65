import type { FastifyRequest } from 'fastify';
import { LATEST_MIGRATION, newerMigration, type Db } from '../db/database';
import { HttpError } from '../errors';
import { messages } from '../messages';

/** Methods that change nothing: answered by an outdated process as well. */
const READS = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * A process of the previous version still running while a new one migrated the database (a rolling upgrade that
 * did not drain first) refuses every write with a German 503, rather than storing what the new schema expects
 * more of, e.g. a certificate without the rows a newer migration added (docs/decisions/0021-jobs-and-one-worker.md).
 * One indexed read per write; reads go on.
 */
export function refuseWritesWhenOutdated(db: Db) {
  return async (request: FastifyRequest) => {
    if (READS.has(request.method)) return;
    const newer = await newerMigration(db);
    if (newer) throw new HttpError(503, 'SCHEMA_NEWER', messages.schemaNewer(newer, LATEST_MIGRATION));
  };
}
