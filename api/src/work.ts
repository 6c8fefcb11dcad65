import type { Config } from './config';
import type { Repositories } from './dependencies';
import { sealingWork } from './modules/certificate-pdf/certificate-archive.wiring';
import { EXPORT_KEPT_MS } from './modules/certificates/certificate-export';
import { certificateExportWork, removeExpiredExports } from './modules/certificates/export-work';
import type { JobHandler } from './platform/job-runner';

/** Every kind of job the worker runs (api/src/workers/worker.ts), by kind. */
export function jobHandlers(repositories: Repositories, config: Config): Record<string, JobHandler> {
  const { certificateList: list, units, attempts, testPlans: plans } = repositories;
  return {
    ...sealingWork(repositories, config),
    ...certificateExportWork({
      sources: { list, units, attempts, plans },
      exports: repositories.exports,
      chunks: repositories.documentChunks,
      inTransaction: repositories.inTransaction,
      keptMs: EXPORT_KEPT_MS,
    }),
  };
}

/** What the idle worker tidies besides the jobs (api/src/platform/housekeeping.ts): exports past their time. */
export const tidying = (repositories: Repositories) => (now: Date) =>
  removeExpiredExports({ exports: repositories.exports, inTransaction: repositories.inTransaction }, now);
