import type { Db } from '../../db/database';

export interface ThrottleRule {
  /** Attempts allowed inside the window; the one that reaches the limit locks the key. */
  limit: number;
  windowMinutes: number;
  lockMinutes: number;
}

/** One attempt to count against `key` under `rule`. */
export interface ThrottledKey {
  key: string;
  rule: ThrottleRule;
}

/** What a reservation found: the key that refused it and until when, or the keys this attempt locked. */
export type Reservation =
  { refused: { key: string; until: Date } } | { refused?: undefined; locked: string[] };

/** Thrown inside the reservation's transaction so that the keys counted before the refusing one are undone. */
class Refused extends Error {
  constructor(
    readonly key: string,
    readonly until: Date,
  ) {
    super('refused');
  }
}

/** Per-account lockout and per-address limit, kept in the database so every API instance sees them. */
export function loginThrottleRepository(db: Db) {
  return {
    /**
     * Counts one attempt against every key before the password is checked, all or none, in one transaction:
     * the count is the row's own update, so parallel attempts (in this instance or another) serialise on the
     * row and the one that reaches the limit locks it for all that follow. A locked key refuses without
     * counting. Counting after the check let 40 parallel guesses through a limit of 5.
     */
    async reserve(keys: ThrottledKey[], now = new Date()): Promise<Reservation> {
      const iso = now.toISOString();
      try {
        return await db.transaction().execute(async (trx) => {
          const locked: string[] = [];
          for (const { key, rule } of keys) {
            const windowStart = new Date(now.getTime() - rule.windowMinutes * 60_000).toISOString();
            const row = await trx
              .insertInto('login_throttle')
              .values({ key, failures: 1, window_started_at: iso, locked_until: null })
              .onConflict((oc) =>
                oc.column('key').doUpdateSet((eb) => {
                  const isLocked = eb('login_throttle.locked_until', '>', iso);
                  const windowOver = eb('login_throttle.window_started_at', '<', windowStart);
                  return {
                    failures: eb
                      .case()
                      .when(isLocked)
                      .then(eb.ref('login_throttle.failures'))
                      .when(windowOver)
                      .then(1)
                      .else(eb('login_throttle.failures', '+', 1))
                      .end(),
                    window_started_at: eb
                      .case()
                      .when(isLocked)
                      .then(eb.ref('login_throttle.window_started_at'))
                      .when(windowOver)
                      .then(iso)
                      .else(eb.ref('login_throttle.window_started_at'))
                      .end(),
                  };
                }),
              )
              .returning(['failures', 'locked_until'])
              .executeTakeFirstOrThrow();
            if (row.locked_until && row.locked_until > iso)
              throw new Refused(key, new Date(row.locked_until));
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
              locked.push(key);
            }
          }
          return { locked };
        });
      } catch (error) {
        if (error instanceof Refused) return { refused: { key: error.key, until: error.until } };
        throw error;
      }
    },

    /**
     * Gives back an attempt that turned out right: one count less, or, when this very attempt locked the key,
     * the lock lifted and the count as it was before it.
     */
    async release({ key, rule }: ThrottledKey, lockedByThisAttempt: boolean) {
      if (lockedByThisAttempt)
        await db
          .updateTable('login_throttle')
          .set({ locked_until: null, failures: rule.limit - 1 })
          .where('key', '=', key)
          .execute();
      else
        await db
          .updateTable('login_throttle')
          .set((eb) => ({ failures: eb('failures', '-', 1) }))
          .where('key', '=', key)
          .where('failures', '>', 0)
          .execute();
    },

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

    /** Counts one failure of `key` after it was checked; true when it locked the key. */
    recordFailure(key: string, rule: ThrottleRule, now = new Date()): Promise<boolean> {
      return db.transaction().execute(async (trx) => {
        const iso = now.toISOString();
        const windowStart = new Date(now.getTime() - rule.windowMinutes * 60_000).toISOString();
        // Update first, so concurrent failures serialise on the row instead of racing a read. While the key is
        // locked nothing is counted: parallel failures that arrive after the lock must not count up to a second
        // lock, which would let the one that reaches it be checked as if it were within the limit.
        const row = await trx
          .insertInto('login_throttle')
          .values({ key, failures: 1, window_started_at: iso, locked_until: null })
          .onConflict((oc) =>
            oc.column('key').doUpdateSet((eb) => {
              const locked = eb('login_throttle.locked_until', '>', iso);
              const stale = eb('login_throttle.window_started_at', '<', windowStart);
              return {
                failures: eb
                  .case()
                  .when(locked)
                  .then(eb.ref('login_throttle.failures'))
                  .when(stale)
                  .then(1)
                  .else(eb('login_throttle.failures', '+', 1))
                  .end(),
                window_started_at: eb
                  .case()
                  .when(locked)
                  .then(eb.ref('login_throttle.window_started_at'))
                  .when(stale)
                  .then(iso)
                  .else(eb.ref('login_throttle.window_started_at'))
                  .end(),
              };
            }),
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
