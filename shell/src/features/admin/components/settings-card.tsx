import type { Settings } from 'contracts';
import { apiErrorMessage, notify } from 'shared-ui';
import { useSaveSettings } from '../api/save-settings';
import { useSettings } from '../api/get-settings';
import { adminMessages } from '../messages';

const text = adminMessages.accounts;

/** Rules for every account: whether each must sign in with two factors; whether a second person releases. */
export function SettingsCard() {
  const settings = useSettings();
  const save = useSaveSettings();
  // The API takes every setting at once: one changed, the others as loaded.
  const change = (changed: Partial<Settings>) =>
    save.mutate(
      { ...settings.data!, ...changed },
      {
        onSuccess: () => notify.success(text.settingsSaved),
        onError: (error) => notify.error(apiErrorMessage(error) ?? adminMessages.failed),
      },
    );
  return (
    <section className="sh-card" aria-labelledby="settings-heading">
      <h2 id="settings-heading">{text.settingsHeading}</h2>
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
            {text.requireTwoFactor}
          </label>
          <p id="require-two-factor-hint" className="sh-note">
            {text.requireHint}
          </p>
          <label className="sh-check">
            <input
              type="checkbox"
              checked={settings.data.release_by_second_person}
              disabled={save.isPending}
              aria-describedby="release-by-second-person-hint"
              onChange={(event) => change({ release_by_second_person: event.target.checked })}
            />
            {text.releaseBySecondPerson}
          </label>
          <p id="release-by-second-person-hint" className="sh-note">
            {text.releaseHint}
          </p>
        </div>
      )}
    </section>
  );
}
