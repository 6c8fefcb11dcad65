import type { AuditService } from '../audit/audit.service';
import { unitTotalsRepository } from '../reports/unit-totals.repository';
import { instrumentsRepository } from '../instruments/instruments.repository';
import { sealCertificateJob } from '../certificate-pdf/seal-jobs';
import type { InTransaction } from '../../platform/transactions';
import { jobsRepository } from '../../platform/jobs.repository';
import { certificatesRepository } from './certificates.repository';
import { revisionsRepository } from './revisions.repository';
import { testAttemptsRepository } from './test-attempts.repository';
import { unitsRepository } from './units.repository';

/**
 * Runs `work` in one transaction with what issuing and the lifecycle write bound to it: the certificate rows,
 * its units and their tests, the units per month of the reports, the audit trail, and the job that seals the
 * changed certificate's PDF (api/src/modules/certificate-pdf/seal-jobs.ts) are stored together or not at all.
 */
export function certificateTransactions(inTransaction: InTransaction, audit: AuditService) {
  return <T>(work: (trx: CertificateTransaction) => Promise<T>): Promise<T> =>
    inTransaction((trx) => {
      const jobs = jobsRepository(trx);
      return work({
        certificates: certificatesRepository(trx),
        revisions: revisionsRepository(trx),
        units: unitsRepository(trx),
        attempts: testAttemptsRepository(trx),
        instruments: instrumentsRepository(trx),
        unitTotals: unitTotalsRepository(trx),
        audit: audit.within(trx),
        documentDue: async (certificateId) => void (await jobs.enqueue(sealCertificateJob(certificateId))),
      });
    });
}

export interface CertificateTransaction {
  certificates: ReturnType<typeof certificatesRepository>;
  revisions: ReturnType<typeof revisionsRepository>;
  units: ReturnType<typeof unitsRepository>;
  attempts: ReturnType<typeof testAttemptsRepository>;
  instruments: ReturnType<typeof instrumentsRepository>;
  unitTotals: ReturnType<typeof unitTotalsRepository>;
  audit: ReturnType<AuditService['within']>;
  /** The certificate's printed state changed: its sealed PDF is made anew, after the commit, by a worker. */
  documentDue(certificateId: number): Promise<void>;
}

export type CertificateTransactions = ReturnType<typeof certificateTransactions>;
