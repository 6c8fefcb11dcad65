import type { Settings } from 'contracts';
import { apiErrorMessage, getConfig, notify, useT } from 'shared-ui';
import { appCatalogs } from '../../../app/catalogs';
import { useSaveSettings } from '../api/save-settings';
import { useSettings } from '../api/get-settings';
import { adminCatalogs } from '../catalogs';

/** Rules for every account: whether each must sign in with two factors; whether a second person releases. */
export function SettingsCard() {
  const t = useT(adminCatalogs);
  const appT = useT(appCatalogs);
  const settings = useSettings();
  const save = useSaveSettings();
  // The API takes every setting at once: one changed, the others as loaded.
  const change = (changed: Partial<Settings>) =>
    save.mutate(
      { ...settings.data!, ...changed },
      {
        onSuccess: () => notify.success(t('accounts.settingsSaved')),
        onError: (error) => notify.error(apiErrorMessage(error) ?? appT('failed')),
      },
    );
  return (
    <section className="sh-card" aria-labelledby="settings-heading">
      <h2 id="settings-heading">{t('accounts.settingsHeading')}</h2>
      {settings.data && (
        <div className="sh-stack">
          <label className="sh-check">
            <input
              type="checkbox"
              checked={settings.data.require_two_factor}
              disabled={save.isPending}
              aria-describedby="require-two-factor-hint"
              onChange={(event) => change({ require_two_factor: event.target.checked })}
            />
            {t('accounts.requireTwoFactor')}
          </label>
          <p id="require-two-factor-hint" className="sh-note">
            {t('accounts.requireHint')}
          </p>
          <label className="sh-check">
            <input
              type="checkbox"
              checked={settings.data.release_by_second_person}
              disabled={save.isPending}
              aria-describedby="release-by-second-person-hint"
              onChange={(event) => change({ release_by_second_person: event.target.checked })}
            />
            {t('accounts.releaseBySecondPerson')}
          </label>
          <p id="release-by-second-person-hint" className="sh-note">
            {t('accounts.releaseHint')}
          </p>
          {getConfig().companySignIn && (
            <>
              <label className="sh-check">
                <input
                  type="checkbox"
                  checked={settings.data.directory_only}
                  disabled={save.isPending}
                  aria-describedby="directory-only-hint"
                  onChange={(event) => change({ directory_only: event.target.checked })}
                />
                {t('accounts.directoryOnly')}
              </label>
              <p id="directory-only-hint" className="sh-note">
                {t('accounts.directoryOnlyHint')}
              </p>
            </>
          )}
        </div>
      )}
    </section>
  );
}
