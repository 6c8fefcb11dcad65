import { FAILED_JOBS_SHOWN, type JobsOverview } from 'contracts';
import { HttpError } from '../../errors';
import { messages } from '../../messages';
import { jobsRepository, type JobsRepository } from '../../platform/jobs.repository';
import type { InTransaction } from '../../platform/transactions';
import { auditQueries } from '../audit/audit.repository';

/** What administrators see of the jobs and what they may do: retry one that failed for good. */
export function jobsService({ jobs, inTransaction }: { jobs: JobsRepository; inTransaction: InTransaction }) {
  return {
    async overview(): Promise<JobsOverview> {
      const { counts, oldestQueued } = await jobs.backlog();
      const total = (state: string) =>
        counts.filter((row) => row.state === state).reduce((sum, row) => sum + row.count, 0);
      const failed = await jobs.failedJobs(FAILED_JOBS_SHOWN);
      return {
        queued: total('queued'),
        running: total('running'),
        failed: total('failed'),
        oldest_queued: oldestQueued,
        failed_jobs: failed.map((job) => ({
          id: job.id,
          kind: job.kind,
          subject: job.subject,
          error: job.error ?? '',
          attempts: job.attempts,
          created_at: job.created_at,
          finished_at: job.finished_at ?? job.created_at,
        })),
      };
    },

    /** Queues a failed job again with fresh tries, recorded in the audit trail with the change. */
    async retry(id: number, accountId: number) {
      await inTransaction(async (trx) => {
        const queued = jobsRepository(trx);
        const job = await queued.byId(id);
        if (!job || job.state !== 'failed') throw new HttpError(404, 'NOT_FOUND', messages.jobNotFailed);
        if (!(await queued.retry(id, new Date())))
          throw new HttpError(409, 'CONFLICT', messages.jobAlreadyWaiting);
        await auditQueries(trx).record({
          accountId,
          action: 'job.retried',
          subject: { type: 'job', id: String(id) },
          details: { kind: job.kind, subject: job.subject, error: job.error ?? '' },
        });
      });
    },
  };
}
