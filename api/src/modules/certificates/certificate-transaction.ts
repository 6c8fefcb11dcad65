import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import type { AuditService } from '../audit/audit.service';
import { unitTotalsRepository } from '../reports/unit-totals.repository';
import { certificatesRepository } from './certificates.repository';
import { revisionsRepository } from './revisions.repository';
import { testAttemptsRepository } from './test-attempts.repository';
import { instrumentsRepository } from '../instruments/instruments.repository';
import { unitsRepository } from './units.repository';

/**
 * Runs `work` in one transaction with what issuing and the lifecycle write bound to it: the certificate rows,
 * its units and their tests, the units per month of the reports and the audit trail are stored together or not at all.
 */
export function certificateTransactions(inTransaction: InTransaction, audit: AuditService) {
  return <T>(work: (trx: CertificateTransaction) => Promise<T>): Promise<T> =>
    inTransaction((trx) =>
      work({
        certificates: certificatesRepository(trx),
        revisions: revisionsRepository(trx),
        units: unitsRepository(trx),
        attempts: testAttemptsRepository(trx),
        instruments: instrumentsRepository(trx),
        unitTotals: unitTotalsRepository(trx),
        audit: audit.within(trx),
      }),
    );
}

/** Runs `work` in one database transaction (dependencies.ts). */
export type InTransaction = <T>(work: (trx: Kysely<Database>) => Promise<T>) => Promise<T>;

export interface CertificateTransaction {
  certificates: ReturnType<typeof certificatesRepository>;
  revisions: ReturnType<typeof revisionsRepository>;
  units: ReturnType<typeof unitsRepository>;
  attempts: ReturnType<typeof testAttemptsRepository>;
  instruments: ReturnType<typeof instrumentsRepository>;
  unitTotals: ReturnType<typeof unitTotalsRepository>;
  audit: ReturnType<AuditService['within']>;
}

export type CertificateTransactions = ReturnType<typeof certificateTransactions>;
