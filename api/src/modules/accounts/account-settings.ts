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

    async setSettings(next: Settings, accountId: number): Promise<Settings> {
      const before = await settings.get();
      await settings.set(next);
      if (before.require_two_factor !== next.require_two_factor)
        await audit.record({
          accountId,
          action: 'settings.changed',
          subject: { type: 'settings', id: 'require_two_factor' },
          details: { before, after: next },
        });
      return next;
    },
  };
}
