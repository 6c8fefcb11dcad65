import type { Kysely } from 'kysely';
import * as changeNotices from './2026-11-21T03-00-change-notices';

/**
 * The change notices of migration 03 fed a read cache inside each API process; that cache is gone (see
 * docs/decisions/0006-no-cache-in-the-process.md), and with it every reason to notify on each write. This is
 * migration 03 undone, and undoing this one brings it back.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export const up = (db: Kysely<any>) => changeNotices.down(db);
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export const down = (db: Kysely<any>) => changeNotices.up(db);
