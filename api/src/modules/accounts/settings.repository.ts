import type { Settings } from 'contracts';
import type { Db } from '../../db/database';

/** The administrator's settings, one row per key; a key without a row has its default. */
export function settingsRepository(db: Db) {
  return {
    async get(): Promise<Settings> {
      const rows = await db.selectFrom('settings').selectAll().execute();
      const value = (key: string) => rows.find((row) => row.key === key)?.value;
      return { require_two_factor: value('require_two_factor') === 'true' };
    },

    async set(settings: Settings) {
      await db
        .insertInto('settings')
        .values({ key: 'require_two_factor', value: String(settings.require_two_factor) })
        .onConflict((oc) => oc.column('key').doUpdateSet({ value: String(settings.require_two_factor) }))
        .execute();
    },
  };
}

export type SettingsRepository = ReturnType<typeof settingsRepository>;
