import type { Config } from './config';
import { ownerRegistrations, ownersMails, serviceRequestUpkeep, type Repositories } from './dependencies';
import { confirmationComposer } from './modules/registrations/confirmation-mail';
import { sealingWork } from './modules/certificate-pdf/certificate-archive.wiring';
import { EXPORT_KEPT_MS } from './modules/certificates/certificate-export';
import { certificateExportWork, removeExpiredExports } from './modules/certificates/export-work';
import type { JobHandler } from './platform/job-runner';
import { mailWork } from './platform/mail';

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
    // Every mail, by the composer its feature registers (api/src/platform/mail.ts).
    ...mailWork(repositories.mailSends, config.mail, config.companyName, {
      ...confirmationComposer(repositories.registrations, config.companyName),
      ...ownersMails(config).composers(repositories),
      ...serviceRequestUpkeep(repositories, config).mailComposers(),
    }),
  };
}

/**
 * What the idle worker tidies besides the jobs (api/src/platform/housekeeping.ts): exports past their time, and
 * owners' registrations and service requests past their retention.
 */
export const tidying = (repositories: Repositories, config: Config) => async (now: Date) => {
  await removeExpiredExports(
    { exports: repositories.exports, inTransaction: repositories.inTransaction },
    now,
  );
  await ownerRegistrations(repositories, config).expire(now);
  await serviceRequestUpkeep(repositories, config).expire(now);
};
