import type { Config } from './config';
import type { DatabaseHandle } from './db/database';
import { auditQueries } from './modules/audit/audit.repository';
import { auditService } from './modules/audit/audit.service';
import { jobsService } from './modules/jobs/jobs.service';
import { authService } from './modules/auth/auth.service';
import { loginChallengesRepository } from './modules/auth/login-challenges.repository';
import { loginThrottleRepository } from './modules/auth/login-throttle.repository';
import { sessionsRepository } from './modules/auth/sessions.repository';
import { directorySignInsRepository } from './modules/auth/directory-sign-ins.repository';
import { directoryAccountsRepository } from './modules/auth/directory-accounts.repository';
import { brandsRepository } from './modules/brands/brands.repository';
import { brandsService } from './modules/brands/brands.service';
import { exportsRepository } from './modules/certificates/exports.repository';
import { certificateListRepository } from './modules/certificates/certificate-list.repository';
import { releaseQueueRepository } from './modules/certificates/release-queue.repository';
import { certificateTransactions } from './modules/certificates/certificate-transaction';
import type { InTransaction } from './platform/transactions';
import { certificatesRepository } from './modules/certificates/certificates.repository';
import { certificatesService } from './modules/certificates/certificates.service';
import { certificateView } from './modules/certificates/certificate-view';
import { revisionsRepository } from './modules/certificates/revisions.repository';
import { unitsRepository } from './modules/certificates/units.repository';
import { testAttemptsRepository } from './modules/certificates/test-attempts.repository';
import { testPlansRepository } from './modules/test-plans/test-plans.repository';
import { testPlansService } from './modules/test-plans/test-plans.service';
import { failureReasonsRepository } from './modules/failure-reasons/failure-reasons.repository';
import { failureReasonsService } from './modules/failure-reasons/failure-reasons.service';
import { testRecordReports, testRecordReportsRepository } from './modules/reports/test-record-reports';
import { instrumentsRepository } from './modules/instruments/instruments.repository';
import { instrumentsService } from './modules/instruments/instruments.service';
import { noticesRepository } from './modules/notices/notices.repository';
import { noticesService } from './modules/notices/notices.service';
import { noticeMails } from './modules/notices/notice-mails';
import { importsRepository } from './modules/imports/imports.repository';
import { importMappings } from './modules/imports/import-mappings';
import { testerImports } from './modules/imports/tester-imports';
import { landingRepository } from './modules/landing/landing.repository';
import { landingService } from './modules/landing/landing.service';
import { chunkStore } from './platform/chunk-store';
import { storedFileReplies } from './platform/stored-file-reply';
import { documentsRepository } from './modules/documents/documents.repository';
import { documentsService } from './modules/documents/documents.service';
import { paperRequestsRepository } from './modules/documents/paper-requests.repository';
import { machinesRepository } from './modules/machines/machines.repository';
import { machinesService } from './modules/machines/machines.service';
import { reportsRepository } from './modules/reports/reports.repository';
import { reportsService } from './modules/reports/reports.service';
import { uploadsRepository } from './modules/uploads/uploads.repository';
import { uploadsService } from './modules/uploads/uploads.service';
import { usersRepository } from './modules/users/users.repository';
import { accountsService } from './modules/accounts/accounts.service';
import { settingsRepository } from './modules/accounts/settings.repository';
import { twoFactorRepository } from './modules/auth/two-factor.repository';
import type { ScryptCost } from './modules/users/password';
import { certificateArchiveRepository } from './modules/certificate-pdf/certificate-archive.repository';
import { sealsRepository } from './modules/certificate-pdf/seals.repository';
import { pdfInput, type PdfScope } from './modules/certificate-pdf/pdf-input';
import { certificateDocuments } from './modules/certificate-pdf/certificate-archive.wiring';
import { jobsRepository } from './platform/jobs.repository';
import { mailSendsRepository } from './platform/mail';
import { registrationsRepository } from './modules/registrations/registrations.repository';
import { registrationsService } from './modules/registrations/registrations.service';
import { serviceRequestsRepository } from './modules/service-requests/service-requests.repository';
import {
  serviceRequestsService,
  serviceRequestsUpkeep,
} from './modules/service-requests/service-requests.service';

/**
 * Every repository (queries) and service (business rules) of the API, built once per app. They hold no
 * state of their own: everything lives in the database, so any number of instances can run side by side.
 */
export function createRepositories(database: DatabaseHandle) {
  const { db } = database;
  const inTransaction: InTransaction = (work) => db.transaction().execute(work);
  const units = unitsRepository(db);
  const testPlans = testPlansRepository(db);
  const attempts = testAttemptsRepository(db);
  const certificateList = certificateListRepository(db);
  const certificates = certificatesRepository(db);
  const revisions = revisionsRepository(db);
  const instruments = instrumentsRepository(db);
  const uploads = uploadsRepository(db);
  const view = certificateView({ certificates, revisions, units, attempts, instruments, plans: testPlans });
  const documentChunks = chunkStore(db);
  return {
    inTransaction,
    audit: auditQueries(db),
    users: usersRepository(db),
    sessions: sessionsRepository(db),
    throttle: loginThrottleRepository(db),
    twoFactor: twoFactorRepository(db),
    challenges: loginChallengesRepository(db),
    directorySignIns: directorySignInsRepository(db),
    directoryAccounts: directoryAccountsRepository(db),
    settings: settingsRepository(db),
    brands: brandsRepository(db),
    machines: machinesRepository(database),
    certificates,
    revisions,
    units,
    testPlans,
    attempts,
    failureReasons: failureReasonsRepository(db),
    testReports: testRecordReportsRepository(db),
    instruments,
    imports: importsRepository(db),
    certificateList,
    releaseQueue: releaseQueueRepository(db),
    exports: exportsRepository(db),
    uploads,
    landing: landingRepository(db),
    notices: noticesRepository(db),
    documents: documentsRepository(db),
    documentChunks,
    paperRequests: paperRequestsRepository(db),
    reports: reportsRepository(database),
    certificateArchive: certificateArchiveRepository(db),
    seals: sealsRepository(db),
    jobs: jobsRepository(db),
    mailSends: mailSendsRepository(db),
    registrations: registrationsRepository(db),
    serviceRequests: serviceRequestsRepository(db),
    /** What a certificate's PDF prints, read for the renderer (api/src/modules/certificate-pdf/pdf-input.ts). */
    pdfInput: (id: number, scope: PdfScope, settings: Parameters<typeof pdfInput>[3]) =>
      pdfInput({ view, uploads, chunks: documentChunks }, id, scope, settings),
  };
}

export type Repositories = ReturnType<typeof createRepositories>;

/**
 * Each service gets only the repositories and services it uses. `passwordCost` lowers scrypt's cost for
 * tests only (api/src/test/harness.ts).
 */
export function createServices(repositories: Repositories, config: Config, passwordCost?: ScryptCost) {
  const { users, sessions, throttle, twoFactor, challenges, settings, brands, machines } = repositories;
  const { certificates, revisions, units } = repositories;
  const audit = auditService(repositories.audit);
  const sealedDocuments = certificateDocuments(repositories, config);
  const uploads = uploadsService(repositories.uploads, audit);
  const testPlans = testPlansService({ plans: repositories.testPlans, machines, audit });
  const failureReasons = failureReasonsService(repositories.failureReasons, audit);
  const imports = testerImports({
    repository: repositories.imports,
    chunks: repositories.documentChunks,
    inTransaction: repositories.inTransaction,
    machines,
    plans: testPlans,
    units,
    certificates,
  });
  const documents = documentsService(
    {
      inTransaction: repositories.inTransaction,
      documents: repositories.documents,
      chunks: repositories.documentChunks,
      requests: repositories.paperRequests,
      machines,
    },
    audit,
  );
  const notices = noticesService(
    {
      notices: repositories.notices,
      machines,
      inTransaction: repositories.inTransaction,
      mails: ownersMails(config),
      mailing: config.mail !== null,
    },
    audit,
  );
  return {
    audit,
    auth: authService(
      {
        users,
        sessions,
        throttle,
        twoFactor,
        challenges,
        settings,
        directorySignIns: repositories.directorySignIns,
        directoryAccounts: repositories.directoryAccounts,
      },
      audit,
      { idleMinutes: config.sessionIdleMinutes, maxHours: config.sessionMaxHours },
      config.directory,
    ),
    storedFiles: storedFileReplies({
      stallMs: config.downloadStallSeconds * 1000,
      perAddress: config.downloadsPerAddress,
    }),
    jobs: jobsService({ jobs: repositories.jobs, inTransaction: repositories.inTransaction }),
    accounts: accountsService({ users, twoFactor, settings, throttle }, audit, passwordCost),
    uploads,
    brands: brandsService(brands, uploads, audit),
    machines: machinesService({ machines, brands }, uploads, audit),
    certificates: certificatesService(
      {
        transaction: certificateTransactions(repositories.inTransaction, audit),
        certificates,
        revisions,
        units,
        list: repositories.certificateList,
        queue: repositories.releaseQueue,
        machines,
        brands,
        attempts: repositories.attempts,
        instruments: repositories.instruments,
        archive: repositories.certificateArchive,
        plans: testPlans,
        planVersions: repositories.testPlans,
        failureReasons,
        imports,
        exports: repositories.exports,
        chunks: repositories.documentChunks,
        inTransaction: repositories.inTransaction,
        users,
        settings,
      },
      audit,
    ),
    testPlans,
    failureReasons,
    testerImports: imports,
    importMappings: importMappings({
      repository: repositories.imports,
      inTransaction: repositories.inTransaction,
      machines,
      plans: testPlans,
      audit,
    }),
    instruments: instrumentsService(
      {
        instruments: repositories.instruments,
        chunks: repositories.documentChunks,
        inTransaction: repositories.inTransaction,
      },
      audit,
    ),
    testReports: testRecordReports(repositories.testReports, testPlans),
    reports: reportsService(repositories.reports),
    documents,
    certificateDocuments: sealedDocuments,
    notices,
    landing: landingService(repositories.landing, documents, notices, {
      brandContactFallback: !config.companyEmail && !config.companyPhone,
    }),
    registrations: ownerRegistrations(repositories, config),
    serviceRequests: serviceRequestsService({
      requests: repositories.serviceRequests,
      inTransaction: repositories.inTransaction,
      throttle,
      checkImage: uploads.checked,
      mailing: config.mail !== null,
    }),
  };
}

/** Owners' registrations (api/src/modules/registrations): the API's routes and the worker's mails use the same. */
export const ownerRegistrations = (repositories: Repositories, config: Config) =>
  registrationsService({
    registrations: repositories.registrations,
    inTransaction: repositories.inTransaction,
    throttle: repositories.throttle,
    mailing: config.mail !== null,
    companyName: config.companyName,
    onConfirmed: ownersMails(config).queueConfirmed,
  });

/** The safety notices' mails to registered owners (api/src/modules/notices/notice-mails.ts). */
export const ownersMails = (config: Config) =>
  noticeMails({ mailing: config.mail !== null, companyName: config.companyName });

export type Services = ReturnType<typeof createServices>;

/** The service requests' mails and retention (api/src/modules/service-requests), for the worker. */
export const serviceRequestUpkeep = (repositories: Repositories, config: Config) =>
  serviceRequestsUpkeep({
    requests: repositories.serviceRequests,
    inTransaction: repositories.inTransaction,
    companyName: config.companyName,
  });
