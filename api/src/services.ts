import type { Config } from './config';
import type { DatabaseHandle } from './db/database';
import { readCache } from './db/read-cache';
import { loginThrottleRepository } from './modules/auth/login-throttle.repository';
import { sessionsRepository } from './modules/auth/sessions.repository';
import { brandsRepository } from './modules/brands/brands.repository';
import { certificatesRepository } from './modules/certificates/certificates.repository';
import { landingRepository } from './modules/landing/landing.repository';
import { machinesRepository } from './modules/machines/machines.repository';
import { uploadsRepository } from './modules/uploads/uploads.repository';
import { usersRepository } from './modules/users/users.repository';

/** Every repository, built once per app and handed to the route modules. */
export function createServices(database: DatabaseHandle, config: Config) {
  const { db } = database;
  const cached = readCache(database);
  return {
    db,
    config,
    users: usersRepository(db),
    sessions: sessionsRepository(db, cached, {
      idleMinutes: config.sessionIdleMinutes,
      maxHours: config.sessionMaxHours,
    }),
    throttle: loginThrottleRepository(db),
    brands: brandsRepository(db),
    machines: machinesRepository(db),
    certificates: certificatesRepository(db, cached),
    uploads: uploadsRepository(db),
    landing: landingRepository(db, cached),
  };
}

export type Services = ReturnType<typeof createServices>;
