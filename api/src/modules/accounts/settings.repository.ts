import type { Settings } from 'contracts';
import type { Db } from '../../db/database';

/**
 * The administrator's settings: for all accounts one row per key (a key without a row has its default), and
 * the two-factor requirement of a single account.
 */
export function settingsRepository(db: Db) {
  return {
    async get(): Promise<Settings> {
      const rows = await db.selectFrom('settings').selectAll().execute();
      const value = (key: string) => rows.find((row) => row.key === key)?.value;
      return {
        require_two_factor: value('require_two_factor') === 'true',
        release_by_second_person: value('release_by_second_person') === 'true',
        directory_only: value('directory_only') === 'true',
      };
    },

    async set(settings: Settings) {
      for (const [key, on] of Object.entries(settings))
        await db
          .insertInto('settings')
          .values({ key, value: String(on) })
          .onConflict((oc) => oc.column('key').doUpdateSet({ value: String(on) }))
          .execute();
    },

    /** Requires two-factor sign-in of one account (or no longer), whatever the setting for all says. */
    async requireTwoFactorOf(accountId: number, required: boolean) {
      await db
        .updateTable('users')
        .set({ two_factor_required: required ? 1 : 0 })
        .where('id', '=', accountId)
        .execute();
    },
  };
}

export type SettingsRepository = ReturnType<typeof settingsRepository>;
