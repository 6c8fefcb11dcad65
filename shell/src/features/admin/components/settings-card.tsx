import { apiErrorMessage, notify } from 'shared-ui';
import { useSaveSettings } from '../api/save-settings';
import { useSettings } from '../api/get-settings';
import { adminMessages } from '../messages';

const text = adminMessages.accounts;

/** Rules for every account: whether each must sign in with two factors. */
export function SettingsCard() {
  const settings = useSettings();
  const save = useSaveSettings();
  const change = (require_two_factor: boolean) =>
    save.mutate(
      { require_two_factor },
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
              onChange={(event) => change(event.target.checked)}
            />
            {text.requireTwoFactor}
          </label>
          <p id="require-two-factor-hint" className="sh-note">
            {text.requireHint}
          </p>
        </div>
      )}
    </section>
  );
}
