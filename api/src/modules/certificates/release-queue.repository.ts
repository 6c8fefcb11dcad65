import { sql, type Kysely } from 'kysely';
import type { Database } from '../../db/schema';

/**
 * The units waiting for release, read through the index of those alone (migration
 * 2026-11-29T03-00-release-queue): the literal, not a bound value, lets both databases see that the partial
 * index answers. A unit of a voided certificate, or voided itself, waits no longer.
 */
const awaiting = (db: Kysely<Database>) =>
  db
    .selectFrom('certificate_units as u')
    .innerJoin('certificates as c', 'c.id', 'u.certificate_id')
    .where(sql.ref('u.release'), '=', sql.lit('awaiting_release'))
    .where('u.voided_at', 'is', null)
    .where('c.status', '!=', 'voided');

/** The release queue's reads (release-queue.ts). */
export function releaseQueueRepository(db: Kysely<Database>) {
  return {
    /**
     * A page of the waiting units with their last attempt, the longest waiting first: since their last test
     * (a retested unit waits from its retest), else since the certificate was issued; then in serial order.
     */
    page(limit: number, offset: number) {
      const since = sql<string>`coalesce(a.tested_at, c.created_at)`;
      return awaiting(db)
        .leftJoin('test_attempts as a', (join) =>
          join
            .onRef('a.certificate_id', '=', 'u.certificate_id')
            .onRef('a.unit_index', '=', 'u.unit_index')
            .on('a.attempt', '=', (eb) =>
              eb
                .selectFrom('test_attempts as later')
                .select((max) => max.fn.max('later.attempt').as('attempt'))
                .whereRef('later.certificate_id', '=', 'u.certificate_id')
                .whereRef('later.unit_index', '=', 'u.unit_index'),
            ),
        )
        .select([
          'u.serial',
          'u.certificate_id',
          'c.machine_name',
          'c.plan_version',
          'c.plan_steps',
          'a.values',
          since.as('tested_at'),
          sql<string>`coalesce(a.tested_by_name, c.tested_by_name)`.as('tested_by_name'),
        ])
        .orderBy(since)
        .orderBy('u.certificate_id')
        .orderBy('u.unit_index')
        .limit(limit)
        .offset(offset)
        .execute();
    },

    async count(): Promise<number> {
      const row = await awaiting(db)
        .select((eb) => eb.fn.countAll().as('count'))
        .executeTakeFirstOrThrow();
      return Number(row.count);
    },
  };
}

export type ReleaseQueueRepository = ReturnType<typeof releaseQueueRepository>;
