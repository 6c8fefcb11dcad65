import type { AuditService } from '../audit/audit.service';
import type { BrandsRepository } from '../brands/brands.repository';
import type { MachinesRepository } from '../machines/machines.repository';
import { certificateExport } from './certificate-export';
import { certificateFilters } from './certificate-filter';
import { certificateList } from './certificate-list';
import type { CertificateListRepository } from './certificate-list.repository';
import type { CertificateTransactions } from './certificate-transaction';
import type { ExportsRepository } from './exports.repository';
import type { ChunkStore } from '../../platform/chunk-store';
import type { InTransaction } from '../../platform/transactions';
import { certificateUnits } from './certificate-units';
import { certificateView } from './certificate-view';
import type { CertificatesRepository } from './certificates.repository';
import type { RevisionsRepository } from './revisions.repository';
import { issuing } from './issuing';
import { revising } from './revising';
import type { UnitsRepository } from './units.repository';
import type { SettingsRepository } from '../accounts/settings.repository';
import type { TestPlansService } from '../test-plans/test-plans.service';
import type { TestPlansRepository } from '../test-plans/test-plans.repository';
import type { FailureReasonsService } from '../failure-reasons/failure-reasons.service';
import type { TesterImports } from '../imports/tester-imports';
import type { UsersRepository } from '../users/users.repository';
import { releasing } from './releasing';
import { releaseQueue } from './release-queue';
import type { ReleaseQueueRepository } from './release-queue.repository';
import type { TestAttemptsRepository } from './test-attempts.repository';
import type { InstrumentsRepository } from '../instruments/instruments.repository';
import type { CertificateArchiveRepository } from '../certificate-pdf/certificate-archive.repository';
import { testers } from './testers';
import { voiding } from './voiding';

/**
 * The certificates' use cases, each its own file given only what it uses: issuing, the lifecycle (revising:
 * revise, revisions, history; voiding), release and retest (releasing), the units waiting for release (release-queue), the list, the export, and the units with the events and prints.
 */
export function certificatesService(
  {
    transaction,
    certificates,
    revisions,
    units,
    list,
    queue,
    machines,
    brands,
    attempts,
    instruments,
    archive,
    plans,
    planVersions,
    failureReasons,
    imports,
    exports,
    chunks,
    inTransaction,
    users,
    settings,
  }: {
    /** The transactions that issue and change certificates (certificate-transaction.ts). */
    transaction: CertificateTransactions;
    certificates: CertificatesRepository;
    revisions: RevisionsRepository;
    units: UnitsRepository;
    list: CertificateListRepository;
    /** The units waiting for release (release-queue.ts). */
    queue: ReleaseQueueRepository;
    machines: Pick<MachinesRepository, 'get'>;
    brands: Pick<BrandsRepository, 'get'>;
    attempts: TestAttemptsRepository;
    instruments: Pick<InstrumentsRepository, 'usedIn' | 'impactsOn'>;
    /** The sealed documents a unit's page lists. */
    archive: Pick<CertificateArchiveRepository, 'history'>;
    plans: Pick<TestPlansService, 'current'>;
    planVersions: Pick<TestPlansRepository, 'retestAll'>;
    /** The catalogue a retest names its failure reason from. */
    failureReasons: Pick<FailureReasonsService, 'named'>;
    /** The values a tester's file gives an issue or a retest (api/src/modules/imports/tester-imports.ts). */
    imports: Pick<TesterImports, 'forIssue' | 'forRetest'>;
    /** The exports asked for; the worker writes their files into the chunk store (export-work.ts). */
    exports: ExportsRepository;
    chunks: Pick<ChunkStore, 'range'>;
    /** The transaction that asks for an export (its row, its job, its audit event). */
    inTransaction: InTransaction;
    users: Pick<UsersRepository, 'findById'>;
    settings: Pick<SettingsRepository, 'get'>;
  },
  audit: AuditService,
) {
  const view = certificateView({
    certificates,
    revisions,
    units,
    attempts,
    instruments,
    plans: planVersions,
  });
  const tester = testers(users);
  const filters = certificateFilters({ machines, brands });
  return {
    get: view.get,
    ...issuing({
      certificates,
      machines,
      brands,
      plans,
      testers: tester,
      settings,
      view,
      transaction,
      imports,
    }),
    ...releasing({
      units,
      attempts,
      settings,
      testers: tester,
      view,
      transaction,
      plans: planVersions,
      failureReasons,
      imports,
    }),
    ...releaseQueue({ queue }),
    ...revising({ revisions, units, settings, testers: tester, view, transaction }),
    ...voiding({ units, view, transaction }),
    ...certificateList({ list, filters }),
    ...certificateExport({ list, filters, exports, chunks, inTransaction, audit }),
    ...certificateUnits({ units, view, instruments, archive, audit }),
  };
}

export type CertificatesService = ReturnType<typeof certificatesService>;
