import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';

/** Runs `work` in one database transaction (api/src/dependencies.ts). */
export type InTransaction = <T>(work: (trx: Kysely<Database>) => Promise<T>) => Promise<T>;
