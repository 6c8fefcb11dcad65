import { PostgresAdapter, sql, type Insertable, type Kysely } from 'kysely';
import type { CertificateExportsTable, Database } from '../../db/schema';

/** Any number, the same in every process: the key of the lock that serialises asking for exports on PostgreSQL. */
const ASKING_LOCK = 20261128;

/**
 * The exports asked for (certificate_exports, migration 2026-11-28T16-00-exports) with their job's state: what
 * the API answers about them, what the limits count, and what the worker records while it writes the file.
 */
export function exportsRepository(db: Kysely<Database>) {
  const postgres = db.getExecutor().adapter instanceof PostgresAdapter;
  const withJob = () =>
    db
      .selectFrom('certificate_exports as e')
      .leftJoin('jobs as j', 'j.id', 'e.job_id')
      .selectAll('e')
      .select(['j.state as job_state', 'j.progress', 'j.total']);

  return {
    /**
     * In the transaction that asks for an export, before anything is counted: on PostgreSQL a lock held until
     * the commit, so two instances asking at once count one after the other. SQLite has one writer at a time,
     * and the asking transaction writes first (`add`), so it waits for the other's commit there.
     */
    async lockAsking() {
      if (postgres) await sql`select pg_advisory_xact_lock(${ASKING_LOCK})`.execute(db);
    },

    async add(row: Insertable<CertificateExportsTable>): Promise<number> {
      const { id } = await db
        .insertInto('certificate_exports')
        .values(row)
        .returning('id')
        .executeTakeFirstOrThrow();
      return id;
    },

    setJob: (id: number, jobId: number) =>
      db.updateTable('certificate_exports').set({ job_id: jobId }).where('id', '=', id).execute(),

    /**
     * Exports still to be written, of everyone and of `accountId`: their job queued or running (or, the one
     * being asked for, not queued yet) and not cancelled.
     */
    async unfinished(accountId: number, now: Date): Promise<{ all: number; own: number }> {
      const row = await db
        .selectFrom('certificate_exports as e')
        .leftJoin('jobs as j', 'j.id', 'e.job_id')
        .select((eb) => [
          eb.fn.countAll<number>().as('all'),
          eb.fn.sum<number>(eb.case().when('e.account_id', '=', accountId).then(1).else(0).end()).as('own'),
        ])
        .where('e.expires_at', '>', now.toISOString())
        .where('e.ready_at', 'is', null)
        .where((eb) => eb.or([eb('e.job_id', 'is', null), eb('j.state', 'in', ['queued', 'running'])]))
        .executeTakeFirstOrThrow();
      return { all: Number(row.all), own: Number(row.own ?? 0) };
    },

    /** An export and its job's state and progress (none once the job was forgotten). */
    byId: (id: number) => withJob().where('e.id', '=', id).executeTakeFirst(),

    /**
     * Cancelled (or removed, once ready): it expires now, and its job is dropped unless a worker has it (that
     * one stops at its next look, api/src/modules/certificates/export-work.ts). False when it was gone.
     */
    async cancel(id: number, now: Date): Promise<boolean> {
      const { numUpdatedRows } = await db
        .updateTable('certificate_exports')
        .set({ expires_at: now.toISOString() })
        .where('id', '=', id)
        .where('expires_at', '>', now.toISOString())
        .executeTakeFirst();
      if (!numUpdatedRows) return false;
      await db
        .deleteFrom('jobs')
        .where('state', '=', 'queued')
        .where('id', '=', (eb) => eb.selectFrom('certificate_exports').select('job_id').where('id', '=', id))
        .execute();
      return true;
    },

    /** Whether the export is still wanted: not removed, not cancelled, not expired. */
    async wanted(id: number, now: Date): Promise<boolean> {
      const row = await db
        .selectFrom('certificate_exports')
        .select('id')
        .where('id', '=', id)
        .where('expires_at', '>', now.toISOString())
        .executeTakeFirst();
      return !!row;
    },

    /** The bytes the worker is storing for the export: named before they are, so a store cut short is known. */
    storing: (id: number, sha256: string) =>
      db.updateTable('certificate_exports').set({ sha256 }).where('id', '=', id).execute(),

    /** The file is stored: the export is ready and kept until `expiresAt` (a cancelled one keeps its past time). */
    stored: (id: number, file: { sha256: string; size: number; rows: number }, now: Date, expiresAt: Date) =>
      db
        .updateTable('certificate_exports')
        .set((eb) => ({
          sha256: file.sha256,
          size: file.size,
          row_count: file.rows,
          ready_at: now.toISOString(),
          expires_at: eb
            .case()
            .when('expires_at', '>', now.toISOString())
            .then(expiresAt.toISOString())
            .else(eb.ref('expires_at'))
            .end(),
        }))
        .where('id', '=', id)
        .execute(),

    /** Exports past their time that no worker is writing, oldest first, `limit` at a time. */
    expired: (now: Date, limit: number) =>
      db
        .selectFrom('certificate_exports as e')
        .leftJoin('jobs as j', 'j.id', 'e.job_id')
        .select(['e.id', 'e.sha256'])
        .where('e.expires_at', '<=', now.toISOString())
        .where((eb) =>
          eb.or([
            eb('j.state', 'is', null),
            eb('j.state', '!=', 'running'),
            eb('j.locked_until', '<', now.toISOString()),
          ]),
        )
        .orderBy('e.expires_at')
        .limit(limit)
        .execute(),

    remove: (id: number) => db.deleteFrom('certificate_exports').where('id', '=', id).execute(),

    /** Whether an export refers to these bytes. */
    async refers(sha256: string): Promise<boolean> {
      const row = await db
        .selectFrom('certificate_exports')
        .select('id')
        .where('sha256', '=', sha256)
        .limit(1)
        .executeTakeFirst();
      return !!row;
    },
  };
}

export type ExportsRepository = ReturnType<typeof exportsRepository>;
export type ExportRow = NonNullable<Awaited<ReturnType<ExportsRepository['byId']>>>;
