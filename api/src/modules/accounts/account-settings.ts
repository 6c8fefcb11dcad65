import type { Settings } from 'contracts';
import type { AuditService } from '../audit/audit.service';
import type { SettingsRepository } from './settings.repository';

/** The settings an administrator sets for all accounts; `accountId` is the signed-in administrator. */
export function accountSettings({
  settings,
  audit,
}: {
  settings: SettingsRepository;
  audit: Pick<AuditService, 'record'>;
}) {
  return {
    getSettings: () => settings.get(),

    /** Sets the settings named in `change` (the others stay); each one changed is an event of its own. */
    async setSettings(change: Partial<Settings>, accountId: number): Promise<Settings> {
      const before = await settings.get();
      const next = { ...before, ...change };
      await settings.set(next);
      for (const key of Object.keys(next) as (keyof Settings)[])
        if (before[key] !== next[key])
          await audit.record({
            accountId,
            action: 'settings.changed',
            subject: { type: 'settings', id: key },
            details: { before, after: next },
          });
      return next;
    },
  };
}
