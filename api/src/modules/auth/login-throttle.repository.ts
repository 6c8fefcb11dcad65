import type { Db } from '../../db/database';

export interface ThrottleRule {
  /** Failures allowed inside the window before the key is locked. */
  limit: number;
  windowMinutes: number;
  lockMinutes: number;
}

/** Per-account lockout and per-address limit, kept in the database so every API instance sees them. */
export function loginThrottleRepository(db: Db) {
  return {
    async lockedUntil(key: string, now = new Date()): Promise<Date | undefined> {
      const row = await db
        .selectFrom('login_throttle')
        .select('locked_until')
        .where('key', '=', key)
        .executeTakeFirst();
      return row?.locked_until && row.locked_until > now.toISOString()
        ? new Date(row.locked_until)
        : undefined;
    },

    /** Counts one failure of `key`; true when it locked the key. */
    recordFailure(key: string, rule: ThrottleRule, now = new Date()): Promise<boolean> {
      return db.transaction().execute(async (trx) => {
        const iso = now.toISOString();
        const windowStart = new Date(now.getTime() - rule.windowMinutes * 60_000).toISOString();
        // Update first, so concurrent failures serialise on the row instead of racing a read.
        const row = await trx
          .insertInto('login_throttle')
          .values({ key, failures: 1, window_started_at: iso, locked_until: null })
          .onConflict((oc) =>
            oc.column('key').doUpdateSet((eb) => ({
              failures: eb
                .case()
                .when('login_throttle.window_started_at', '<', windowStart)
                .then(1)
                .else(eb('login_throttle.failures', '+', 1))
                .end(),
              window_started_at: eb
                .case()
                .when('login_throttle.window_started_at', '<', windowStart)
                .then(iso)
                .else(eb.ref('login_throttle.window_started_at'))
                .end(),
            })),
          )
          .returning('failures')
          .executeTakeFirstOrThrow();
        if (row.failures >= rule.limit) {
          await trx
            .updateTable('login_throttle')
            .set({
              locked_until: new Date(now.getTime() + rule.lockMinutes * 60_000).toISOString(),
              failures: 0,
              window_started_at: iso,
            })
            .where('key', '=', key)
            .execute();
          return true;
        }
        return false;
      });
    },

    async clear(key: string) {
      await db.deleteFrom('login_throttle').where('key', '=', key).execute();
    },
  };
}

export type LoginThrottleRepository = ReturnType<typeof loginThrottleRepository>;
