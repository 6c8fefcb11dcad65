import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import type { AuditService } from '../audit/audit.service';
import { unitTotalsRepository } from '../reports/unit-totals.repository';
import { certificatesRepository } from './certificates.repository';
import { revisionsRepository } from './revisions.repository';
import { testAttemptsRepository } from './test-attempts.repository';
import { instrumentsRepository } from '../instruments/instruments.repository';
import { unitsRepository } from './units.repository';

/** The certificate an audit entry of issuing or the lifecycle is about: its subject, or its unit's certificate. */
function certificateOf(entry: { subject: { type: string; id: string | number }; details?: unknown }) {
  if (entry.subject.type === 'certificate') return Number(entry.subject.id);
  const id = (entry.details as { certificate_id?: unknown } | undefined)?.certificate_id;
  return typeof id === 'number' ? id : undefined;
}

/**
 * Runs `work` in one transaction with what issuing and the lifecycle write bound to it: the certificate rows,
 * its units and their tests, the units per month of the reports and the audit trail are stored together or not at all.
 * Once it committed, `committed` learns which certificates changed (every change records its audit event): their
 * sealed PDFs are made then, never inside the transaction (api/src/modules/certificate-pdf/documents-store.ts).
 */
export function certificateTransactions(
  inTransaction: InTransaction,
  audit: AuditService,
  committed: (certificateIds: number[]) => void = () => undefined,
) {
  return async <T>(work: (trx: CertificateTransaction) => Promise<T>): Promise<T> => {
    const changed = new Set<number>();
    const result = await inTransaction((trx) => {
      const recorder = audit.within(trx);
      return work({
        certificates: certificatesRepository(trx),
        revisions: revisionsRepository(trx),
        units: unitsRepository(trx),
        attempts: testAttemptsRepository(trx),
        instruments: instrumentsRepository(trx),
        unitTotals: unitTotalsRepository(trx),
        audit: {
          record: (entry, at) => {
            const id = certificateOf(entry);
            if (id !== undefined) changed.add(id);
            return recorder.record(entry, at);
          },
        },
      });
    });
    if (changed.size) committed([...changed]);
    return result;
  };
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
