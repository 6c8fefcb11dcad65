import { sql } from 'kysely';
import type { DatabaseHandle } from '../db/database';
import type { JobsRepository } from './jobs.repository';

/** How long finished jobs stay visible, and how often an idle worker tidies up. */
const DONE_JOBS_KEPT_MS = 24 * 3600_000;
const TIDY_EVERY_MS = 10_000;

/**
 * What an idle worker does between jobs, at most every ten seconds: finished jobs older than a day are
 * forgotten, `tidy` removes what is past its time (exports, api/src/work.ts), and SQLite's write-ahead log is
 * copied into the database and emptied (a truncating checkpoint, which needs a moment without readers, so only
 * when idle: under three writers the log grew to 891 MB beside a 59 MB database).
 */
export function housekeeping(
  database: DatabaseHandle,
  jobs: JobsRepository,
  tidy: (now: Date) => Promise<void> = async () => undefined,
) {
  let last = 0;
  return async () => {
    if (Date.now() - last < TIDY_EVERY_MS) return;
    last = Date.now();
    await jobs.prune(new Date(Date.now() - DONE_JOBS_KEPT_MS));
    await tidy(new Date());
    if (database.kind === 'sqlite') await sql`pragma wal_checkpoint(TRUNCATE)`.execute(database.db);
  };
}
