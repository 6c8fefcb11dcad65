import type { Config } from './config';
import type { DatabaseHandle } from './db/database';
import { auditQueries } from './modules/audit/audit.repository';
import { auditService } from './modules/audit/audit.service';
import { authService } from './modules/auth/auth.service';
import { loginThrottleRepository } from './modules/auth/login-throttle.repository';
import { sessionsRepository } from './modules/auth/sessions.repository';
import { brandsRepository } from './modules/brands/brands.repository';
import { brandsService } from './modules/brands/brands.service';
import { certificatesRepository } from './modules/certificates/certificates.repository';
import { certificatesService } from './modules/certificates/certificates.service';
import { landingRepository } from './modules/landing/landing.repository';
import { landingService } from './modules/landing/landing.service';
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

/**
 * Every repository (queries) and service (business rules) of the API, built once per app. They hold no
 * state of their own: everything lives in the database, so any number of instances can run side by side.
 */
export function createRepositories(database: DatabaseHandle) {
  const { db } = database;
  return {
    audit: auditQueries(db),
    users: usersRepository(db),
    sessions: sessionsRepository(db),
    throttle: loginThrottleRepository(db),
    twoFactor: twoFactorRepository(db),
    settings: settingsRepository(db),
    brands: brandsRepository(db),
    machines: machinesRepository(database),
    certificates: certificatesRepository(db),
    uploads: uploadsRepository(db),
    landing: landingRepository(db),
    reports: reportsRepository(database),
  };
}

export type Repositories = ReturnType<typeof createRepositories>;

/** `passwordCost` lowers scrypt's cost for tests only (api/src/test/harness.ts). */
export function createServices(repositories: Repositories, config: Config, passwordCost?: ScryptCost) {
  const audit = auditService(repositories.audit);
  const uploads = uploadsService(repositories.uploads, audit);
  return {
    audit,
    auth: authService(repositories, {
      idleMinutes: config.sessionIdleMinutes,
      maxHours: config.sessionMaxHours,
    }),
    accounts: accountsService(repositories, passwordCost),
    uploads,
    brands: brandsService(repositories.brands, uploads, audit),
    machines: machinesService(repositories, uploads, audit),
    certificates: certificatesService(repositories, audit),
    reports: reportsService(repositories.reports),
    landing: landingService(repositories.landing),
  };
}

export type Services = ReturnType<typeof createServices>;
