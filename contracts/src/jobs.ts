import { Type, type Static } from '@sinclair/typebox';

/** A job that failed for good after its tries (api/src/platform/job-runner.ts), for an administrator to retry. */
export const FailedJob = Type.Object({
  id: Type.Integer(),
  /** What it does, e.g. `seal-certificate`. */
  kind: Type.String(),
  /** What it works on, e.g. `certificate:42`. */
  subject: Type.String(),
  error: Type.String(),
  attempts: Type.Integer(),
  created_at: Type.String(),
  finished_at: Type.String(),
});
export type FailedJob = Static<typeof FailedJob>;

/** The administrators' view of the jobs: how many wait and run now, and the newest failed ones. */
export const JobsOverview = Type.Object({
  queued: Type.Integer(),
  running: Type.Integer(),
  failed: Type.Integer(),
  /** When the oldest waiting job was queued, or null when none waits. */
  oldest_queued: Type.Union([Type.String(), Type.Null()]),
  /** The newest failed jobs, at most FAILED_JOBS_SHOWN. */
  failed_jobs: Type.Array(FailedJob),
});
export type JobsOverview = Static<typeof JobsOverview>;

export const FAILED_JOBS_SHOWN = 100;
