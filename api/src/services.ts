import type { Config } from './config';
import type { Db } from './db/database';
import { loginThrottleRepository } from './modules/auth/login-throttle.repository';
import { sessionsRepository } from './modules/auth/sessions.repository';
import { brandsRepository } from './modules/brands/brands.repository';
import { certificatesRepository } from './modules/certificates/certificates.repository';
import { machinesRepository } from './modules/machines/machines.repository';
import { uploadsRepository } from './modules/uploads/uploads.repository';
import { usersRepository } from './modules/users/users.repository';

/** Every repository, built once per app and handed to the route modules. */
export function createServices(db: Db, config: Config) {
  return {
    db,
    config,
    users: usersRepository(db),
    sessions: sessionsRepository(db, {
      idleMinutes: config.sessionIdleMinutes,
      maxHours: config.sessionMaxHours,
    }),
    throttle: loginThrottleRepository(db),
    brands: brandsRepository(db),
    machines: machinesRepository(db),
    certificates: certificatesRepository(db),
    uploads: uploadsRepository(db),
  };
}

export type Services = ReturnType<typeof createServices>;
