import {
  PostgresAdapter,
  sql,
  type ExpressionBuilder,
  type Kysely,
  type Selectable,
  type UpdateObject,
} from 'kysely';
import type { Database, JobsTable } from '../db/schema';

export type JobRow = Selectable<JobsTable>;

/** What a change asks to be done later (docs/decisions/0021-jobs-and-one-worker.md). */
export interface NewJob {
  kind: string;
  subject: string;
  payload?: unknown;
  account_id?: number | null;
}

/**
 * The jobs table's queries: writing a job inside a change's transaction, claiming one for a worker, and what
 * the worker records when it finished, failed or got further. Every change of a claimed row names its worker,
 * so a worker whose lease ran out (and whose job another worker took over) changes nothing.
 */
export function jobsRepository(db: Kysely<Database>) {
  const postgres = db.getExecutor().adapter instanceof PostgresAdapter;
  const mine = (id: number, worker: string) =>
    db.updateTable('jobs').where('id', '=', id).where('worker', '=', worker).where('state', '=', 'running');
  /** A job of the same kind and subject waits already (a change made while this one ran). */
  const twinWaits = ({ exists, selectFrom }: ExpressionBuilder<Database, 'jobs'>) =>
    exists(
      selectFrom('jobs as twin')
        .select('twin.id')
        .whereRef('twin.kind', '=', 'jobs.kind')
        .whereRef('twin.subject', '=', 'jobs.subject')
        .where('twin.state', '=', 'queued'),
    );
  /**
   * The running job waits again with `changes`; when its twin waits already, that one does the work (of the
   * subject's newer state) and this one is dropped: one waiting job per kind and subject (the unique index).
   */
  async function requeue(id: number, worker: string, changes: UpdateObject<Database, 'jobs'>) {
    await mine(id, worker)
      .set({ ...changes, state: 'queued', locked_until: null, worker: null })
      .where((eb) => eb.not(twinWaits(eb)))
      .execute();
    await db
      .deleteFrom('jobs')
      .where('id', '=', id)
      .where('worker', '=', worker)
      .where('state', '=', 'running')
      .where(twinWaits)
      .execute();
  }

  return {
    /**
     * Queues the job unless the same kind of job for the same subject is waiting already (it will do the
     * subject's current work when it runs). Answers the waiting job's id.
     */
    async enqueue(job: NewJob, now = new Date()): Promise<number> {
      const inserted = await db
        .insertInto('jobs')
        .values({
          kind: job.kind,
          subject: job.subject,
          payload: JSON.stringify(job.payload ?? {}),
          state: 'queued',
          run_after: now.toISOString(),
          account_id: job.account_id ?? null,
          created_at: now.toISOString(),
        })
        // The conflict target names the partial index's own condition, written out: a bound parameter in its
        // place would match no index (migration 2026-11-28T14-00-jobs).
        .onConflict((conflict) =>
          conflict
            .columns(['kind', 'subject'])
            .where(sql<boolean>`state = 'queued'`)
            .doNothing(),
        )
        .returning('id')
        .executeTakeFirst();
      if (inserted) return inserted.id;
      const waiting = await db
        .selectFrom('jobs')
        .select('id')
        .where('kind', '=', job.kind)
        .where('subject', '=', job.subject)
        .where('state', '=', 'queued')
        .executeTakeFirstOrThrow();
      return waiting.id;
    },

    /**
     * The oldest job that is due, or whose worker's lease ran out, and whose subject no other worker is working
     * on; it becomes this worker's until `until`. PostgreSQL: workers skip the rows others are claiming.
     */
    async claim(worker: string, now: Date, until: Date): Promise<JobRow | undefined> {
      const at = now.toISOString();
      const { rows } = await sql<JobRow>`
        update jobs set state = 'running', attempts = attempts + 1, worker = ${worker},
          locked_until = ${until.toISOString()}
        where id = (
          select j.id from jobs j
          where ((j.state = 'queued' and j.run_after <= ${at}) or (j.state = 'running' and j.locked_until < ${at}))
            and not exists (select 1 from jobs r where r.subject = j.subject and r.state = 'running'
              and r.locked_until >= ${at} and r.id <> j.id)
          order by j.id
          limit 1
          ${postgres ? sql`for update skip locked` : sql``})
        returning *`.execute(db);
      return rows[0];
    },

    /** The job is done; false when it was not this worker's any more. */
    async finish(id: number, worker: string, now: Date): Promise<boolean> {
      const { numUpdatedRows } = await mine(id, worker)
        .set({ state: 'done', finished_at: now.toISOString(), locked_until: null, error: null })
        .executeTakeFirst();
      return numUpdatedRows > 0n;
    },

    /** Tried again at `runAfter`, or failed for good when `runAfter` is null; the error is kept either way. */
    async failed(id: number, worker: string, error: string, runAfter: Date | null, now: Date) {
      if (runAfter) return requeue(id, worker, { run_after: runAfter.toISOString(), error });
      await mine(id, worker)
        .set({ state: 'failed', finished_at: now.toISOString(), locked_until: null, error })
        .execute();
    },

    /** A worker that stops hands its job back, to be claimed again at once. */
    async handBack(id: number, worker: string) {
      await requeue(id, worker, { attempts: sql<number>`attempts - 1` });
    },

    /** The job of a worker that died waits again at once; its try counts (a job that kills its worker fails). */
    async release(id: number, worker: string) {
      await requeue(id, worker, {});
    },

    /** Jobs held by workers whose id begins with `prefix` (this host's, api/src/platform/job-runner.ts). */
    heldBy: (prefix: string) =>
      db
        .selectFrom('jobs')
        .select(['id', 'worker'])
        .where('state', '=', 'running')
        .where(sql<boolean>`substr(worker, 1, ${prefix.length}) = ${prefix}`)
        .execute(),

    /** A long job's progress; it also keeps the lease (false: the job is not this worker's any more). */
    async progress(id: number, worker: string, progress: number, total: number | null, until: Date) {
      const { numUpdatedRows } = await mine(id, worker)
        .set({ progress, total, locked_until: until.toISOString() })
        .executeTakeFirst();
      return numUpdatedRows > 0n;
    },

    byId: (id: number) => db.selectFrom('jobs').selectAll().where('id', '=', id).executeTakeFirst(),

    /** Jobs by kind and state, and the oldest waiting job's creation (`/metrics`, `/api/readyz`). */
    async backlog() {
      const counts = await db
        .selectFrom('jobs')
        .select(['kind', 'state', (eb) => eb.fn.countAll<number>().as('count')])
        .where('state', 'in', ['queued', 'running', 'failed'])
        .groupBy(['kind', 'state'])
        .execute();
      const oldest = await db
        .selectFrom('jobs')
        .select((eb) => eb.fn.min('created_at').as('created_at'))
        .where('state', '=', 'queued')
        .executeTakeFirst();
      return {
        counts: counts.map((row) => ({ ...row, count: Number(row.count) })),
        oldestQueued: oldest?.created_at ?? null,
      };
    },

    /** Jobs that failed for good, newest first (the administrators' list). */
    failedJobs: (limit: number) =>
      db
        .selectFrom('jobs')
        .selectAll()
        .where('state', '=', 'failed')
        .orderBy('id', 'desc')
        .limit(limit)
        .execute(),

    /** A failed job queued again with fresh tries; false when it is not failed (or one is waiting already). */
    async retry(id: number, now: Date): Promise<boolean> {
      const { numUpdatedRows } = await db
        .updateTable('jobs')
        .set({ state: 'queued', attempts: 0, run_after: now.toISOString(), finished_at: null, worker: null })
        .where('id', '=', id)
        .where('state', '=', 'failed')
        .where((eb) => eb.not(twinWaits(eb)))
        .executeTakeFirst();
      return numUpdatedRows > 0n;
    },

    /** Done jobs finished before `before` are forgotten. */
    prune: (before: Date) =>
      db
        .deleteFrom('jobs')
        .where('state', '=', 'done')
        .where('finished_at', '<', before.toISOString())
        .execute(),
  };
}

export type JobsRepository = ReturnType<typeof jobsRepository>;
